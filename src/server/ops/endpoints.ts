// GET /healthz and GET /metrics: what a load balancer and a monitoring system ask (docs/deploy.md).
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { APP_VERSION } from "../../model/version";
import type { Services } from "../http/context";

/** A check that has not answered within this time counts as failed. */
export const HEALTH_TIMEOUT_MS = 3000;

interface Check {
  ok: boolean;
  ms: number;
  error?: string;
}

async function timed(what: () => Promise<unknown>): Promise<Check> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      what(),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error("timed out")), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch (e) {
    return {
      ok: false,
      ms: Math.round(performance.now() - start),
      error: (e as Error)?.message ?? String(e),
    };
  } finally {
    clearTimeout(timer);
  }
}

function send(res: ServerResponse, status: number, type: string, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

/** 200 when the database and the file store answer, else 503; JSON with each part's result. The
 * reason of a failure goes to the log, not to the (unauthenticated) answer. */
export async function serveHealth(s: Services, res: ServerResponse, requestId: string): Promise<void> {
  const [database, files] = await Promise.all([
    timed(() => s.db.query("SELECT 1")),
    timed(() => s.files.check()),
  ]);
  const ok = database.ok && files.ok;
  for (const [part, c] of Object.entries({ database, files }))
    if (!c.ok) s.config.log(`[inkless] ${requestId} healthz: ${part} failed: ${c.error}`);
  const strip = (c: Check) => ({ ok: c.ok, ms: c.ms });
  send(
    res,
    ok ? 200 : 503,
    "application/json; charset=utf-8",
    JSON.stringify({
      status: ok ? "ok" : "fail",
      version: APP_VERSION,
      database: strip(database),
      files: strip(files),
    }),
  );
}

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: with INKLESS_METRICS_TOKEN set, whoever sends `Authorization: Bearer
 * <token>`; without one, only a client on this computer that came through no proxy (a proxy on the
 * same host connects from loopback too, but adds X-Forwarded-For: its requests are refused).
 */
export function metricsAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const m = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""));
    const given = Buffer.from(m?.[1] ?? "");
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  return (
    LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? "") &&
    req.headers["x-forwarded-for"] === undefined &&
    req.headers.forwarded === undefined
  );
}

export function serveMetrics(s: Services, req: IncomingMessage, res: ServerResponse): void {
  if (!metricsAllowed(req, s.config.metricsToken)) {
    if (s.config.metricsToken) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    send(res, s.config.metricsToken ? 401 : 403, "text/plain; charset=utf-8", "metrics are not public\n");
    return;
  }
  send(res, 200, "text/plain; version=0.0.4; charset=utf-8", s.metrics.render());
}

// createServer(config): one Node http server for the app (/label/), the API (/interface, /hanma,
// /net: same handlers), the user's files (/files/<key>) and the print assistant's downloads
// (/downloads/<file>).

import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { STATELY_META } from "../editor/inspector/allowed";
import { FALLBACK_LANGUAGE } from "../i18n/language";
import { pickLanguage } from "../i18n/messages";
import { sharedRasterPool } from "../print/rasterPool";
import { OidcClients } from "./auth/oidc";
import { lookupSession, renewSession, SESSION_CHANNEL, SessionCache } from "./auth/sessions";
import { type ServerConfig, withDefaults } from "./config";
import { type Db, openDb } from "./db";
import { schedulePurge } from "./db/purge";
import { DOWNLOADS_PATH, serveDownload } from "./downloads";
import { openFileStore } from "./files/open";
import type { FileStore } from "./files/store";
import { AnonBodies } from "./http/anonBody";
import { hasBody, parseFields, readBody, tooLarge } from "./http/body";
import type { Ctx, Route, Services } from "./http/context";
import { clearSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "./http/cookies";
import { checkBodyType, checkSameSite } from "./http/csrf";
import {
  ApiError,
  answeredCodes,
  apiErrorEnvelope,
  Code,
  type Envelope,
  errorEnvelope,
  okEnvelope,
  RawJson,
} from "./http/envelope";
import { trustedHost } from "./http/host";
import { writePieces } from "./http/pieces";
import { notFound, serveClient } from "./http/static";
import { ImportPool } from "./import/pool";
import { OutboxSender, RoutingSender, type Sender } from "./mail/sender";
import { SmtpSender } from "./mail/smtp";
import { serveHealth, serveMetrics } from "./ops/endpoints";
import { Metrics } from "./ops/metrics";
import { type RequestTrace, traceRequest } from "./ops/requestLog";
import { serveCheckout } from "./payments/checkoutPage";
import { STRIPE } from "./payments/stripeProvider";
import { PictureThread } from "./picture/thread";
import { matchRoute } from "./routes";
import { serveUserFile } from "./routes/files";
import { IndustryLibrary } from "./seed/industryLibrary";
import { renderSamplePreviews } from "./seed/previews";
import { seedInstance } from "./seed/seed";
import { LabelDrawer } from "./services/apiDraw";
import { wakerOf } from "./services/deviceJobs";
import { withOperatorMembers } from "./services/membership";
import { seedPlans } from "./services/plans";
import { purgePrintRecords } from "./services/printRecords";
import { purgeDeleted } from "./services/recovery";
import { dropUnusedFiles } from "./services/storedFiles";
import { WebhookSender } from "./webhooks/sender";

/** The meta tag that lets the app's ?inspect=stately run (src/editor/inspector/allowed.ts), when enabled. */
export const statelyMeta = (config: ServerConfig) =>
  config.statelyInspector ? `<meta name="${STATELY_META}" content="1">` : "";

/** The sandbox payment provider's checkout pages (payments/checkoutPage.ts). */
const CHECKOUT_PREFIX = "/label/pay/";

export const API_PREFIXES = ["/interface", "/hanma", "/net"] as const;

/** SQLSTATE class 22 (data exception) from PGlite or PostgreSQL. */
const isDataException = (e: unknown) =>
  typeof (e as { code?: unknown })?.code === "string" && (e as { code: string }).code.startsWith("22");

export interface InklessServer {
  server: http.Server;
  services: Services;
  /** Resolves when the sample previews are drawn (or given up). */
  previewsReady: Promise<void>;
  /** Resolves when the industry template library is published (or given up). */
  libraryReady: Promise<void>;
  /** Listens on config.port/host; resolves with the base URL (http://host:port). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const fwd = trustProxy
    ? String(req.headers["x-forwarded-for"] ?? "")
        .split(",")[0]
        .trim()
    : "";
  return fwd || req.socket.remoteAddress || "unknown";
}

/** Host names a browser on this computer uses for the server; any other `Host` header is ignored. */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/**
 * This server's origin as the browser sees it (file URLs, the CSRF check, Secure cookies): the
 * configured public URL; without one, the Host header only when it names this computer (localhost,
 * 127.0.0.1, [::1]) or the bound address, with the port we listen on; else the bound address.
 * A forged Host never ends up in a URL (docs/security.md).
 */
function originOf(req: IncomingMessage, cfg: ServerConfig): string {
  if (cfg.publicUrl) return cfg.publicUrl;
  const proto = cfg.trustProxy && req.headers["x-forwarded-proto"] === "https" ? "https" : "http";
  const port = req.socket.localPort ?? cfg.port;
  const bound = `${cfg.host.includes(":") ? `[${cfg.host}]` : cfg.host}:${port}`;
  const m = /^([A-Za-z0-9.-]{1,253}|\[[0-9a-fA-F:.]{2,45}\]):(\d{1,5})$/.exec(String(req.headers.host ?? ""));
  const ok = m && Number(m[2]) === port && (LOOPBACK.test(m[1]) || m[1] === cfg.host);
  return `${proto}://${ok ? `${m[1]}:${m[2]}` : bound}`;
}

/** Stands for a RawJson `data` in the envelope's text, replaced by its bytes when sent. */
const RAW_MARK = "\u0000inkless-raw-json\u0000";

function sendJson(res: ServerResponse, status: number, body: Envelope, cookies: string[]): void {
  const raw = body.data instanceof RawJson ? body.data.pieces : null;
  const text = JSON.stringify(raw ? { ...body, data: RAW_MARK } : body);
  // the envelope around a RawJson: written before and after its pieces, which are never copied
  const [head, tail] = raw ? text.split(JSON.stringify(RAW_MARK)) : [text, ""];
  res.statusCode = status;
  answeredCodes.set(res, body.code);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  const rawLength = raw?.reduce((n, p) => n + p.length, 0) ?? 0;
  res.setHeader("Content-Length", Buffer.byteLength(head) + rawLength + Buffer.byteLength(tail));
  if (raw) writePieces(res, head, raw, tail);
  else res.end(head);
}

async function handleApi(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
  trace: RequestTrace,
): Promise<void> {
  const lang = pickLanguage(String(req.headers.language ?? ""), String(req.headers["accept-language"] ?? ""));
  const cookies: string[] = [];
  const match = matchRoute(path);
  let bodyRead = false;
  try {
    if (!match) throw new ApiError(Code.notFound, "server.error.notFound", {}, null, 404);
    trace.route = match.pattern;
    const route: Route = match.route;
    if (req.method !== "POST" && !(req.method === "GET" && route.get)) {
      res.setHeader("Allow", route.get ? "GET, POST" : "POST");
      throw new ApiError(Code.failed, "server.error.method", {}, null, 405);
    }
    const origin = originOf(req, s.config);
    if (req.method === "POST") {
      checkSameSite(req, origin);
      checkBodyType(req, route.body === "upload");
    }
    const upload = route.body === "upload";
    const limit = upload ? s.config.maxUploadBytes : s.config.maxJsonBytes;
    // the declared length and the session are checked before a byte of the body is read
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
    const token = readCookie(req.headers.cookie, SESSION_COOKIE) ?? "";
    const found = token ? await lookupSession(s.db, s.sessions, token) : null;
    const session = found && withOperatorMembers(found, s.config.memberAccounts, !s.config.membership);
    trace.user = session?.id;
    if (route.auth && !session) throw new ApiError(Code.notLoggedIn, "server.error.notLoggedIn");
    // upload routes check their token, then read (stream) the body themselves; a signed-out body
    // is capped small before it is read (http/anonBody.ts)
    let raw: Buffer = Buffer.alloc(0);
    if (!upload) {
      const admitted = s.anonBodies.admit(req, session !== null, limit, route.anonBodyBytes);
      try {
        raw = await readBody(req, admitted.limit);
      } finally {
        admitted.release();
      }
    }
    bodyRead = !upload;
    const ctx: Ctx = {
      ...s,
      req,
      res,
      lang,
      ip: clientIp(req, s.config.trustProxy),
      origin,
      path,
      raw,
      fields: parseFields(raw, url.searchParams),
      session,
      setCookie: (c) => cookies.push(c),
    };
    ctx.fields.$param = match.param;
    const result = await route.handle(ctx);
    // a download the route wrote itself (export my data)
    if (result.streamed) return;
    // Every successful response renews the session to 24 h from now (spec §4, §9).
    if (ctx.session && token) {
      await renewSession(s.db, ctx.session);
      cookies.push(sessionCookie(token, ctx.origin.startsWith("https:")));
    }
    sendJson(res, 200, okEnvelope(result.data, lang, result.extra), cookies);
  } catch (e) {
    // a streamed answer that failed half-way: the client sees a broken download, not a JSON tail
    if (res.headersSent) {
      s.config.log(
        `[inkless] ${trace.id} ${req.method} ${path} failed while streaming: ${(e as Error)?.message ?? e}`,
      );
      res.destroy();
      return;
    }
    // refused before its body was read: do not read it afterwards either
    if (!bodyRead && hasBody(req)) res.setHeader("Connection", "close");
    if (e instanceof ApiError) {
      if (e.httpStatus === 413) res.setHeader("Connection", "close");
      // The cookie is HttpOnly, so the client cannot drop a dead token itself: do it here.
      if (e.code === Code.notLoggedIn && req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
        cookies.push(clearSessionCookie(originOf(req, s.config).startsWith("https:")));
      }
      sendJson(res, e.httpStatus, apiErrorEnvelope(e, lang), cookies);
      return;
    }
    if (isDataException(e)) {
      // a value the database cannot take (out of range, bad text): the input's fault, not ours
      sendJson(
        res,
        200,
        apiErrorEnvelope(new ApiError(Code.failed, "server.validation.badValue"), lang),
        cookies,
      );
      return;
    }
    s.config.log(`[inkless] ${trace.id} ${req.method} ${path} failed: ${(e as Error)?.stack ?? e}`);
    sendJson(
      res,
      200,
      errorEnvelope(Code.serverError, apiErrorEnvelope(new ApiError(500, "server.error.internal"), lang).msg),
      cookies,
    );
  }
}

export async function createServer(partial: Partial<ServerConfig> = {}): Promise<InklessServer> {
  const config = withDefaults(partial);
  // the file store first: a bad INKLESS_S3_* setting stops the start before the database is touched
  const files: FileStore = await openFileStore(config, { cleanUp: true });
  const db: Db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const outbox = new OutboxSender(join(config.dataDir, "outbox"), config.log);
  const sender: Sender = config.smtp
    ? new RoutingSender(new SmtpSender(config.smtp.url, config.smtp.from), outbox)
    : outbox;
  const imports = new ImportPool({
    workers: config.importWorkers,
    queue: config.importQueue,
    timeoutMs: config.importTimeoutMs,
    memoryMb: config.importMemoryMb,
  });
  const pictures = new PictureThread();
  // other API processes on the database drop what this one drops, and the other way round
  const sessions = new SessionCache(config.sessionCacheMs, undefined, undefined, (m) => {
    void db.notify(SESSION_CHANNEL, m).catch(() => undefined);
  });
  const unlistenSessions = await db.listen(SESSION_CHANNEL, (m) => sessions.heard(m));
  // device long polls wake up whichever process queues their job
  await wakerOf(db).ready;
  const services: Services = {
    config,
    db,
    files,
    sender,
    sessions,
    imports,
    pictures,
    oidc: new OidcClients(config.oidcProviders),
    metrics: new Metrics(),
    anonBodies: new AnonBodies(),
    labelDrawer: new LabelDrawer(db, files, sharedRasterPool, config.log),
    industry: new IndustryLibrary(files, config.log, config.industryLibrary),
  };
  services.metrics.drawing = () => services.labelDrawer.size;
  for (const e of config.oidcErrors) config.log(`[inkless] OpenID Connect ${e}: left out`);
  if (config.payments === STRIPE && !config.stripe)
    config.log(
      "[inkless] INKLESS_PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: payments are off",
    );
  await seedInstance(services);
  await seedPlans(db);
  const purge = schedulePurge(
    db,
    config.purgeEveryMs,
    config.log,
    async () => {
      await purgeDeleted(db, files);
      const gone = await purgePrintRecords(db, config.memberAccounts, new Date(), !config.membership);
      for (const g of gone.images) await dropUnusedFiles(db, files, g.userId, [g.image]);
    },
    (outcome) => services.metrics.jobRun("purge", outcome),
  );
  const webhooks = new WebhookSender(
    db,
    {
      testHosts: config.webhookTestHosts,
      retryMs: config.webhookRetryMs,
      ownOrigins: config.publicUrl ? [config.publicUrl] : [],
      resolve: config.webhookResolve,
    },
    config.log,
  );
  // Drawn in the background so start-up does not wait for fonts; users registering before it is
  // done get samples without previews.
  const previews = config.samplePreviews ? renderSamplePreviews(files, config.log) : Promise.resolve();
  // The industry library in the default language after them (one drawing at a time on a small
  // machine); the other languages' sets when a user first asks in one of them.
  const library = previews.then(() => services.industry.publish(FALLBACK_LANGUAGE));

  const headExtra = statelyMeta(config);
  const server = http.createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(10_000, Math.ceil(config.requestTimeoutMs / 6)),
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    (req, res) => {
      const trace = traceRequest(services, req, res);
      void (async () => {
        let url: URL;
        try {
          url = new URL(req.url ?? "/", "http://localhost");
        } catch {
          return notFound(res);
        }
        const p = url.pathname;
        if (p === "/" || p === "/label") {
          trace.route = p;
          res.statusCode = 302;
          res.setHeader("Location", "/label/");
          return res.end();
        }
        if ((p === "/healthz" && (req.method === "GET" || req.method === "HEAD")) || p === "/metrics") {
          trace.route = p;
          // a rebinding page's Host is its own name: these answer only known hosts (http/host.ts)
          if (!trustedHost(req, config.publicUrl)) {
            res.statusCode = 421;
            res.setHeader("Content-Type", "text/plain; charset=utf-8");
            return res.end("Misdirected request: unknown Host\n");
          }
          if (p === "/healthz") return serveHealth(services, res, trace.id);
          if (req.method === "GET") return serveMetrics(services, req, res);
          return notFound(res);
        }
        if (p.startsWith(CHECKOUT_PREFIX)) {
          trace.route = `${CHECKOUT_PREFIX}*`;
          return serveCheckout(services, req, res, p.slice(CHECKOUT_PREFIX.length), originOf(req, config));
        }
        if (p.startsWith("/label/")) {
          trace.route = "/label/*";
          return serveClient(req, res, config.clientDir, p.slice("/label/".length), headExtra);
        }
        if (p.startsWith(DOWNLOADS_PATH)) {
          trace.route = `${DOWNLOADS_PATH}*`;
          return serveDownload(req, res, config.downloadsDir, p.slice(DOWNLOADS_PATH.length));
        }
        if (p.startsWith("/files/")) {
          trace.route = "/files/*";
          return serveUserFile(services, req, res, p.slice("/files/".length));
        }
        const prefix = API_PREFIXES.find((x) => p.startsWith(`${x}/`));
        if (prefix) return handleApi(services, req, res, url, p.slice(prefix.length), trace);
        notFound(res);
      })().catch((e) => {
        config.log(`[inkless] ${trace.id} request failed: ${(e as Error)?.stack ?? e}`);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    },
  );
  server.keepAliveTimeout = 65_000;

  return {
    server,
    services,
    previewsReady: previews,
    libraryReady: library,
    listen: () =>
      new Promise((ok, fail) => {
        server.once("error", fail);
        server.listen(config.port, config.host, () => {
          const a = server.address() as AddressInfo;
          const host = a.family === "IPv6" ? `[${a.address}]` : a.address;
          ok(`http://${host}:${a.port}`);
        });
      }),
    async close() {
      await purge.stop();
      await webhooks.stop();
      unlistenSessions();
      await imports.close();
      await pictures.close();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      // print API jobs being drawn finish (queued or failed) before the database closes
      await services.labelDrawer.close();
      // Previews still being drawn are abandoned: files are written atomically, the next start redraws.
      await db.close();
    },
  };
}

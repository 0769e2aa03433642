// The print API under load (issue 39): 1,000 `POST /api/v1/print` requests from 20 clients at once,
// against the built server (dist/node/server.js, as `npm start` runs it) on loopback; PGlite always,
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
//
// The target is a cloud device of the user: the only target the API has, and the fastest honest one
// (the request is answered once the job is stored; its label is drawn in the server's raster
// workers and the job queued; the device prints it later). Each request prints one record (its barcode bound to the column "sku") with its own
// Idempotency-Key, as an order system would send it. A token may make 120 calls a minute, so the 20
// clients share 10 tokens (100 calls each; 10 is also how many a user may create in a minute).
//
// Printed: accepted requests a second and the p99 latency, and when every label was drawn (the
// server's inkless_api_jobs_drawing gauge back at 0); then every job is accounted for: the accepted
// count must equal the print jobs in the database (read after the server stopped), each drawn and
// queued, else the bench fails.
import { Agent, request } from "node:http";
import { cpus, loadavg } from "node:os";
import { serializeLabelFile } from "../../src/model/file";
import { openDb } from "../../src/server/db";
import { skuLabel } from "../../tests/print/support/label";
import { login, startServer, stopServer } from "./server";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const TOKENS = 10;

// biome-ignore lint/suspicious/noExplicitAny: the answers of several calls, read field by field
type Post = (path: string, body: unknown) => Promise<{ code: number; data: any; msg?: string }>;

/** A user's session calls (the personal centre's), by cookie. */
function sessionCalls(base: string, cookie: string): Post {
  return async (path, body) => {
    const r = await fetch(`${base}/interface${path}`, {
      method: "POST",
      headers: { cookie, ...(body instanceof FormData ? {} : { "content-type": "application/json" }) },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    return r.json();
  };
}

/** The user, a cloud template bound to "sku", a bound cloud device and TOKENS print tokens. */
async function setUp(base: string) {
  const cookie = await login(base, "printbench");
  const post = sessionCalls(base, cookie);
  const must = async (path: string, body: unknown) => {
    const r = await post(path, body);
    if (r.code !== 200) throw new Error(`${path}: ${JSON.stringify(r)}`);
    return r.data;
  };
  const user = await must("/api/user/getUserInfo", {});
  const form = new FormData();
  form.set("token", await must("/api/tem.app_shared/getToken", { bucket: "hm-inkless" }));
  form.set("key", `${user.userid}/tprt/bench/sku.tprt`);
  form.set("file", new Blob([new Uint8Array(serializeLabelFile(skuLabel(), "tprt"))]), "sku.tprt");
  const up = await must("/upload", form);
  const template = await must("/api/tem.app_public/addUserTemplate", {
    name: "SKU",
    parent_id: "",
    width: 60,
    height: 30,
    url: up.url,
  });
  const device = await must("/api/device/bind", { name: "Bench shelf" });
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i++)
    tokens.push((await must("/api/token/create", { name: `Bench ${i}`, scopes: ["print"], days: 7 })).token);
  return {
    userId: user.userid as string,
    templateId: template.id as string,
    sn: device.sn as string,
    tokens,
  };
}

/** One print request over a kept-alive socket: its HTTP status, envelope code and time in ms. */
function printOnce(
  base: URL,
  agent: Agent,
  token: string,
  key: string,
  body: string,
): Promise<{ status: number; code: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((ok, fail) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: "POST",
        path: "/interface/api/v1/print",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "idempotency-key": key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const ms = performance.now() - t0;
          let code = 0;
          try {
            code = JSON.parse(Buffer.concat(chunks).toString("utf8")).code;
          } catch {}
          ok({ status: res.statusCode ?? 0, code, ms });
        });
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** Waits until the server draws no print API job (its /metrics gauge, read on loopback); false
 * when the gauge cannot be read. */
async function untilDrawn(base: string): Promise<boolean> {
  for (;;) {
    const text = await fetch(`${base}/metrics`).then((r) => (r.ok ? r.text() : ""));
    const m = /^inkless_api_jobs_drawing (\d+)$/m.exec(text);
    if (!m) return false;
    if (m[1] === "0") return true;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

async function run(name: string, databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl, {}, { built: true });
  let accepted = 0;
  let inDb = -1;
  let queued = -1;
  let userId = "";
  try {
    const setup = await setUp(server.base);
    userId = setup.userId;
    const base = new URL(server.base);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const run = Date.now().toString(36);
    const latencies: number[] = [];
    const refused = new Map<string, number>();
    let next = 0;
    const t0 = performance.now();
    // CLIENTS loops, each sending its next request as soon as its last one is answered
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = next++; i < REQUESTS; i = next++) {
          const body = JSON.stringify({
            template_id: setup.templateId,
            target: setup.sn,
            records: [{ sku: `BENCH-${String(i).padStart(5, "0")}` }],
          });
          const r = await printOnce(base, agent, setup.tokens[c % TOKENS], `order-${run}-${i}`, body);
          latencies.push(r.ms);
          if (r.status === 200 && r.code === 200) accepted++;
          else refused.set(`${r.status}/${r.code}`, (refused.get(`${r.status}/${r.code}`) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // the labels are drawn after the answers (the raster workers): until none is left drawing
    const drawn = await untilDrawn(server.base);
    const drawnSeconds = (performance.now() - t0) / 1000;
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    console.log(
      `${name}: ${REQUESTS} requests from ${CLIENTS} clients in ${seconds.toFixed(1)} s: ` +
        `${(accepted / seconds).toFixed(0)} accepted/s, p50 ${p(0.5).toFixed(0)} ms, ` +
        `p99 ${p(0.99).toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms` +
        (refused.size ? `; refused (HTTP/code): ${JSON.stringify(Object.fromEntries(refused))}` : ""),
    );
    console.log(
      `${name}: every label drawn ${drawnSeconds.toFixed(1)} s after the first request: ` +
        `${(accepted / drawnSeconds).toFixed(0)} jobs drawn/s` +
        (drawn ? "" : " (the server's gauge was unreadable: not measured)"),
    );
  } finally {
    // counted from the database itself once the server has stopped (PGlite has one process)
    await stopServer(server, true);
    if (userId) {
      const db = await openDb({ databaseUrl, dataDir: server.dir });
      try {
        const [row] = await db.query<{ n: number; queued: number }>(
          `SELECT count(*)::int AS n, (count(*) FILTER (WHERE status = 'queued'))::int AS queued
             FROM print_jobs WHERE user_id = $1`,
          [userId],
        );
        inDb = row.n;
        queued = row.queued;
      } finally {
        await db.close();
      }
    }
    await stopServer(server);
  }
  console.log(
    `${name}: accepted ${accepted}, print jobs in the database ${inDb}, drawn and queued ${queued}`,
  );
  if (accepted !== inDb) throw new Error(`${name}: ${accepted} accepted but ${inDb} jobs in the database`);
  if (queued !== inDb) throw new Error(`${name}: ${inDb - queued} of ${inDb} jobs not drawn and queued`);
  if (accepted !== REQUESTS) throw new Error(`${name}: only ${accepted} of ${REQUESTS} requests accepted`);
}

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} on ${cpus().length} cores (figures are noisy when the machine is busy)`,
);
await run("PGlite", undefined);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (pgUrl) await run("PostgreSQL", pgUrl);
else
  console.log(
    "PostgreSQL: skipped (set TEST_DATABASE_URL, e.g. `export TEST_DATABASE_URL=$(node scripts/test-postgres.mjs)`)",
  );
console.log(
  `load average after ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);

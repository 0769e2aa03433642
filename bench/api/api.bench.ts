// API load: an authenticated getUserClassList (template folders) from this process against the
// server running in a child process on loopback, with autocannon. PGlite always; PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (`export TEST_DATABASE_URL=$(node scripts/test-postgres.mjs)`).
// Target (issue 3): ≥ 1,500 req/s with p99 ≤ 50 ms on PostgreSQL on a 2-core machine.
// Then the same load while HOSTILE_USERS other users import the hostile workbook of issue 14
// (a million-plus shared strings) over and over: the honest user's p99 is printed next to it
// (target: under 100 ms). Then while LARGE_USERS users import a valid but large workbook (issue 33:
// 104,000 rows × 20 columns, 2.08 million cells) over and over (target: p99 ≤ 100 ms).
import { availableParallelism, loadavg } from "node:os";
import autocannon, { type Result } from "autocannon";
import { DEFAULT_LIMITS } from "../../src/spreadsheet";
import { hostileXlsx } from "../../tests/spreadsheet/support/hostileXlsx";
import { largeXlsx } from "../../tests/spreadsheet/support/largeXlsx";
import {
  cpuSeconds,
  FOLDERS_PATH,
  login,
  mainThreadSeconds,
  postgresCpuSeconds,
  startServer,
  stopServer,
} from "./server";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PATH = FOLDERS_PATH;
const HOSTILE_USERS = Number(process.env.BENCH_HOSTILE_USERS ?? 4);
const LARGE_USERS = Number(process.env.BENCH_LARGE_USERS ?? 3);
/** BENCH_ENGINE=pglite or postgres: that engine only (both by default) */
const ENGINE = process.env.BENCH_ENGINE ?? "";
/** made once: zipping 2 million cells takes a while */
let large: Uint8Array | null = null;

/** A user who imports `bomb` again and again until `stop()`; resolves with the count. */
async function hostileImporter(base: string, tag: string, bomb: Uint8Array) {
  const cookie = await login(base, tag);
  const post = (path: string, body: BodyInit, type?: string) =>
    fetch(`${base}/interface${path}`, {
      method: "POST",
      headers: { cookie, ...(type ? { "content-type": type } : {}) },
      body,
    }).then((r) => r.json());
  const user = (await post("/api/user/getUserInfo", "{}", "application/json")).data.userid;
  const token = (await post("/api/tem.app_shared/getToken", '{"bucket":"hm-inkless"}', "application/json"))
    .data;
  const key = `${user}/sheets/bomb.xlsx`;
  const form = new FormData();
  form.set("token", token);
  form.set("key", key);
  form.set("file", new Blob([new Uint8Array(bomb)]), "bomb.xlsx");
  await post("/upload", form);
  let stopped = false;
  let count = 0;
  const loop = (async () => {
    while (!stopped) {
      // read, not parsed: a large answer parsed here would slow autocannon, which runs in this process
      try {
        const r = await fetch(`${base}/interface/api/tem.new_class/import`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ FileUrl: `/files/${key}` }),
        });
        await r.arrayBuffer();
        count++;
      } catch (e) {
        // on a saturated machine an import at low priority can outlast fetch's 300 s wait for headers
        console.log(
          `${tag}: import failed (${(e as Error).cause ?? (e as Error).message}); counted as not done`,
        );
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return count;
    },
  };
}

/**
 * Runs `load` and answers it with the CPU it cost, which a busy shared machine does not blur as it
 * does wall-clock figures: the server's main (request) thread's ms per request, the whole server
 * process (import workers included) and PostgreSQL's processes, in % of one core.
 */
async function withCpu(pid: number, load: () => Promise<Result>) {
  const t0 = performance.now();
  const before = [mainThreadSeconds(pid), cpuSeconds([pid]), postgresCpuSeconds()];
  const r = await load();
  const s = (performance.now() - t0) / 1000;
  const [main, all, postgres] = [mainThreadSeconds(pid), cpuSeconds([pid]), postgresCpuSeconds()].map(
    (v, i) => v - before[i],
  );
  const pct = (v: number) => `${((100 * v) / s).toFixed(0)} %`;
  const cpu = `CPU: main thread ${((1000 * main) / Math.max(1, r.requests.total)).toFixed(2)} ms/request, server ${pct(all)}, PostgreSQL ${pct(postgres)}`;
  return { r, cpu };
}

async function run(name: string, databaseUrl: string | undefined) {
  // made before the server starts: a long pause between phases lets the server close idle
  // keep-alive sockets under fetch's feet
  large ??= largeXlsx(104_000, 20);
  const server = await startServer(databaseUrl);
  const { base } = server;
  try {
    const cookie = await login(base);
    const opts = {
      url: base + PATH,
      method: "POST" as const,
      headers: { cookie, "content-type": "application/json", language: "en", platform: "web" },
      body: "{}",
      connections: CONNECTIONS,
    };
    await autocannon({ ...opts, duration: 2 }); // warm-up
    const pid = server.child.pid ?? 0;
    const { r, cpu } = await withCpu(pid, () => autocannon({ ...opts, duration: DURATION_S }));
    const bad = r.non2xx + r.errors + r.timeouts;
    console.log(
      `${name.padEnd(10)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(
        r.latency.p99,
      ).padStart(
        3,
      )} ms   (${r.requests.total} requests, ${bad} failed, ${CONNECTIONS} connections, ${DURATION_S} s)`,
    );
    console.log(`${"".padEnd(10)} ${cpu}`);
    // the same load while other users import a hostile workbook over and over
    const bomb = hostileXlsx(DEFAULT_LIMITS.maxStrings + 1);
    const attackers = await Promise.all(
      Array.from({ length: HOSTILE_USERS }, (_, i) => hostileImporter(base, `hostile${i}`, bomb)),
    );
    const h = await autocannon({ ...opts, duration: DURATION_S });
    const imports = (await Promise.all(attackers.map((a) => a.stop()))).reduce((a, b) => a + b, 0);
    console.log(
      `${name.padEnd(10)} while ${HOSTILE_USERS} users import a ${(bomb.length / 1024).toFixed(0)} KB workbook of ${
        DEFAULT_LIMITS.maxStrings + 1
      } strings (${imports} imports): ${h.requests.average.toFixed(0)} req/s   p99 ${h.latency.p99} ms (target < 100 ms)`,
    );
    // the same load while other users import a valid, large workbook over and over
    const importers = await Promise.all(
      Array.from({ length: LARGE_USERS }, (_, i) => hostileImporter(base, `large${i}`, large as Uint8Array)),
    );
    // two figures while they import: the whole load again (compare with its unloaded line above,
    // whose p99 is already queueing at 32 connections), and one other user clicking alone, which is
    // the case ("another user's request waited up to 2.6 s") and its target
    const l = await withCpu(pid, () => autocannon({ ...opts, duration: DURATION_S }));
    const one = await withCpu(pid, () => autocannon({ ...opts, connections: 1, duration: DURATION_S }));
    const done = (await Promise.all(importers.map((a) => a.stop()))).reduce((a, b) => a + b, 0);
    const size = `${(large.length / 1048576).toFixed(1)} MB workbook of 2.08 M cells (${done} imports)`;
    console.log(
      `${name.padEnd(10)} while ${LARGE_USERS} users import a valid ${size}: ${CONNECTIONS} connections ${l.r.requests.average.toFixed(0)} req/s   p99 ${l.r.latency.p99} ms   max ${l.r.latency.max} ms`,
    );
    console.log(`${"".padEnd(10)} ${l.cpu}`);
    console.log(
      `${name.padEnd(10)} while they import, one other user: p50 ${one.r.latency.p50} ms   p99 ${one.r.latency.p99} ms   max ${one.r.latency.max} ms (target p99 ≤ 100 ms: ${one.r.latency.p99 <= 100 ? "met" : "NOT met"})`,
    );
    console.log(`${"".padEnd(10)} ${one.cpu}`);
    return r;
  } finally {
    console.log(`${"".padEnd(10)} ${machineLoad()}`);
    await stopServer(server);
  }
}

/** The machine's load average (1, 5, 15 min): figures taken on a busy machine say little (docs/server.md). */
const machineLoad = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${availableParallelism()} cores`;

console.log(`authenticated ${PATH}, autocannon from a second process on loopback; ${machineLoad()}`);
if (ENGINE !== "postgres") await run("PGlite", undefined);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (ENGINE === "pglite") {
  // PostgreSQL not asked for
} else if (pgUrl) {
  const r = await run("PostgreSQL", pgUrl);
  const met = r.requests.average >= 1500 && r.latency.p99 <= 50;
  console.log(`target on PostgreSQL (≥ 1500 req/s, p99 ≤ 50 ms): ${met ? "met" : "NOT met"}`);
} else {
  console.log(
    "PostgreSQL: skipped (set TEST_DATABASE_URL, e.g. `export TEST_DATABASE_URL=$(node scripts/test-postgres.mjs)`)",
  );
}

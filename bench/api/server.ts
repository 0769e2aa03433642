// The server the API benches load: `src/server/main.ts` in a child process on loopback (or, with
// `built`, the JavaScript `npm start` runs: dist/node/server.js, built first if out of date), with
// its own data folder, and a registered user with five folders.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const FOLDERS_PATH = "/interface/api/tem.app_public/getUserClassList";

export async function startServer(
  databaseUrl: string | undefined,
  extraEnv: Record<string, string> = {},
  opts: { built?: boolean } = {},
): Promise<{ child: ChildProcess; base: string; dir: string }> {
  if (opts.built) execFileSync(process.execPath, ["scripts/build-node.mjs"], { stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "inkless-bench-"));
  const env = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    INKLESS_DATA: dir,
    DATABASE_URL: databaseUrl ?? "",
    INKLESS_SAMPLE_PREVIEWS: "0",
    ...extraEnv,
  };
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile of its main thread there when stopped
  const prof = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const args = opts.built ? ["dist/node/server.js"] : ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, [...prof, ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 180_000); // a loaded machine
    child.stdout?.on("data", (d) => {
      out += d;
      const m = /Inkless listening on (http:\/\/[^/]+)\/label\//.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on("exit", (code) => fail(new Error(`server exited (${code}): ${out}`)));
  });
  child.stdout?.resume();
  return { child, base, dir };
}

export async function login(base: string, tag = "bench"): Promise<string> {
  const account = `${tag}${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const r = await fetch(`${base}/interface/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account,
      password: "bench-pass",
      password2: "bench-pass",
      nickname: "Bench",
      industry: "retail",
      agree: true,
    }),
  });
  const cookie = /token=[^;]+/.exec(r.headers.getSetCookie().join(";"))?.[0];
  if (!cookie) throw new Error(`register failed: ${await r.text()}`);
  // A few more folders so the list is not trivially short.
  for (let i = 2; i <= 5; i++) {
    await fetch(`${base}/interface/api/tem.app_public/addUserClass`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: `Folder ${i}` }),
    });
  }
  const check = await (await fetch(`${base}${FOLDERS_PATH}`, { method: "POST", headers: { cookie } })).json();
  if (check.code !== 200 || check.data.length !== 5)
    throw new Error(`unexpected answer: ${JSON.stringify(check)}`);
  return cookie;
}

/** Stops the server (all its processes) and removes its data folder (unless `keep`). */
export async function stopServer(s: { child: ChildProcess; dir: string }, keep = false): Promise<void> {
  if (s.child.exitCode === null) {
    s.child.kill("SIGTERM");
    await new Promise((ok) => s.child.once("exit", ok));
  }
  if (!keep) rmSync(s.dir, { recursive: true, force: true });
}

/** CPU seconds used so far by these processes, all their threads (user + system, from /proc). */
export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) ticks += ticksOf(`/proc/${pid}/stat`);
  return ticks / 100; // USER_HZ
}

/** CPU seconds used so far by the main (request) thread of process `pid` alone. */
export function mainThreadSeconds(pid: number): number {
  return ticksOf(`/proc/${pid}/task/${pid}/stat`) / 100;
}

/**
 * CPU seconds used so far by every running `postgres` process, plus what its reaped children used.
 * Backends come and go during a run: summing a fixed list of pids lost the time of those that
 * exited (PostgreSQL's share once came out negative); the postmaster's reaped-children time keeps it.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of pidsOf(["-x", "postgres"])) ticks += ticksOf(`/proc/${pid}/stat`, true);
  return ticks / 100;
}

/** user + system ticks from a /proc stat file; with `children`, also those of reaped children. */
function ticksOf(stat: string, children = false): number {
  try {
    const f = readFileSync(stat, "utf8").split(") ")[1].split(" ");
    return Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  } catch {
    return 0; // gone
  }
}

export const pidsOf = (args: string[]) =>
  (spawnSync("pgrep", args, { encoding: "utf8" }).stdout ?? "").split("\n").filter(Boolean).map(Number);

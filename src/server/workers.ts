// INKLESS_WORKERS=N (docs/deploy.md): N server processes on one port (node:cluster), for one big
// machine on PostgreSQL. The primary process only forks, watches and stops them; each worker is an
// ordinary server (src/server/main.ts) whose listen() shares the primary's socket.
import cluster, { type Worker } from "node:cluster";

/** Parses INKLESS_WORKERS: a whole number of processes from 1 to 64 (unset: 1). */
export function workersFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = (env.INKLESS_WORKERS ?? "").trim();
  if (raw === "") return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`INKLESS_WORKERS must be a whole number from 1 to 64, not "${raw}"`);
  return n;
}

/** Why N processes cannot run on this configuration, or null when they can. */
export function workersRefused(n: number, databaseUrl: string | undefined): string | null {
  if (n > 1 && !databaseUrl)
    return `INKLESS_WORKERS=${n} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) belongs to one process`;
  return null;
}

/**
 * The primary: forks `n` workers, prints the ready line once all of them listen, replaces a worker
 * that dies while serving (not one that dies before it ever listened: a bad configuration would loop),
 * and on SIGINT/SIGTERM asks each worker to stop (they finish their requests and close the database)
 * and exits when all have.
 */
export function runPrimary(n: number, log: (line: string) => void = console.log): void {
  let stopping = false;
  let ready = false;
  const listening = new Set<number>();
  const fork = () => {
    const w = cluster.fork();
    w.once("listening", (a) => {
      listening.add(w.id);
      log(`[inkless] process ${w.process.pid} listening`);
      if (!ready && listening.size === n) {
        ready = true;
        const host = a.address?.includes(":") ? `[${a.address}]` : (a.address ?? "127.0.0.1");
        log(`Inkless listening on http://${host}:${a.port}/label/ (${n} processes)`);
      }
    });
    return w;
  };
  const stopAll = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log(`[inkless] ${why}: shutting down ${Object.keys(cluster.workers ?? {}).length} processes`);
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!alive.length) process.exit(code);
    let left = alive.length;
    for (const w of alive) {
      w.once("exit", () => {
        if (--left === 0) process.exit(code);
      });
      w.process.kill("SIGTERM");
    }
  };
  cluster.on("exit", (w, code, signal) => {
    if (stopping) return;
    const served = listening.delete(w.id);
    log(`[inkless] process ${w.process.pid} ended (${signal ?? code})`);
    if (served) fork();
    else stopAll("a process could not start", 1);
  });
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => stopAll(sig, 0));
  for (let i = 0; i < n; i++) fork();
}

// Wine for the Windows print assistant's test (Debian's wine64, a test package): a fresh prefix of
// its own that reports Windows 10 (official Node 22 for Windows refuses older ones), programs run in
// it with their output in a file (Node under Wine cannot write to a pipe: "open EBADF"), and its
// wineserver stopped at the end.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** wine on PATH, or Debian's wine64 (the `wine` package with the launcher is only recommended). */
export function wineBinary(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    for (const name of ["wine", "wine64"]) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return existsSync("/usr/lib/wine/wine64") ? "/usr/lib/wine/wine64" : null;
}

export interface WinePrefix {
  readonly env: NodeJS.ProcessEnv;
  /** runs a program to its end; its output */
  run(
    args: readonly string[],
    opts?: { env?: NodeJS.ProcessEnv; timeoutMs?: number },
  ): { status: number | null; out: string };
  /** starts a program; `output()` reads what it has written so far */
  start(
    args: readonly string[],
    opts: { env?: NodeJS.ProcessEnv; cwd?: string; log: string },
  ): {
    child: ChildProcess;
    output: () => string;
  };
  close(): void;
}

export function winePrefix(dir: string): WinePrefix {
  const wine = wineBinary();
  if (!wine) throw new Error("Wine is not installed: apt-get install -y wine64");
  mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    WINEPREFIX: join(dir, "prefix"),
    WINEDEBUG: "-all",
    // no Mono or Gecko installer dialogs while the prefix is made
    WINEDLLOVERRIDES: "mscoree,mshtml=",
  };
  let n = 0;
  const run: WinePrefix["run"] = (args, opts = {}) => {
    const log = join(dir, `run-${++n}.log`);
    const fd = openSync(log, "w");
    const r = spawnSync(wine, args, {
      env: { ...env, ...opts.env },
      stdio: ["ignore", fd, fd],
      timeout: opts.timeoutMs ?? 180_000,
    });
    closeSync(fd);
    return { status: r.status, out: readFileSync(log, "utf8") };
  };
  const boot = run(["wineboot", "-i"]);
  if (boot.status !== 0) throw new Error(`wineboot failed: ${boot.out}`);
  const v = run(["winecfg", "-v", "win10"]);
  if (v.status !== 0) throw new Error(`winecfg -v win10 failed: ${v.out}`);
  return {
    env,
    run,
    start(args, opts) {
      const fd = openSync(opts.log, "w");
      const child = spawn(wine, args, {
        env: { ...env, ...opts.env },
        cwd: opts.cwd,
        stdio: ["ignore", fd, fd],
      });
      closeSync(fd);
      return { child, output: () => readFileSync(opts.log, "utf8") };
    },
    close() {
      // this prefix's wineserver only (and the programs it still runs)
      const server = join(dirname(wine), "wineserver");
      spawnSync(existsSync(server) ? server : "wineserver", ["-k"], { env, timeout: 30_000 });
    },
  };
}

// Starts the real server for one spec: its own free port and a fresh temporary data folder.
import { type ChildProcess, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildNode, NODE_DIR } from "../../scripts/build-node.mjs";
import { seedEmptyDatabase } from "./pgliteTemplate";
import { timed } from "./timing";

export interface RunningApp {
  /** e.g. http://127.0.0.1:41234 (the app itself is under /label/) */
  readonly baseUrl: string;
  readonly dataDir: string;
  /** the server's process id */
  readonly pid: number;
  /** everything the server printed so far (handy for reading verification codes from the log) */
  output(): string;
  /** Stops the server but keeps its data folder (to read it with another process, e.g. npm run admin). */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

// a cold start (PGlite creating its database; with tsx compiling the server it took over 90 s on a
// loaded machine, docs/testing.md) gets most of the spec hook's 180 s
const START_TIMEOUT_MS = 170_000;
export const CLIENT_DIR = "dist/client";
const HASH_COST = pathToFileURL(resolve("tests/server/support/testHashCost.mjs")).href;

/** The built app is complete when index.html exists and every asset it references does too. */
function clientComplete(dir: string): boolean {
  const index = join(dir, "index.html");
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, "utf8").matchAll(/\/label\/(assets\/[^"']+)/g)].map((m) => m[1]);
  return refs.length > 0 && refs.every((r) => existsSync(join(dir, r)));
}

/**
 * Mirrors `from` into `to` as hard links (source maps left out), a file copy where a link cannot be
 * made (another file system). A link keeps its file however dist/client changes: vite's rebuild
 * unlinks the old files (emptyOutDir) and writes new ones, it never writes into them. Linking the
 * 1,200 files of the build is instant; copying its 112 MB took seconds per spec on a loaded machine.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dest = join(to, entry.name);
    if (entry.isDirectory()) linkTree(src, dest);
    else if (!entry.name.endsWith(".map")) {
      try {
        linkSync(src, dest);
      } catch {
        copyFileSync(src, dest);
      }
    }
  }
}

/**
 * Snapshots the built app for one spec (hard links, linkTree), so a rebuild of dist/client by
 * someone else (vite empties it first) cannot pull the files away mid-test. Waits for a complete,
 * settled build.
 */
export async function snapshotClient(into: string, timeoutMs = 120_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (clientComplete(CLIENT_DIR) && Date.now() - statSync(join(CLIENT_DIR, "assets")).mtimeMs > 1000) {
      const dest = join(into, "client");
      rmSync(dest, { recursive: true, force: true });
      try {
        linkTree(CLIENT_DIR, dest);
        if (clientComplete(dest)) return dest;
      } catch {
        // a rebuild emptied dist/client mid-way: wait for the next complete build
      }
    }
    if (Date.now() > end)
      throw new Error(`no complete build in ${CLIENT_DIR}: run node scripts/build-if-needed.mjs`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/**
 * Runs the built server as `npm start` does (`node dist/node/server.js`, built first when its sources
 * changed: scripts/build-node.mjs; with the tests' password hash cost) on a free port with a fresh data folder (and its own copy
 * of the built app) and resolves once it prints "Inkless listening on".
 */
export async function startApp(
  env: Record<string, string> = {},
  /** client: false serves no app (API-only tests that need no build) */
  opts: { client?: boolean } = {},
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "inkless-e2e-"));
  let clientDir: string;
  try {
    clientDir =
      opts.client === false
        ? join(dataDir, "client")
        : await timed("server: link dist/client", () => snapshotClient(dataDir));
    // the embedded database (no PostgreSQL URL): start from the ready-made empty one, not from initdb
    if (!(env.DATABASE_URL ?? process.env.DATABASE_URL))
      await timed("server: copy the empty database", () => seedEmptyDatabase(dataDir));
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  await timed("server: build check", () => buildNode({ quiet: true }));
  // the tests' cheaper password hashing, set from inside the server's process (docs/security.md)
  const child = spawn(process.execPath, ["--import", HASH_COST, join(NODE_DIR, "server.js")], {
    // the per-request JSON log lines stay out of the captured output (INKLESS_REQUEST_LOG=1 to see them)
    env: {
      ...process.env,
      PORT: String(port),
      INKLESS_DATA: dataDir,
      INKLESS_CLIENT_DIR: clientDir,
      // 44 covers to draw: only the specs that browse the library ask for it
      INKLESS_INDUSTRY_LIBRARY: "0",
      INKLESS_REQUEST_LOG: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const halt = () =>
    timed("server: stop", async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited(child);
        clearTimeout(killer);
      }
    });
  const stop = async () => {
    await halt();
    // the promise version: rmSync took three times as long on the ~2,300 entries (1.8 s against 0.5 s
    // at load 21, docs/testing.md)
    await timed("server: remove the data folder", () => rm(dataDir, { recursive: true, force: true }));
  };
  try {
    await timed(
      "server: spawn until listening",
      () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`server did not start in time:\n${out}`)),
            START_TIMEOUT_MS,
          );
          const onData = (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes("Inkless listening on")) {
              clearTimeout(timer);
              resolve();
            }
          };
          child.stdout?.on("data", onData);
          child.stderr?.on("data", onData);
          child.once("exit", (code) => {
            clearTimeout(timer);
            reject(new Error(`server exited with ${code}:\n${out}`));
          });
        }),
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, dataDir, pid: child.pid ?? 0, output: () => out, halt, stop };
}

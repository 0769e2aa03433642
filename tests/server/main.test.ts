// `src/server/main.ts` as `npm start` runs it: prints the ready line, serves, stops on SIGTERM.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, vi } from "vitest";
import { seedEmptyDatabase } from "../../e2e/support/pgliteTemplate";
import { buildNode, NODE_DIR } from "../../scripts/build-node.mjs";

it("prints 'Inkless listening on http://HOST:PORT/label/' and exits cleanly on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "inkless-main-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", INKLESS_DATA: dir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  try {
    const base = await new Promise<string>((ok, fail) => {
      child.stdout.on("data", () => {
        const m = /Inkless listening on (http:\/\/127\.0\.0\.1:\d+)\/label\/\n/.exec(out);
        if (m) ok(m[1]);
      });
      child.once("exit", (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const r = await fetch(`${base}/interface/api/tem.app_shared/getNewFontList`);
    expect((await r.json()).code).toBe(200);
    const code = await new Promise<number | null>((ok) => {
      child.once("exit", (c) => ok(c));
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
    expect(out).toContain("SIGTERM: shutting down");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

it("npm start's server is built JavaScript: it serves and stops with no TypeScript loadable", async () => {
  await buildNode({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), "inkless-built-"));
  // an initialised empty database (the first case starts from none): PGlite's initdb is slow
  await seedEmptyDatabase(dir);
  // the hook makes any .ts module (or tsx itself) fail to load in the server and its workers
  const noTs = `--import=${join(process.cwd(), "tests/cli/support/noTypeScript.mjs")}`;
  const child = spawn(process.execPath, [join(NODE_DIR, "server.js")], {
    env: {
      ...process.env,
      NODE_OPTIONS: noTs,
      PORT: "0",
      HOST: "127.0.0.1",
      INKLESS_DATA: dir,
      DATABASE_URL: "",
      INKLESS_REQUEST_LOG: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  try {
    const base = await new Promise<string>((ok, fail) => {
      child.stdout.on("data", () => {
        const m = /Inkless listening on (http:\/\/127\.0\.0\.1:\d+)\/label\/\n/.exec(out);
        if (m) ok(m[1]);
      });
      child.once("exit", (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const fonts = await fetch(`${base}/interface/api/tem.app_shared/getNewFontList`);
    expect((await fonts.json()).code).toBe(200);
    const health = await fetch(`${base}/healthz`);
    expect((await health.json()).status).toBe("ok");
    const code = await new Promise<number | null>((ok) => {
      child.once("exit", (c) => ok(c));
      child.kill("SIGTERM");
    });
    expect(code, out).toBe(0);
    expect(out).not.toContain("TypeScript loaded at run time");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

/** Starts main.ts with `env`; resolves with the process and a way to read what it printed so far. */
function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      INKLESS_SAMPLE_PREVIEWS: "0",
      INKLESS_INDUSTRY_LIBRARY: "0",
      INKLESS_REQUEST_LOG: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((ok) => child.once("exit", (c) => ok(c)));
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  return { child, exited, out: () => out };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("refuses INKLESS_WORKERS above 1 on the embedded database, and a number that is not one", async () => {
  const dir = mkdtempSync(join(tmpdir(), "inkless-main-"));
  try {
    const pglite = launch({ INKLESS_WORKERS: "2", INKLESS_DATA: dir, DATABASE_URL: "" });
    expect(await pglite.exited).toBe(1);
    expect(pglite.out()).toContain("INKLESS_WORKERS=2 needs PostgreSQL (DATABASE_URL)");
    const bad = launch({ INKLESS_WORKERS: "two", INKLESS_DATA: dir, DATABASE_URL: "" });
    expect(await bad.exited).toBe(1);
    expect(bad.out()).toContain('INKLESS_WORKERS must be a whole number from 1 to 64, not "two"');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "INKLESS_WORKERS=2 serves one port from two processes, replaces one that dies, and stops them all on SIGTERM",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "inkless-main-"));
    const p = launch({
      INKLESS_WORKERS: "2",
      INKLESS_DATA: dir,
      DATABASE_URL: process.env.TEST_DATABASE_URL as string,
    });
    const pids = () => [...p.out().matchAll(/\[inkless\] process (\d+) listening/g)].map((m) => Number(m[1]));
    try {
      const base = await new Promise<string>((ok, fail) => {
        p.child.stdout.on("data", () => {
          const m = /Inkless listening on (http:\/\/127\.0\.0\.1:\d+)\/label\/ \(2 processes\)\n/.exec(
            p.out(),
          );
          if (m) ok(m[1]);
        });
        p.child.once("exit", (code) => fail(new Error(`exited ${code}: ${p.out()}`)));
      });
      const [one, two] = pids();
      expect(new Set([one, two, p.child.pid]).size).toBe(3);
      expect(alive(one) && alive(two)).toBe(true);
      for (let i = 0; i < 4; i++) expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // a worker that dies is replaced; the port keeps answering
      process.kill(one, "SIGKILL");
      await vi.waitFor(() => expect(pids()).toHaveLength(3), { timeout: 60_000, interval: 100 });
      const third = pids()[2];
      expect(alive(third)).toBe(true);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      p.child.kill("SIGTERM");
      expect(await p.exited).toBe(0);
      expect(p.out()).toContain("SIGTERM: shutting down 2 processes");
      // each worker closed its server and database itself
      expect(p.out().match(/\[inkless\] SIGTERM: shutting down\n/g)).toHaveLength(2);
      expect(alive(two) || alive(third)).toBe(false);
    } finally {
      if (p.child.exitCode === null) p.child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);

it("refuses to start with an incomplete S3 file store setting, naming what is missing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "inkless-main-"));
  try {
    const p = launch({ INKLESS_DATA: dir, DATABASE_URL: "", INKLESS_S3_BUCKET: "labels" });
    expect(await p.exited).toBe(1);
    expect(p.out()).toContain("the S3 file store needs INKLESS_S3_ENDPOINT");
    // nothing was written to the data folder (the database was not opened)
    expect(existsSync(join(dir, "db"))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

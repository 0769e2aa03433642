// `npm start` stops its server when it is stopped (issue 34): a signal to the start script reaches
// the server, and killing npm (whose `sh -c` dies without passing the signal on) stops it too.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const SUPERVISE = resolve("scripts/supervise.mjs");
const dirs: string[] = [];
const started: ChildProcess[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
  // a failed case leaves no stand-in running
  for (const pid of pids.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(ok: () => boolean, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * `sh -c "node start.mjs"` as npm runs it, where start.mjs supervises a stand-in server that
 * records the signal it got and prints its pid.
 */
async function startLikeNpm() {
  const dir = mkdtempSync(join(tmpdir(), "inkless-supervise-"));
  dirs.push(dir);
  const got = join(dir, "got");
  const server = `for (const s of ["SIGTERM", "SIGINT"]) process.on(s, () => { require("fs").writeFileSync(${JSON.stringify(got)}, s); process.exit(0); }); console.log("pid", process.pid); setInterval(() => {}, 1000);`;
  writeFileSync(
    join(dir, "start.mjs"),
    `import { spawn } from "node:child_process";\nimport { supervise } from ${JSON.stringify(SUPERVISE)};\nconsole.log("start", process.pid);\nsupervise(spawn(process.execPath, ["-e", ${JSON.stringify(server)}], { stdio: "inherit" }), { pollMs: 100 });\n`,
  );
  const sh = spawn("sh", ["-c", `"${process.execPath}" start.mjs`], {
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(sh);
  let out = "";
  sh.stdout?.on("data", (b) => {
    out += String(b);
  });
  await until(() => /pid \d+/.test(out) && /start \d+/.test(out), "the server to start");
  const serverPid = Number(/pid (\d+)/.exec(out)?.[1]);
  const startPid = Number(/start (\d+)/.exec(out)?.[1]);
  pids.push(serverPid, startPid);
  const signalled = () => (existsSync(got) ? readFileSync(got, "utf8") : "");
  return { sh, serverPid, startPid, signalled };
}

describe("npm start's supervision of the server", () => {
  it("a signal to the start script reaches the server", async () => {
    const { serverPid, startPid, signalled } = await startLikeNpm();
    process.kill(startPid, "SIGINT");
    await until(() => !alive(serverPid) && !alive(startPid), "both to exit");
    expect(signalled()).toBe("SIGINT");
  });

  it("killing the shell npm started (as killing npm does) stops the server", async () => {
    const { sh, serverPid, startPid, signalled } = await startLikeNpm();
    sh.kill("SIGTERM");
    await until(() => sh.exitCode !== null || sh.signalCode !== null, "the shell to end");
    await until(() => !alive(serverPid), "the server to stop");
    expect(signalled()).toBe("SIGTERM");
    await until(() => !alive(startPid), "the start script to exit");
  });
});

// assistant.close() stops the print queue's workers (issue 37): a child process starts an
// assistant, sends a job that a fault pauses half-way (its worker keeps asking the printer), closes
// everything and must then exit on its own — no timer or socket of the queue left behind.
import { spawn } from "node:child_process";
import { expect, it } from "vitest";

it("an assistant closed with a job in flight leaves nothing that keeps the process alive", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/print/queue/closing.entry.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += String(d);
  });
  child.stderr.on("data", (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  // the line is written after close(); then nothing may be left to run
  const line = await new Promise<string>((resolve) => {
    child.stdout.on("data", () => {
      const l = out.split("\n").find((s) => s.startsWith("{"));
      if (l) resolve(l);
    });
    void exited.then(() => resolve(out));
  });
  expect(JSON.parse(line)).toEqual({ code: 500, state: "paused" });
  // a leak keeps the child running until the test's time runs out (then it is killed)
  const stillRunning = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await exited;
  clearTimeout(stillRunning);
  expect(code, out).toBe(0);
}, 120_000);

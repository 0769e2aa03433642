// The assistant killed (SIGKILL, a real child process) in the middle of a 200-label job and started
// again: the job comes back from its queue folder, paused ("the print assistant restarted") at its
// last confirmed label; resumed, it finishes with every label printed exactly once, in order (the
// ZPL printer's label counter tells whether the label in flight at the kill came out).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../support/client";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { expectedPages, labelXml } from "./support";

const dir = mkdtempSync(join(tmpdir(), "inkless-queue-restart-"));
const settings = join(dir, "assistant.json");
let printer: FakePrinter;
let child: ChildProcess | null = null;
let port = 0;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const p = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return p;
}

/** Starts the assistant as its user does (one node process, so SIGKILL ends all of it). */
async function startChild(): Promise<ChildProcess> {
  const c = spawn(process.execPath, ["--import", "tsx", "src/assistant/main.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      INKLESS_ASSISTANT_CONFIG: settings,
      INKLESS_ASSISTANT_PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    c.stdout?.on("data", (d) => {
      out += String(d);
      if (out.includes("listening on")) resolve();
    });
    c.once("exit", (code) => reject(new Error(`assistant exited (${code}): ${out}`)));
  });
  return c;
}

beforeAll(async () => {
  printer = await startFakePrinter();
  port = await freePort();
  writeFileSync(
    settings,
    JSON.stringify({
      cups: false,
      origins: [],
      printers: [{ name: "Dock", host: "127.0.0.1", port: printer.port, language: "ZPL", dpi: 203 }],
    }),
  );
}, 30_000);

afterAll(async () => {
  child?.kill("SIGKILL");
  await printer?.close();
});

type Entry = {
  id: string;
  state: string;
  reason?: string;
  printed: number;
  total: number;
  repeated: number[];
};

describe("the print queue across a crash of the assistant", () => {
  it("comes back after SIGKILL and finishes the job, each label once, in order", async () => {
    const expected = await expectedPages(200, "ZPL");
    child = await startChild();
    const first = await connect(port);
    void first.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(200) });
    // killed while it prints, with no warning
    while (printer.printed.length < 40) await new Promise((r) => setTimeout(r, 5));
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    first.close();
    const before = printer.printed.length;
    expect(before).toBeLessThan(200);

    child = await startChild();
    const client = await connect(port);
    const list = await client.request({ cmd: "queueList" });
    const [job] = (list.data as { jobs: Entry[] }).jobs;
    expect(job).toMatchObject({ state: "paused", reason: "restarted", total: 200 });
    // its last confirmed label: the one printed, or the one before (in doubt until it resumes)
    expect(before - job.printed).toBeLessThanOrEqual(1);
    expect(printer.printed).toHaveLength(before);

    expect((await client.request({ cmd: "queueResume", job: job.id })).code).toBe(200);
    for (;;) {
      const l = await client.request({ cmd: "queueList" });
      const [j] = (l.data as { jobs: Entry[] }).jobs;
      if (j.state === "done") {
        expect(j).toMatchObject({ printed: 200, repeated: [] });
        break;
      }
      expect(j.state).not.toBe("failed");
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(printer.printed.map((b) => b.toString("latin1"))).toEqual(expected);
    client.close();
  }, 300_000);
});

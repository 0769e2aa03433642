// The print queue's commands over the assistant's WebSocket (pause, resume, cancel, retry, list),
// hostile fields refused with a translated message, and bad input that must neither crash nor lose
// the queue: a printer answering garbage, one that never answers, damaged files in the queue folder.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AssistantConfig } from "../../../src/assistant/config";
import { type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import { connect } from "../support/client";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { pageCopies } from "../support/labelPages";
import { newestJob, type QueueJob } from "../support/queue";
import { expectedPages, labelXml, PICTURE } from "./support";

const queueDir = mkdtempSync(join(tmpdir(), "inkless-queue-cmd-"));
let shelf: FakePrinter;
let quiet: FakePrinter;
let assistant: RunningAssistant;
let client: Awaited<ReturnType<typeof connect>>;

beforeAll(async () => {
  shelf = await startFakePrinter();
  quiet = await startFakePrinter();
  // left by an earlier run: a job file cut short, and a job without its progress file
  writeFileSync(join(queueDir, "m1-cut.job.json"), '{"id":"m1-cut","printer":"Shelf","xml":"<La');
  writeFileSync(join(queueDir, "m1-cut.state.json"), "{}");
  writeFileSync(join(queueDir, "m2-alone.job.json"), "\u0000\u00ff garbage");
  const config: AssistantConfig = {
    host: "127.0.0.1",
    port: 0,
    cups: false,
    origins: [],
    printers: [
      { name: "Shelf", host: "127.0.0.1", port: shelf.port, language: "TSPL", dpi: 203, settings: PICTURE },
      { name: "Quiet", host: "127.0.0.1", port: quiet.port, language: "TSPL", dpi: 203, settings: PICTURE },
    ],
  };
  assistant = await startAssistant(config, { queueDir, queuePollMs: 2, faultPollMs: 20 });
  client = await connect(assistant.port);
}, 30_000);

afterAll(async () => {
  client?.close();
  await assistant?.close();
  await shelf?.close();
  await quiet?.close();
});

const newest = (printer: string, ok: (j: QueueJob) => boolean) => newestJob(client, printer, ok);

describe("the print queue's commands", () => {
  it("a damaged queue file is set aside and reported; the assistant starts and prints", async () => {
    const r = await client.request({ cmd: "queueList" });
    expect(r.code).toBe(200);
    const { damaged } = r.data as { damaged: { file: string; reason: string }[] };
    expect(damaged.map((d) => d.file).sort()).toEqual(["m1-cut.job.json", "m2-alone.job.json"]);
    expect(existsSync(join(queueDir, "damaged", "m1-cut.job.json"))).toBe(true);
    expect(existsSync(join(queueDir, "m1-cut.job.json"))).toBe(false);
  });

  it("refuses hostile fields with a translated message and changes nothing", async () => {
    for (const job of [undefined, 42, { $gt: "" }, "../../etc/passwd", "x".repeat(500), "A B"]) {
      const r = await client.request({ cmd: "queuePause", job, lang: "pt" });
      expect([r.code, r.msg]).toEqual([500, expect.stringContaining("Indique um trabalho de impressão")]);
    }
    const unknown = await client.request({ cmd: "queueCancel", job: "no-such-job" });
    expect(unknown.msg).toBe("There is no print job “no-such-job” in the queue.");
    const badList = await client.request({ cmd: "queueList", printer: { name: 1 } });
    expect(badList.code).toBe(500);
  });

  it("pause, resume, cancel and retry: the job goes on from its next label, each label once", async () => {
    const expected = await expectedPages(30, "TSPL");
    shelf.state.paperOutAt = 10;
    const reply = await client.request({
      cmd: "outputPrintting",
      printer: "Shelf",
      xml: labelXml(30),
      lang: "ru",
    });
    expect(reply.msg).toContain("нет бумаги");
    const paused = await newest("Shelf", (j) => j.state === "paused");
    // a person pauses it: it no longer goes on by itself
    const mine = await client.request({ cmd: "queuePause", job: paused.id, lang: "zh" });
    expect(mine.data).toMatchObject({ state: "paused", reason: "user", reasonText: "手动暂停" });
    shelf.state.paperOut = false;
    // cancelled, it cannot be resumed; retried, it prints the rest
    expect((await client.request({ cmd: "queueCancel", job: paused.id })).data).toMatchObject({
      state: "cancelled",
      printed: 9,
    });
    const again = await client.request({ cmd: "queueResume", job: paused.id });
    expect([again.code, again.msg]).toEqual([
      500,
      `The print job “${paused.id}” cannot do that now: it is cancelled.`,
    ]);
    expect((await client.request({ cmd: "queueRetry", job: paused.id })).code).toBe(200);
    const done = await newest("Shelf", (j) => j.state === "done");
    expect(done).toMatchObject({ id: paused.id, printed: 30 });
    expect(shelf.printed.map((b) => b.toString("latin1"))).toEqual(expected);
  }, 120_000);

  it("a pause by hand made while the printer is being asked stands when the printer answers", async () => {
    const before = shelf.printed.reduce((n, b) => n + pageCopies(b), 0);
    shelf.state.paperOutAt = before + 2;
    const reply = await client.request({ cmd: "outputPrintting", printer: "Shelf", xml: labelXml(4) });
    expect(reply.code).not.toBe(200);
    const paused = await newest("Shelf", (j) => j.state === "paused" && j.reason === "paperOut");
    // the printer holds its answer to the queue's next question; meanwhile a person pauses the job
    let answer = () => {};
    shelf.state.statusGate = new Promise((go) => {
      answer = go;
    });
    const asked = shelf.queries;
    await vi.waitFor(() => expect(shelf.queries).toBeGreaterThan(asked), { timeout: 30_000 });
    const mine = await client.request({ cmd: "queuePause", job: paused.id });
    expect(mine.data).toMatchObject({ state: "paused", reason: "user" });
    // the printer answers "no paper", then the paper is loaded: the job waits for a person
    answer();
    shelf.state.statusGate = undefined;
    shelf.state.paperOut = false;
    const list = async () =>
      ((await client.request({ cmd: "queueList", printer: "Shelf" })).data as { jobs: QueueJob[] }).jobs.find(
        (j) => j.id === paused.id,
      );
    // asked again and again (the queue asks a faulted printer every 20 ms here), the job stays
    // paused by hand, and the printer is not asked again
    for (let i = 0; i < 20; i++)
      expect(await list()).toMatchObject({ state: "paused", reason: "user", printed: 1 });
    expect(shelf.queries).toBe(asked + 1);
    const resumed = await client.request({ cmd: "queueResume", job: paused.id });
    expect(resumed.code).toBe(200);
    expect(await newest("Shelf", (j) => j.id === paused.id && j.state === "done")).toMatchObject({
      printed: 4,
    });
  }, 120_000);

  it("a printer answering garbage, then one never answering: printed, said to be unconfirmed", async () => {
    const expected = await expectedPages(4, "TSPL");
    quiet.state.answer = "garbage";
    const garbled = await client.request({ cmd: "outputPrintting", printer: "Quiet", xml: labelXml(4) });
    expect(garbled).toMatchObject({ code: 200, data: { pages: 4, labels: 4, unconfirmed: 4 } });
    quiet.state.answer = "never";
    const silent = await client.request({ cmd: "outputPrintting", printer: "Quiet", xml: labelXml(4) });
    expect(silent).toMatchObject({ code: 200, data: { pages: 4, unconfirmed: 4 } });
    expect(quiet.printed.map((b) => b.toString("latin1"))).toEqual([...expected, ...expected]);
  }, 120_000);
});

describe("dismissing finished jobs", () => {
  const onDisk = (id: string) => existsSync(join(queueDir, `${id}.job.json`));
  const listed = async () =>
    ((await client.request({ cmd: "queueList", printer: "Shelf" })).data as { jobs: QueueJob[] }).jobs.map(
      (j) => j.id,
    );

  it("a cancelled job and the done ones leave the list and the disk; an unfinished one is never dropped", async () => {
    Object.assign(shelf.state, { paperOut: false, paperOutAt: undefined });
    await client.request({ cmd: "outputPrintting", printer: "Shelf", xml: labelXml(1) });
    const done = await newest("Shelf", (j) => j.state === "done");
    // paper out at the 2nd label of the next job (the fake counts from its start)
    shelf.state.paperOutAt = shelf.printed.length + 2;
    await client.request({ cmd: "outputPrintting", printer: "Shelf", xml: labelXml(3) });
    const first = await newest("Shelf", (j) => j.state === "paused");
    expect((await client.request({ cmd: "queueCancel", job: first.id })).code).toBe(200);
    Object.assign(shelf.state, { paperOut: false, paperOutAt: shelf.printed.length + 2 });
    await client.request({ cmd: "outputPrintting", printer: "Shelf", xml: labelXml(3) });
    const paused = await newest("Shelf", (j) => j.state === "paused" && j.id !== first.id);

    // an unfinished job: refused, kept in the list and on disk
    const refused = await client.request({ cmd: "queueDismiss", job: paused.id });
    expect(refused.code).not.toBe(200);
    expect(refused.msg).toMatch(/cannot do that now/);
    expect(onDisk(paused.id)).toBe(true);

    const gone = await client.request({ cmd: "queueDismiss", job: first.id });
    expect(gone).toMatchObject({ code: 200, data: { id: first.id, state: "cancelled" } });
    expect(await listed()).not.toContain(first.id);
    expect(onDisk(first.id)).toBe(false);

    const cleared = await client.request({ cmd: "queueClear", printer: "Shelf" });
    expect(cleared.code).toBe(200);
    expect((cleared.data as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    expect(await listed()).toEqual([paused.id]);
    expect(onDisk(done.id)).toBe(false);
    expect(onDisk(paused.id)).toBe(true);

    // bad input: a job id that is not one, a printer that is not a name
    expect((await client.request({ cmd: "queueDismiss", job: "../x" })).code).not.toBe(200);
    expect((await client.request({ cmd: "queueClear", printer: 7 })).code).not.toBe(200);
    await client.request({ cmd: "queueCancel", job: paused.id });
    shelf.state.paperOut = false;
  }, 60_000);
});

// What the print queue counts (issue 37): a job cancelled while a ZPL printer keeps its label at a
// fault (^JZY) has that label dropped at the printer (~JA), so it never comes out later and the job
// counts exactly the labels printed; a sheet with several labels a page (N-up) is answered in
// labels, not pages.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningAssistant } from "../../../src/assistant/server";
import { serializeTprt } from "../../../src/model/file/index";
import { assistantWithPrinter } from "../support/assistantRig";
import { connect } from "../support/client";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { pageCopies } from "../support/labelPages";
import { newestJob, type QueueJob } from "../support/queue";
import { expectedPages, labelXml, numberedLabel } from "./support";

let zpl: FakePrinter;
let assistant: RunningAssistant;
let client: Awaited<ReturnType<typeof connect>>;

beforeAll(async () => {
  zpl = await startFakePrinter();
  assistant = await assistantWithPrinter(
    zpl,
    "Dock",
    "ZPL",
    { queueDir: mkdtempSync(join(tmpdir(), "inkless-queue-count-")), queuePollMs: 2, faultPollMs: 20 },
    // automatic, as expectedPages prints a ZPL job
    {},
  );
  client = await connect(assistant.port);
}, 30_000);

afterAll(async () => {
  client?.close();
  await assistant?.close();
  await zpl?.close();
});

const until = (ok: (j: QueueJob) => boolean) => newestJob(client, "Dock", ok);
const printedText = () => zpl.printed.map((b) => b.toString("latin1"));
const labelsPrinted = (): number => zpl.printed.reduce((n, b) => n + pageCopies(b), 0);

describe("what the print queue counts", () => {
  it("ZPL, paper out at 3 of 5, cancelled: the label the printer kept never comes out; the job says 2", async () => {
    const five = await expectedPages(5, "ZPL");
    const one = await expectedPages(1, "ZPL");
    zpl.state.paperOutAt = 3;
    const reply = await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(5) });
    expect(reply.msg).toMatch(/paused \(paper out\) after 2 of 5/);
    const paused = await until((j) => j.state === "paused");
    expect(zpl.held).toHaveLength(1);
    const cancelled = await client.request({ cmd: "queueCancel", job: paused.id });
    expect(cancelled.data).toMatchObject({ state: "cancelled", printed: 2 });
    // the queue tells the printer to drop what it keeps (~JA) as soon as the job is cancelled
    await vi.waitFor(() => expect(zpl.cancels).toBe(1), { timeout: 10_000 });
    expect(zpl.held).toEqual([]);
    // paper back in, and the next job: label 3 of the cancelled job must not come out first
    zpl.state.paperOut = false;
    const next = await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(1) });
    expect(next).toMatchObject({ code: 200, data: { labels: 1 } });
    expect(printedText()).toEqual([five[0], five[1], one[0]]);
    const list = (await client.request({ cmd: "queueList", printer: "Dock" })).data as { jobs: QueueJob[] };
    expect(list.jobs.find((j) => j.id === paused.id)).toMatchObject({ state: "cancelled", printed: 2 });
  }, 120_000);

  it("ZPL, 3 labels × 3 copies, paper out at the 2nd copy of the 2nd, cancelled: the copy that came out counts, the two kept never come out", async () => {
    zpl.printed.length = 0;
    zpl.state.paperOutAt = 5;
    const reply = await client.request({
      cmd: "outputPrintting",
      printer: "Dock",
      xml: labelXml(3),
      copies: 3,
    });
    // the copy that came out is read from the label counter before the answer
    expect(reply.msg).toMatch(/paused \(paper out\) after 4 of 9/);
    const paused = await until((j) => j.state === "paused");
    expect(labelsPrinted()).toBe(4);
    expect(zpl.held.map(pageCopies)).toEqual([2]);
    const cancels = zpl.cancels;
    await client.request({ cmd: "queueCancel", job: paused.id });
    await vi.waitFor(() => expect(zpl.cancels).toBe(cancels + 1), { timeout: 10_000 });
    zpl.state.paperOut = false;
    const end = await until((j) => j.id === paused.id && j.copiesDone === 1);
    expect(end).toMatchObject({ state: "cancelled", printed: 1 });
    // asked again, the printer has printed nothing more
    await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(1) });
    expect(labelsPrinted()).toBe(5);
  }, 120_000);

  it("a cancel made while the printer is asked about the page it just faulted on stands, and the page is dropped there", async () => {
    zpl.printed.length = 0;
    zpl.state.paperOutAt = 1;
    // the first status query (the check before the job is queued) waits for `first`, the next ones
    // (the queue asking about the page just sent) for `second`
    let first = () => {};
    let second = () => {};
    zpl.state.statusGate = new Promise((go) => {
      first = go;
    });
    const asked = zpl.queries;
    const reply = client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(2) });
    await vi.waitFor(() => expect(zpl.queries).toBe(asked + 1), { timeout: 30_000 });
    zpl.state.statusGate = new Promise((go) => {
      second = go;
    });
    first();
    await vi.waitFor(() => expect(zpl.queries).toBe(asked + 2), { timeout: 30_000 });
    const job = await until((j) => j.state === "printing");
    const cancels = zpl.cancels;
    expect((await client.request({ cmd: "queueCancel", job: job.id })).data).toMatchObject({
      state: "cancelled",
    });
    // the printer answers "no paper, one label kept": the job stays cancelled, the label is dropped
    zpl.state.statusGate = undefined;
    second();
    await reply;
    await vi.waitFor(() => expect(zpl.cancels).toBe(cancels + 1), { timeout: 10_000 });
    expect(zpl.held).toEqual([]);
    const list = (await client.request({ cmd: "queueList", printer: "Dock" })).data as { jobs: QueueJob[] };
    expect(list.jobs.find((j) => j.id === job.id)).toMatchObject({ state: "cancelled", printed: 0 });
    zpl.state.paperOut = false;
  }, 120_000);

  it("a sheet two labels across: 5 labels on 3 pages are answered as 5 labels, a pause too", async () => {
    const doc = numberedLabel(5);
    const xml = serializeTprt({ ...doc, attrs: { ...doc.attrs, columns: 2 } });
    zpl.printed.length = 0;
    const done = await client.request({ cmd: "outputPrintting", printer: "Dock", xml });
    expect(done).toMatchObject({ code: 200, data: { pages: 3, labels: 5 } });
    // twice each page (copies 2), paper out at page 2: page 1 twice, 2 labels each = 4 of 10
    zpl.state.paperOutAt = labelsPrinted() + 3;
    const paused = await client.request({ cmd: "outputPrintting", printer: "Dock", xml, copies: 2 });
    expect(paused.msg).toMatch(/paused \(paper out\) after 4 of 10 labels/);
    zpl.state.paperOut = false;
    const end = await until((j) => j.state === "done");
    expect(end).toMatchObject({ printed: 3 });
  }, 120_000);
});

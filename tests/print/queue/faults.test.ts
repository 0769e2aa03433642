// The assistant's print queue against fake printers that fail mid-job (issue 37): paper out at
// label 137 of 500 (ZPL and TSPL; the TSPL labels are also decoded back to their record numbers),
// the head opened, the connection dropped. Each time the job pauses at the last confirmed label
// with the reason, goes on when the printer is ready again, and the printer has
// printed every label exactly once, in order (each page compared with the job printed without a
// fault; every page is different: a Code 128 per record).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantConfig } from "../../../src/assistant/config";
import { withCopies } from "../../../src/assistant/queue/copies";
import { type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import { decode } from "../../codes/support/zxing";
import { connect } from "../support/client";
import { decodeTspl, toRgba } from "../support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { pageCopies } from "../support/labelPages";
import { newestJob, type QueueJob } from "../support/queue";
import { expectedPages, labelXml, PICTURE } from "./support";

let tspl: FakePrinter;
let zpl: FakePrinter;
let assistant: RunningAssistant;
let client: Awaited<ReturnType<typeof connect>>;

beforeAll(async () => {
  tspl = await startFakePrinter();
  zpl = await startFakePrinter();
  const config: AssistantConfig = {
    host: "127.0.0.1",
    port: 0,
    cups: false,
    origins: [],
    printers: [
      { name: "Shelf", host: "127.0.0.1", port: tspl.port, language: "TSPL", dpi: 203, settings: PICTURE },
      { name: "Dock", host: "127.0.0.1", port: zpl.port, language: "ZPL", dpi: 203 },
    ],
  };
  assistant = await startAssistant(config, {
    queueDir: mkdtempSync(join(tmpdir(), "inkless-queue-")),
    queuePollMs: 2,
    faultPollMs: 20,
  });
  client = await connect(assistant.port);
}, 30_000);

afterAll(async () => {
  client?.close();
  await assistant?.close();
  await tspl?.close();
  await zpl?.close();
});

const until = (printer: string, ok: (j: QueueJob) => boolean) => newestJob(client, printer, ok);

const printedText = (p: FakePrinter) => p.printed.map((b) => b.toString("latin1"));

/** The Code 128 value of each label a TSPL printer printed, decoded from its bitmap (copies counted). */
async function recordNumbers(p: FakePrinter): Promise<string[]> {
  const out: string[] = [];
  for (const label of p.printed)
    for (const page of decodeTspl(label).pages) {
      const [r] = await decode(toRgba(page), { formats: ["Code128"] });
      for (let c = 0; c < page.copies; c++) out.push(r?.text ?? "");
    }
  return out;
}

describe("the print queue at a fault", () => {
  it("ZPL, 500 labels, paper out at 137: pauses at 136, goes on when paper is in, each label once", async () => {
    const expected = await expectedPages(500, "ZPL");
    expect(new Set(expected).size).toBe(500);
    zpl.state.paperOutAt = 137;
    const reply = await client.request({
      cmd: "outputPrintting",
      printer: "Dock",
      xml: labelXml(500),
      lang: "es",
    });
    // the request's answer: paused, in the user's language; the job waits in the queue
    expect(reply.code).toBe(500);
    expect(reply.msg).toContain("sin papel");
    const paused = await until("Dock", (j) => j.state === "paused");
    expect(paused).toMatchObject({ reason: "paperOut", printed: 136 });
    // the printer keeps label 137 (^JZY) and prints it once paper is in
    expect(zpl.printed).toHaveLength(136);
    expect(zpl.held).toHaveLength(1);
    zpl.state.paperOut = false;
    const done = await until("Dock", (j) => j.state === "done");
    expect(done).toMatchObject({ printed: 500, repeated: [] });
    expect(printedText(zpl)).toEqual(expected);
  }, 300_000);

  it("TSPL, 500 labels, paper out at 137: the label it dropped is sent again, marked possibly repeated; each record once, in order", async () => {
    const expected = await expectedPages(500, "TSPL");
    tspl.state.paperOutAt = 137;
    const reply = await client.request({ cmd: "outputPrintting", printer: "Shelf", xml: labelXml(500) });
    expect([reply.code, reply.msg]).toEqual([
      500,
      expect.stringMatching(/Printing on Shelf paused \(paper out\) after 136 of 500/),
    ]);
    expect(tspl.printed).toHaveLength(136);
    tspl.state.paperOut = false;
    const done = await until("Shelf", (j) => j.state === "done");
    // TSPL cannot say whether 137 came out before the paper ran out: sent again, and said so
    expect(done).toMatchObject({ printed: 500, repeated: [137] });
    expect(printedText(tspl)).toEqual(expected);
    // read back: each label's bitmap decoded (zxing) is its own record's number, 1001…1500 in order
    expect(await recordNumbers(tspl)).toEqual(Array.from({ length: 500 }, (_, i) => `INK-${1001 + i}`));
  }, 300_000);

  it("ZPL: the head opened at 40 and the connection dropped at 90: each label once, in order", async () => {
    const expected = await expectedPages(120, "ZPL");
    zpl.printed.length = 0;
    zpl.state.headOpenAt = 40;
    zpl.state.dropAt = 90;
    const reply = await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(120) });
    expect(reply.msg).toMatch(/paused \(print head open\) after 39 of 120/);
    zpl.state.headOpen = false;
    const done = await until("Dock", (j) => j.state === "done");
    expect(done).toMatchObject({ printed: 120, repeated: [] });
    expect(printedText(zpl)).toEqual(expected);
  }, 300_000);
});

/** Each label the printer printed (a page's copies one by one), each as its page with one copy. */
const labelsOf = (pages: readonly Buffer[] | readonly string[], language: "TSPL" | "ZPL") =>
  pages.flatMap((p) => {
    const page = Buffer.isBuffer(p) ? p : Buffer.from(p, "latin1");
    const one = Buffer.from(withCopies(page, language, 1)).toString("latin1");
    return Array.from({ length: pageCopies(page) }, () => one);
  });

describe("a fault in the middle of a page's copies", () => {
  it("ZPL, 20 labels × 3 copies, paper out at the 2nd copy of the 6th (the printer drops the rest): only the missing copies are sent again", async () => {
    const expected = labelsOf(await expectedPages(20, "ZPL"), "ZPL").flatMap((l) => [l, l, l]);
    zpl.printed.length = 0;
    zpl.held.length = 0;
    Object.assign(zpl.state, { headOpen: false, paperOut: false, clearsAtFault: true });
    zpl.state.paperOutAt = 17;
    const reply = await client.request({
      cmd: "outputPrintting",
      printer: "Dock",
      xml: labelXml(20),
      copies: 3,
    });
    // the 6th page's copy that came out is read from the label counter before the answer
    expect(reply.msg).toMatch(/paused \(paper out\) after 16 of 60 labels/);
    expect(labelsOf(zpl.printed, "ZPL")).toHaveLength(16);
    zpl.state.paperOut = false;
    const done = await until("Dock", (j) => j.state === "done");
    zpl.state.clearsAtFault = false;
    // the label counter said one copy of the 6th came out: ^PQ2 for the rest, nothing marked
    expect(done).toMatchObject({ printed: 20, repeated: [] });
    expect(labelsOf(zpl.printed, "ZPL")).toEqual(expected);
  }, 300_000);

  it("ZPL, one label × 5 copies (^PQ5), paper out after 2 came out and the printer keeps the 3rd: the pause says 2 of 5, then 5, each once", async () => {
    const expected = labelsOf(await expectedPages(1, "ZPL"), "ZPL").flatMap((l) => [l, l, l, l, l]);
    zpl.printed.length = 0;
    zpl.held.length = 0;
    Object.assign(zpl.state, { headOpen: false, paperOut: false, clearsAtFault: false, paperOutAt: 3 });
    const reply = await client.request({
      cmd: "outputPrintting",
      printer: "Dock",
      xml: labelXml(1),
      copies: 5,
    });
    expect(reply.msg).toMatch(/paused \(paper out\) after 2 of 5 labels/);
    expect((await until("Dock", (j) => j.state === "paused")).labelsPrinted).toBe(2);
    zpl.state.paperOut = false;
    const done = await until("Dock", (j) => j.state === "done");
    expect(done).toMatchObject({ printed: 1, repeated: [], labelsPrinted: 5, labelsTotal: 5 });
    expect(labelsOf(zpl.printed, "ZPL")).toEqual(expected);
  }, 60_000);

  it("TSPL, 20 labels × 3 copies, paper out at the 2nd copy of the 6th: copies go one by one, the copy in doubt is sent again and its page marked", async () => {
    const expected = labelsOf(await expectedPages(20, "TSPL"), "TSPL").flatMap((l) => [l, l, l]);
    tspl.printed.length = 0;
    Object.assign(tspl.state, { paperOut: false, paperOutAt: 17 });
    const reply = await client.request({
      cmd: "outputPrintting",
      printer: "Shelf",
      xml: labelXml(20),
      copies: 3,
    });
    expect(reply.msg).toMatch(/paused \(paper out\) after 16 of 60 labels/);
    tspl.state.paperOut = false;
    const done = await until("Shelf", (j) => j.state === "done");
    expect(done).toMatchObject({ printed: 20, repeated: [6] });
    expect(labelsOf(tspl.printed, "TSPL")).toEqual(expected);
  }, 300_000);
});

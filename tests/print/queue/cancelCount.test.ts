// What the print queue counts (issue 37): a sheet with several labels a page (N-up) is answered in
// labels, not pages.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantConfig } from "../../../src/assistant/config";
import { type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import { serializeTprt } from "../../../src/model/file/index";
import { connect } from "../support/client";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { pageCopies } from "../support/labelPages";
import { newestJob, type QueueJob } from "../support/queue";
import { numberedLabel } from "./support";

let zpl: FakePrinter;
let assistant: RunningAssistant;
let client: Awaited<ReturnType<typeof connect>>;

beforeAll(async () => {
  zpl = await startFakePrinter();
  const config: AssistantConfig = {
    host: "127.0.0.1",
    port: 0,
    cups: false,
    origins: [],
    printers: [{ name: "Dock", host: "127.0.0.1", port: zpl.port, language: "ZPL", dpi: 203 }],
  };
  assistant = await startAssistant(config, {
    queueDir: mkdtempSync(join(tmpdir(), "inkless-queue-count-")),
    queuePollMs: 2,
    faultPollMs: 20,
  });
  client = await connect(assistant.port);
}, 30_000);

afterAll(async () => {
  client?.close();
  await assistant?.close();
  await zpl?.close();
});

const until = (ok: (j: QueueJob) => boolean) => newestJob(client, "Dock", ok);
const labelsPrinted = () => zpl.printed.reduce((n, b) => n + pageCopies(b), 0);

describe("what the print queue counts", () => {
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

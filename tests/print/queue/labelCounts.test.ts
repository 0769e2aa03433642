// The queue's list counts labels beside pages: a job of 2 records × 3 copies stopped by paper out at
// its 3rd label had printed 2 labels of 6, but My printer read "0 of 2 labels printed" (pages).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import { connect } from "../support/client";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { labelXml, PICTURE } from "./support";

let shelf: FakePrinter;
let assistant: RunningAssistant;

beforeAll(async () => {
  shelf = await startFakePrinter();
  assistant = await startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [
        { name: "Shelf", host: "127.0.0.1", port: shelf.port, language: "TSPL", dpi: 203, settings: PICTURE },
      ],
    },
    { queueDir: mkdtempSync(join(tmpdir(), "inkless-queue-labels-")), queuePollMs: 2, faultPollMs: 20 },
  );
}, 30_000);

afterAll(async () => {
  await assistant?.close();
  await shelf?.close();
});

it("a paused job's entry says the labels printed of the job's, copies counted", async () => {
  shelf.state.paperOutAt = 3;
  const client = await connect(assistant.port);
  const r = await client.request({ cmd: "outputPrintting", printer: "Shelf", xml: labelXml(2), copies: 3 });
  expect(r.key).toBe("print.queue.paused");
  const list = await client.request({ cmd: "queueList", printer: "Shelf" });
  client.close();
  const [job] = (list.data as { jobs: Record<string, unknown>[] }).jobs;
  expect(job).toMatchObject({ state: "paused", printed: 0, total: 2, labelsPrinted: 2, labelsTotal: 6 });
}, 60_000);

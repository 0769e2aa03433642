// Run as a child process by closing.test.ts: an assistant with a job paused by a fault (its worker
// polling the printer), then everything closed. The process must then exit by itself: a timer or
// socket the print queue left behind would keep it alive.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAssistant } from "../../../src/assistant/server";
import { connect } from "../support/client";
import { startFakePrinter } from "../support/fakePrinter";
import { labelXml } from "./support";

const printer = await startFakePrinter();
const assistant = await startAssistant(
  {
    host: "127.0.0.1",
    port: 0,
    cups: false,
    origins: [],
    printers: [{ name: "Dock", host: "127.0.0.1", port: printer.port, language: "ZPL", dpi: 203 }],
  },
  { queueDir: mkdtempSync(join(tmpdir(), "inkless-queue-close-")), queuePollMs: 2, faultPollMs: 50 },
);
const client = await connect(assistant.port);
printer.state.paperOutAt = 3;
const reply = await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(10) });
const jobs = (await client.request({ cmd: "queueList" })).data as { jobs: { state: string }[] };
client.close();
await assistant.close();
await printer.close();
// the parent checks the job really was in flight (paused by the fault) when the assistant closed
process.stdout.write(`${JSON.stringify({ code: reply.code, state: jobs.jobs[0]?.state })}\n`);

// An assistant on loopback (a free port, no CUPS, no paired page) with one network printer: the
// fake printer a test started. The print tests that drive its queue or its jobs start it this way.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../../src/assistant/config";
import { type AssistantDeps, type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import type { PrinterLanguage } from "../../../src/print/job";
import type { PrinterSettings } from "../../../src/print/settings";
import { connect } from "./client";
import { type FakePrinter, startFakePrinter } from "./fakePrinter";

export function assistantWithPrinter(
  printer: FakePrinter,
  name: string,
  language: PrinterLanguage,
  deps: AssistantDeps,
  // the exact picture unless told: these rigs read the jobs' bitmaps back (the printer's own
  // commands, the default "automatic": tests/print/nativeAuto.test.ts)
  settings: PrinterSettings = { sendAs: "picture" },
): Promise<RunningAssistant> {
  return startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [{ name, host: "127.0.0.1", port: printer.port, language, dpi: 203, settings }],
    },
    deps,
  );
}

/**
 * An assistant as a user runs it: its settings in a file of its own (no CUPS, one paired page), a
 * fake printer for the test to add as a network printer, and a client connected from the paired
 * page. `close` ends them all and removes the folder.
 */
export async function pairedAssistant(prefix: string) {
  const app = "http://127.0.0.1:8080";
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, "assistant.json");
  writeFileSync(file, JSON.stringify({ cups: false, origins: [app] }));
  const printer = await startFakePrinter();
  const assistant = await startAssistant(
    loadConfig({ INKLESS_ASSISTANT_CONFIG: file, INKLESS_ASSISTANT_PORT: "0" }),
    { settingsFile: file, listCups: async () => [] },
  );
  const client = await connect(assistant.port, { origin: app });
  const close = async () => {
    client.close();
    await assistant.close();
    await printer.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { file, printer, assistant, client, close };
}

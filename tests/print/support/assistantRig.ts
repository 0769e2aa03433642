// An assistant on loopback (a free port, no CUPS, no paired page) with one network printer: the
// fake printer a test started. The print tests that drive its queue or its jobs start it this way.

import { type AssistantDeps, type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import type { PrinterLanguage } from "../../../src/print/job";
import type { FakePrinter } from "./fakePrinter";

export function assistantWithPrinter(
  printer: FakePrinter,
  name: string,
  language: PrinterLanguage,
  deps: AssistantDeps,
): Promise<RunningAssistant> {
  return startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [{ name, host: "127.0.0.1", port: printer.port, language, dpi: 203 }],
    },
    deps,
  );
}

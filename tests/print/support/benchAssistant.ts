// The benches' print assistant: a real assistant (WebSocket on a free port, no CUPS) whose one
// printer is a fake TCP label printer that only counts bytes (memory reflects the sender).
import { type RunningAssistant, startAssistant } from "../../../src/assistant/server";
import { type FakePrinter, startFakePrinter } from "./fakePrinter";

/** An assistant with one printer named `name` at 203 dpi (TSPL unless told), which is a fake printer. */
export async function benchAssistant(
  name: string,
  language: "TSPL" | "ZPL" = "TSPL",
): Promise<{ assistant: RunningAssistant; printer: FakePrinter }> {
  const printer = await startFakePrinter({ keep: false });
  const assistant = await startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [{ name, host: "127.0.0.1", port: printer.port, language, dpi: 203 }],
    },
    { listCups: async () => [] },
  );
  return { assistant, printer };
}

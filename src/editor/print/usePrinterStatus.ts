// A print assistant printer's state, asked again every second while shown (the print dialog, the
// My printer page): ready, printing, paper out, head open… (src/print/status.ts), and its words.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssistantClient } from "../../app/printing/assistantClient";
import { type PrinterStatus, statusKeys } from "../../print/status";

export const STATUS_POLL_MS = 1000;

/** null until the first answer, or when there is no printer to ask. */
export function usePrinterStatus(client: AssistantClient, printer: string | null): PrinterStatus | null {
  const [status, setStatus] = useState<PrinterStatus | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!printer) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const s = (await client.command("printerStatus", { name: printer })) as PrinterStatus;
        if (!stop && s && typeof s.state === "string") setStatus(s);
      } catch {
        // an assistant too old for status, or gone: say nothing rather than something wrong
        if (!stop) setStatus(null);
      }
      if (!stop) timer = setTimeout(ask, STATUS_POLL_MS);
    };
    void ask();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [client, printer]);
  return status;
}

/** "Ready", "Cannot print: paper out, print head open", … in the user's language. */
export function useStatusText(): (s: PrinterStatus) => string {
  const { t } = useTranslation();
  return (s) => {
    const words = statusKeys(s).map((k) => t(k));
    return s.state === "problem" ? `${t("print.status.problem")}: ${words.join(", ")}` : words[0];
  };
}

/** A state that keeps a job from starting (the assistant refuses it too). */
export const blocksPrinting = (s: PrinterStatus | null) => s?.state === "problem" || s?.state === "offline";

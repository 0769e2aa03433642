// One line under the chosen printer saying its state, live (usePrinterStatus).
import { useTranslation } from "react-i18next";
import type { AssistantClient } from "./assistantClient";
import { blocksPrinting, usePrinterStatus, useStatusText } from "./usePrinterStatus";
import "./print.css";

export function PrinterStateLine({ client, printer }: { client: AssistantClient; printer: string | null }) {
  const { t } = useTranslation();
  const status = usePrinterStatus(client, printer);
  const text = useStatusText();
  if (!status) return null;
  return (
    <p
      className={`ink-print-state${blocksPrinting(status) ? " is-problem" : ""}`}
      role="status"
      data-testid="print-printer-state"
      data-state={status.state}
    >
      {t("print.status.label")} {text(status)}
    </p>
  );
}

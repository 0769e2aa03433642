// One line under a printer saying its state: live from the print assistant (PrinterStateLine,
// usePrinterStatus), or as a cloud device last reported it (PrinterStateText).
import { useTranslation } from "react-i18next";
import type { AssistantClient } from "../../app/printing/assistantClient";
import type { PrinterStatus } from "../../print/status";
import { blocksPrinting, usePrinterStatus, useStatusText } from "./usePrinterStatus";
import "./print.css";

export function PrinterStateText({ status }: { status: PrinterStatus | null }) {
  const { t } = useTranslation();
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

export function PrinterStateLine({ client, printer }: { client: AssistantClient; printer: string | null }) {
  return <PrinterStateText status={usePrinterStatus(client, printer)} />;
}

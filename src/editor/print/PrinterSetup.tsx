// When no printer is ready yet: no cloud device, the link to add a printer in the assistant, pairing
// with the assistant, and the assistant not running (or lost) with Download / Reconnect. The browser
// needs no assistant: while it is chosen, that warning waits behind a button.
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { listedCloud } from "../../../machines/printDialog.machine";
import type { AssistantClient } from "../../app/printing/assistantClient";
import { APP_BASE } from "../../help/links";
import { PairForm } from "./PairForm";
import { onBrowserPrint, type PrintActor } from "./usePrintActor";

interface Props {
  readonly actor: PrintActor;
  readonly client: AssistantClient;
}

export function PrinterSetup({ actor, client }: Props) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const busy = state.matches({ open: "printing" });
  const [assistantShown, setAssistantShown] = useState(false);
  const onBrowser = onBrowserPrint(ctx);
  const assistantTrouble = ctx.printType === 1 && (ctx.assistant === "down" || ctx.assistant === "failed");
  return (
    <>
      {ctx.printType === 2 && listedCloud(ctx.cloud).length === 0 && (
        <p className="ink-print-note" role="status">
          {t("print.cloud.none")}
        </p>
      )}
      {ctx.printType === 1 && ctx.assistant === "ok" && (
        <a
          className="ink-print-help"
          data-testid="print-add-printer"
          href={`${APP_BASE}/myPrinter#assistant-printers`}
          target="_blank"
          rel="noreferrer"
        >
          {t("print.dialog.addPrinter")}
        </a>
      )}
      {ctx.printType === 1 && ctx.assistant === "unpaired" && (
        <PairForm client={client} onPaired={() => actor.send({ type: "drivers.reload" })} />
      )}
      {assistantTrouble && onBrowser && !assistantShown && (
        <button
          type="button"
          className="ink-print-link"
          aria-expanded={false}
          onClick={() => setAssistantShown(true)}
          data-testid="assistant-more"
        >
          {t("print.assistant.labelPrinters")}
        </button>
      )}
      {assistantTrouble && (!onBrowser || assistantShown) && (
        <div className="ink-print-assistant" data-testid="assistant-down">
          <p className="ink-print-note" role="status">
            {t(ctx.assistant === "down" ? "print.assistant.notRunning" : "print.assistant.reconnect")}
          </p>
          {ctx.assistant === "down" && (
            <a href={`${APP_BASE}/download`} target="_blank" rel="noreferrer">
              {t("print.assistant.download")}
            </a>
          )}
          <button
            type="button"
            onClick={() => actor.send({ type: "drivers.reload" })}
            disabled={ctx.reconnecting || busy}
          >
            {t("print.assistant.reconnectButton")}
          </button>
        </div>
      )}
    </>
  );
}

// Where the job goes: the Driver / Cloud tabs, the printer list, the chosen printer's state, a network
// printer's queue in the assistant and its job settings.
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { listedCloud } from "../../../machines/printDialog.machine";
import type { AssistantClient } from "../../app/printing/assistantClient";
import { JobSettingsFields } from "./JobSettingsFields";
import { PrinterQueue } from "./PrinterQueue";
import { PrinterStateLine, PrinterStateText } from "./PrinterStateLine";
import { onBrowserPrint, type PrintActor } from "./usePrintActor";

interface Props {
  readonly actor: PrintActor;
  readonly client: AssistantClient;
}

export function PrintTargets({ actor, client }: Props) {
  const { t } = useTranslation();
  const ctx = useSelector(actor, (s) => s.context);
  const cloudList = listedCloud(ctx.cloud);
  const onBrowser = onBrowserPrint(ctx);
  return (
    <>
      {/* tabs: arrow keys move between them (roving tab stop), as the tab pattern expects */}
      <div
        className="ink-print-tabs"
        role="tablist"
        aria-label={t("print.dialog.method")}
        onKeyDown={(e) => {
          if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
          e.preventDefault();
          const next = e.key === "Home" ? 1 : e.key === "End" ? 2 : ctx.printType === 1 ? 2 : 1;
          actor.send({ type: "type.set", printType: next });
          e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next - 1]?.focus();
        }}
      >
        <button
          type="button"
          role="tab"
          aria-selected={ctx.printType === 1}
          tabIndex={ctx.printType === 1 ? 0 : -1}
          onClick={() => actor.send({ type: "type.set", printType: 1 })}
        >
          {t("print.dialog.driver")}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={ctx.printType === 2}
          tabIndex={ctx.printType === 2 ? 0 : -1}
          onClick={() => actor.send({ type: "type.set", printType: 2 })}
          data-testid="print-cloud-tab"
        >
          {t("print.dialog.cloud")}
        </button>
      </div>
      <label className="ink-print-row">
        {t("print.dialog.printer")}
        <select
          value={ctx.device?.id ?? (ctx.printType === 2 ? (cloudList[0]?.id ?? "") : "")}
          onChange={(e) => actor.send({ type: "device.set", id: e.target.value })}
          data-testid="print-printer"
        >
          {(ctx.printType === 2 ? cloudList : ctx.drivers).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      {ctx.printType === 1 && ctx.assistant === "ok" && !onBrowser && (
        <PrinterStateLine client={client} printer={ctx.device?.id ?? null} />
      )}
      {/* a network printer's jobs in the assistant's queue: progress, a fault's reason, Resume / Cancel */}
      {ctx.printType === 1 && ctx.assistant === "ok" && ctx.device?.language && (
        <PrinterQueue client={client} printer={ctx.device.id} />
      )}
      {ctx.printType === 2 && (
        <PrinterStateText status={(ctx.device ?? cloudList[0])?.printerStatus ?? null} />
      )}
      {ctx.printType === 1 && ctx.device?.language && (
        <JobSettingsFields
          language={ctx.device.language}
          settings={ctx.jobSettings}
          own={ctx.device.own}
          onChange={(settings) => actor.send({ type: "jobSettings.set", settings })}
        />
      )}
    </>
  );
}

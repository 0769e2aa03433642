// The print dialog (spec §2 dialog 7): preview with page controls on the left (PrintPreview); records
// range with Choose, Print background, Driver / Cloud tabs and the printer (PrintTargets: browser
// print, a driver printer through the local print assistant, or a cloud device), notes before printing
// (PrintNotes), help when no printer is ready (PrinterSetup), copies, the label's prompts, Cancel /
// Confirm (PrintActions) on the right. Its states live in printDialog.machine (usePrintActor).
import { useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { answersValid } from "../../../machines/printDialog.machine";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import type { PrintStartQuery } from "../../app/labelLinks";
import { AssistantClient } from "../../app/printing/assistantClient";
import { recordUse, type UsageLabel } from "../../app/printing/printRecord";
import { userSettings } from "../../app/settings/userSettings";
import { message } from "../../app/ui/message";
import { promptsOf } from "../../data/index";
import { printHelpHref } from "../../help/links";
import type { MeasureUnit } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import { pageSize } from "../../print/pageSvg";
import { cellsPerPage, labelCount, pageCount, rangeText } from "../../print/plan";
import { useDataContext, useWorkbooks } from "../data/context";
import { takeOpener } from "./opener";
import { PrintActions } from "./PrintActions";
import { PrinterSetup } from "./PrinterSetup";
import { PrintNotes } from "./PrintNotes";
import { PrintPreview } from "./PrintPreview";
import { PrintTargets } from "./PrintTargets";
import { PromptForm } from "./PromptForm";
import { useLiveSourcesForAnswers } from "./queryParams";
import { RecordSelectDialog } from "./RecordSelectDialog";
import { useModalFocus } from "./useModalFocus";
import { type LivePrint, type SavedLabel, usePrintActor } from "./usePrintActor";
import { usePrintChoices, useUnprintable } from "./usePrintChoices";
import "./print.css";

interface Props {
  readonly doc: LabelDocument;
  readonly unit: MeasureUnit;
  readonly onClose: () => void;
  /** a reprint: the same records and copies (records that no longer read back: all records) */
  readonly start?: PrintStartQuery | null;
  /** the label the usage calls count (usageLabel); by default the document's own id and type */
  readonly usage?: UsageLabel;
  /** a cloud save running beside the dialog (printing never waits for it): the print record and the
   * usage calls wait for it, and name the label and the version it saved */
  readonly saving?: Promise<SavedLabel>;
  /** the print station's dialog (issue 40): big touch targets and a Print button */
  readonly station?: boolean;
}

export function PrintDialog({ doc, unit, onClose, start, usage, saving, station }: Props) {
  const { t, i18n } = useTranslation();
  const { sheets } = useWorkbooks();
  const data = useDataContext();
  const { count, choices, setChoices } = usePrintChoices(doc, sheets, start);
  const [choosing, setChoosing] = useState(false);
  const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
  const total = Math.max(1, pageCount(labelCount(choices), perPage));
  const size = pageSize(doc);
  const hasBackground = typeof doc.attrs.background === "string" && doc.attrs.background !== "";
  const client = useMemo(() => new AssistantClient(), []);
  const unprintable = useUnprintable(doc, sheets, choices);
  const live = useRef<LivePrint>({ doc, choices, sheets });
  live.current = { doc, choices, sheets };
  const prompts = useMemo(() => promptsOf(doc), [doc]);

  const actor = usePrintActor({ live, perPage, store: data?.store, client, saving });
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  // live sources (a web address, a database query) are read again when the dialog opens and as
  // prompt answers change a query's parameters, so the preview and the record choice show the data
  // the job will print; and once more when the job is sent
  useLiveSourcesForAnswers(data?.store, doc, ctx.answers, answersValid(ctx));
  const usageSent = useRef(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  useModalFocus(overlayRef, takeOpener);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the dialog opens
  useEffect(() => {
    const subs = [actor.on("message", (e) => message[e.level](t(e.key))), actor.on("close", () => onClose())];
    const prefs = userSettings.get();
    actor.send({
      type: "show",
      total,
      hasBackground,
      widthMm: size.width,
      heightMm: size.height,
      copies: prefs.copies,
      printBackground: prefs.printBackground,
      prompts,
    });
    if (start) {
      actor.send({ type: "copies.input", value: String(start.copies) });
      actor.send({ type: "copies.blur" });
    }
    // the label is opened for print: the usage-recording calls (spec §4), once per opening
    const userId = session.user()?.userid;
    if (userId && !usageSent.current) {
      usageSent.current = true;
      void Promise.resolve(saving).then((saved) =>
        recordUse(interfaceApi, saved?.usage ?? usage ?? doc.attrs, userId),
      );
    }
    return () => {
      for (const s of subs) s.unsubscribe();
      client.close();
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the total follows the chosen records
  useEffect(() => {
    if (!state.matches("closed")) actor.send({ type: "total.set", total });
  }, [total]);

  const range = useMemo(() => rangeText(choices.map((c) => c.record)), [choices]);
  const busy = state.matches({ open: "printing" });

  return (
    <>
      <div
        ref={overlayRef}
        className={station ? "ink-print-overlay is-station" : "ink-print-overlay"}
        role="dialog"
        aria-modal="true"
        aria-label={t("print.dialog.title")}
        aria-describedby="ink-print-name ink-print-size"
        tabIndex={-1}
        data-testid="print-dialog"
        onKeyDown={(e) => {
          // Ctrl+P while open: not the browser's page print behind the dialog
          if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "p") e.preventDefault();
          if (e.key !== "Escape") return;
          e.stopPropagation();
          if (!busy) actor.send({ type: "close" });
        }}
      >
        <div className="ink-print">
          <PrintPreview actor={actor} doc={doc} unit={unit} unprintable={unprintable} />
          <section className="ink-print-right">
            <div className="ink-print-row">
              <span>{t("print.dialog.range")}:</span>
              <output className="ink-print-range" data-testid="print-range">
                {range}
              </output>
              {count > 1 && (
                <button type="button" onClick={() => setChoosing(true)}>
                  {t("print.dialog.choose")}
                </button>
              )}
            </div>
            <label className="ink-print-row">
              <input
                type="checkbox"
                checked={ctx.printBackground}
                disabled={!ctx.hasBackground || busy}
                onChange={(e) => actor.send({ type: "background.set", on: e.target.checked })}
                data-testid="print-background"
              />
              {t("print.dialog.background")}
            </label>
            <PrintTargets actor={actor} client={client} />
            <PrintNotes actor={actor} doc={doc} sheets={sheets} unit={unit} />
            <PrinterSetup actor={actor} client={client} />
            <label className="ink-print-row">
              {t("print.dialog.copies")}
              <input
                type="text"
                inputMode="numeric"
                value={ctx.copies}
                onChange={(e) => actor.send({ type: "copies.input", value: e.target.value })}
                onBlur={() => actor.send({ type: "copies.blur" })}
                data-testid="print-copies"
              />
            </label>
            <PromptForm
              prompts={ctx.prompts}
              answers={ctx.answers}
              disabled={busy}
              onInput={(name, value) => actor.send({ type: "answers.input", name, value })}
            />
            <a
              className="ink-print-help"
              href={printHelpHref(i18n.language)}
              target="_blank"
              rel="noreferrer"
              data-testid="print-help"
            >
              {t("print.dialog.help")}
            </a>
            <PrintActions actor={actor} choices={choices} station={station === true} />
          </section>
        </div>
      </div>
      {choosing && (
        <RecordSelectDialog
          doc={doc}
          sheets={sheets}
          count={count}
          initial={choices}
          onCancel={() => setChoosing(false)}
          onConfirm={(c) => {
            setChoices(c);
            setChoosing(false);
          }}
        />
      )}
    </>
  );
}

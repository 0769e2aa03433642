// The print dialog (spec §2 dialog 7): preview with page controls on the left; records range with
// Choose, Print background, Driver / Cloud tabs, the printer (browser print, a driver printer
// through the local print assistant, or a cloud device), copies, Cancel / Confirm on the right.
// Its states live in printDialog.machine.
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  answersValid,
  type DriverList,
  listedCloud,
  type PrintDevice,
  type PrintOutcome,
  type PrintRequest,
  printDialogMachine,
} from "../../../machines/printDialog.machine";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import type { PrintStartQuery } from "../../app/labelLinks";
import { AssistantClient, assistantLink } from "../../app/printing/assistantClient";
import { loadCloudDevices } from "../../app/printing/cloudPrint";
import { recordUse, type UsageLabel } from "../../app/printing/printRecord";
import { userSettings } from "../../app/settings/userSettings";
import { message } from "../../app/ui/message";
import { createResolver, promptsOf, recordCount, withPromptAnswers } from "../../data/index";
import { APP_BASE, printHelpHref } from "../../help/links";
import type { MeasureUnit } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import { fromMm } from "../../model/units";
import { parseChoicesText } from "../../print/choiceText";
import { pageSize, pageSvg } from "../../print/pageSvg";
import {
  allRecords,
  CONFIRM_LABELS,
  cellsPerPage,
  jobCopies,
  labelCount,
  pageCount,
  type RecordChoice,
  rangeText,
  recordsOfPage,
} from "../../print/plan";
import { printerSettingsOf } from "../../print/settings";
import { stockMismatch, stockOf } from "../../print/stock";
import {
  describeChars,
  getFontRegistry,
  prepareRender,
  recordChars,
  unprintableChars,
} from "../../render/index";
import { useDataContext, useWorkbooks } from "../data/context";
import { inspected } from "../inspector/actorOptions";
import { kindUiOf, useElementsUiIfAny } from "../kinds";
import { answeredDoc } from "./answeredDoc";
import { JobSettingsFields } from "./JobSettingsFields";
import { rememberPrinter } from "./lastPrinter";
import { sheetsForPrint } from "./liveData";
import { takeOpener } from "./opener";
import { PairForm } from "./PairForm";
import { PrinterQueue } from "./PrinterQueue";
import { PrinterStateLine, PrinterStateText } from "./PrinterStateLine";
import { PromptForm } from "./PromptForm";
import { recordLabelPrint } from "./printedPicture";
import { printFailureText } from "./printFailure";
import { printQueryParams, useLiveSourcesForAnswers } from "./queryParams";
import { RecordSelectDialog } from "./RecordSelectDialog";
import { BROWSER_DEVICE_ID, printerOfRequest, sendPrintJob } from "./sendJob";
import { useModalFocus } from "./useModalFocus";
import "./print.css";

export const BROWSER_DEVICE: PrintDevice = { id: BROWSER_DEVICE_ID, name: "" };

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

/** What a save beside the dialog gave: the printed document with the saved identity, the usage label. */
export interface SavedLabel {
  name(doc: LabelDocument): LabelDocument;
  readonly usage: UsageLabel;
}

export function PrintDialog({ doc, unit, onClose, start, usage, saving, station }: Props) {
  const { t, i18n } = useTranslation();
  const { sheets } = useWorkbooks();
  const data = useDataContext();
  const count = useMemo(() => Math.max(1, recordCount(doc, sheets)), [doc, sheets]);
  const [choices, setChoices] = useState<RecordChoice[]>(
    () => (start && parseChoicesText(start.records, count)) || [...allRecords(count)],
  );
  const [choosing, setChoosing] = useState(false);
  // workbooks that finish loading change the record count: start again from all records (or from
  // the reprinted records, which may only now all exist)
  const counted = useRef(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start is fixed for the dialog's life
  useEffect(() => {
    if (counted.current === count) return;
    counted.current = count;
    setChoices((start && parseChoicesText(start.records, count)) || [...allRecords(count)]);
  }, [count]);
  const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
  const total = Math.max(1, pageCount(labelCount(choices), perPage));
  const size = pageSize(doc);
  const hasBackground = typeof doc.attrs.background === "string" && doc.attrs.background !== "";
  const client = useMemo(() => new AssistantClient(), []);
  // characters no shipped font draws (in the label or the chosen records): named before printing
  const [unprintable, setUnprintable] = useState("");
  useEffect(() => {
    let alive = true;
    const chars = recordChars(
      choices.map((c) => c.record),
      createResolver(doc, sheets, new Date()),
    );
    prepareRender(doc, { target: "print", chars }).then(
      () => alive && setUnprintable(unprintableChars(doc, getFontRegistry(), chars)),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [doc, sheets, choices]);
  const live = useRef({ doc, choices, sheets });
  live.current = { doc, choices, sheets };
  const prompts = useMemo(() => promptsOf(doc), [doc]);

  const actor = useActorRef(
    printDialogMachine.provide({
      actors: {
        renderPreview: fromPromise(
          async ({ input }: { input: { page: number; answers: ReadonlyMap<string, string> } }) => {
            const { choices: c, sheets: s } = live.current;
            // the preview shows the answers typed so far (the defaults until then)
            const d = withPromptAnswers(live.current.doc, input.answers);
            const resolve = createResolver(d, s, new Date());
            const records = recordsOfPage(c, perPage, input.page);
            await prepareRender(d, { target: "print", chars: recordChars(records, resolve) });
            // a preview: tables inside their dashed red outline (spec §9), which the printer never gets
            return pageSvg(d, records, resolve, { target: "print", tableOutline: true });
          },
        ),
        submit: fromPromise(async ({ input }: { input: PrintRequest }): Promise<PrintOutcome> => {
          const { choices: c, sheets: shown } = live.current;
          // live sources are read again just before sending; prompts answered, formulas checked
          const s = await sheetsForPrint(
            data?.store,
            live.current.doc,
            shown,
            printQueryParams(live.current.doc, input.answers),
          );
          const d = answeredDoc(live.current.doc, input.answers, c, s);
          await sendPrintJob({ doc: d, choices: c, sheets: s, lang: i18n.language, client }, input);
          rememberPrinter({
            printType: input.printType,
            device: input.device,
            printBackground: input.printBackground,
          });
          // history and use counts (spec calls 21–24); their answers are not shown
          const userId = session.user()?.userid;
          if (userId)
            void Promise.resolve(saving).then((saved) =>
              recordLabelPrint(interfaceApi, saved ? saved.name(d) : d, {
                userId,
                copies: input.copies,
                choices: c,
                sheets: s,
                background: input.printBackground,
                ...printerOfRequest(input),
              }),
            );
          // the browser only opens its own print dialog, which the user may still cancel
          return input.printType === 1 && input.device.id === BROWSER_DEVICE_ID ? "browserDialog" : "sent";
        }),
        loadDrivers: fromPromise(async (): Promise<DriverList> => {
          const browser = { ...BROWSER_DEVICE, name: t("print.dialog.browser") };
          const { link, printers } = await assistantLink(client, i18n.language);
          const devices = printers.map((p) => ({
            id: p.name,
            name: p.name,
            stock: stockOf(p),
            ...(p.kind === "network" && (p.language === "TSPL" || p.language === "ZPL")
              ? {
                  language: p.language as "TSPL" | "ZPL",
                  own: printerSettingsOf(p.settings, p.language as "TSPL" | "ZPL").settings,
                }
              : {}),
          }));
          // the printer of the user's print settings when it is there, else the first one found
          const own = devices.find((d) => d.id === userSettings.get().printer);
          return {
            devices: [browser, ...devices],
            preferred: own?.id ?? devices[0]?.id ?? BROWSER_DEVICE.id,
            assistant: link,
          };
        }),
        loadCloud: fromPromise((): Promise<readonly PrintDevice[]> => loadCloudDevices(interfaceApi)),
      },
    }),
    inspected("printDialog"),
  );
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  // live sources (a web address, a database query) are read again when the dialog opens and as
  // prompt answers change a query's parameters, so the preview and the record choice show the data
  // the job will print; and once more when the job is sent
  useLiveSourcesForAnswers(data?.store, doc, ctx.answers, answersValid(ctx));
  const usageSent = useRef(false);
  const previewRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  useModalFocus(overlayRef, takeOpener);
  useEffect(() => {
    // the renderer's portable SVG, parsed as XML (never as HTML) and adopted into the page
    const box = previewRef.current;
    if (!box) return;
    const svg = ctx.preview
      ? new DOMParser().parseFromString(ctx.preview, "image/svg+xml").documentElement
      : null;
    box.replaceChildren(...(svg && svg.nodeName === "svg" ? [document.importNode(svg, true)] : []));
  }, [ctx.preview]);

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
  const fmt = (v: number) => fromMm(v, unit).toFixed(3);
  const busy = state.matches({ open: "printing" });
  const help = printHelpHref(i18n.language);
  const close = () => actor.send({ type: "close" });
  const cloudList = listedCloud(ctx.cloud);
  // the chosen printer is set up for other labels than this page: say so before it prints
  const mismatch = stockMismatch(ctx.device?.stock, size);
  // what the kinds say before printing, e.g. barcodes whose quiet zone the label's edge cuts (the
  // first record's values)
  const elementsUi = useElementsUiIfAny();
  const printNotes = useMemo(() => {
    if (!elementsUi) return [];
    const values = createResolver(doc, sheets, new Date())(0);
    return doc.elements.flatMap((el) => {
      const note = kindUiOf(elementsUi, el.Type)?.printNote?.(el, doc.attrs, values.get(el.Id), t);
      return note ? [note] : [];
    });
  }, [doc, sheets, elementsUi, t]);
  // the browser needs no assistant: its warning waits behind a button while the browser is chosen
  const [assistantShown, setAssistantShown] = useState(false);
  const onBrowser = ctx.printType === 1 && (ctx.device === null || ctx.device.id === BROWSER_DEVICE_ID);
  const assistantTrouble = ctx.printType === 1 && (ctx.assistant === "down" || ctx.assistant === "failed");

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
          if (!busy) close();
        }}
      >
        <div className="ink-print">
          <section className="ink-print-left">
            <h2 className="ink-print-name" id="ink-print-name">
              {doc.attrs.name}
            </h2>
            <p className="ink-print-size" id="ink-print-size">
              {t("print.dialog.size")}: {fmt(doc.attrs.width)} × {fmt(doc.attrs.height)} {unit}
            </p>
            {unprintable && (
              <p className="ink-print-note" role="alert" data-testid="print-unprintable">
                {t("print.dialog.unprintable", { chars: describeChars(unprintable) })}
              </p>
            )}
            <div
              className="ink-print-preview"
              role="img"
              aria-label={t("print.dialog.preview", { page: ctx.page })}
              aria-busy={state.matches({ open: "previewLoading" })}
              data-testid="print-preview"
              ref={previewRef}
            />
            <nav className="ink-print-pages">
              <button
                type="button"
                aria-label={t("print.dialog.first")}
                onClick={() => actor.send({ type: "page.first" })}
                disabled={ctx.page <= 1}
              >
                «
              </button>
              <button
                type="button"
                aria-label={t("print.dialog.prev")}
                onClick={() => actor.send({ type: "page.prev" })}
                disabled={ctx.page <= 1}
              >
                ‹
              </button>
              <span data-testid="print-page">
                {t("print.dialog.pageOf", { page: ctx.page, total: ctx.total })}
              </span>
              <button
                type="button"
                aria-label={t("print.dialog.next")}
                onClick={() => actor.send({ type: "page.next" })}
                disabled={ctx.page >= ctx.total}
              >
                ›
              </button>
              <button
                type="button"
                aria-label={t("print.dialog.last")}
                onClick={() => actor.send({ type: "page.last" })}
                disabled={ctx.page >= ctx.total}
              >
                »
              </button>
            </nav>
          </section>
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
            {printNotes.length > 0 && (
              <p className="ink-print-note" role="status" data-testid="print-quiet">
                {printNotes[0]}
              </p>
            )}
            {mismatch && (
              <p className="ink-print-note" role="status" data-testid="print-stock">
                {t("print.dialog.stockMismatch", {
                  printer: ctx.device?.name ?? "",
                  stock: `${fmt(mismatch.widthMm)} × ${fmt(mismatch.heightMm)} ${unit}`,
                  label: `${fmt(size.width)} × ${fmt(size.height)} ${unit}`,
                })}
              </p>
            )}
            {ctx.printType === 2 && cloudList.length === 0 && (
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
              href={help}
              target="_blank"
              rel="noreferrer"
              data-testid="print-help"
            >
              {t("print.dialog.help")}
            </a>
            {ctx.failure !== null && (
              <div className="ink-print-failure" role="alert" data-testid="print-failure">
                <strong>{t("print.dialog.failedTitle")}</strong>
                <p>{printFailureText(ctx.failure, t)}</p>
              </div>
            )}
            <div className="ink-print-actions">
              <button type="button" onClick={close} disabled={busy}>
                {t("print.dialog.cancel")}
              </button>
              <button
                type="button"
                className="is-primary"
                onClick={() => {
                  // a big job is confirmed first (docs/security.md: print caps)
                  const labels = labelCount(choices) * jobCopies(ctx.copies);
                  if (
                    labels > CONFIRM_LABELS &&
                    !window.confirm(t("print.dialog.confirmMany", { count: labels }))
                  )
                    return;
                  actor.send({ type: "confirm" });
                }}
                disabled={busy || !state.matches({ open: "ready" }) || !answersValid(ctx)}
                data-testid="print-confirm"
              >
                {t(station ? "print.dialog.print" : "print.dialog.confirm")}
              </button>
            </div>
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

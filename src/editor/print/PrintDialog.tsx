// The print dialog (spec §2 dialog 7): preview with page controls on the left; records range with
// Choose, Print background, Driver / Cloud tabs, the printer (browser print, a driver printer
// through the local print assistant, or a cloud device), copies, Cancel / Confirm on the right.
// Its states live in printDialog.machine.
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  type DriverList,
  listedCloud,
  type PrintDevice,
  type PrintRequest,
  printDialogMachine,
} from "../../../machines/printDialog.machine";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import { message } from "../../app/ui/message";
import { createResolver, recordCount } from "../../data/index";
import { printHelpHref } from "../../help/links";
import type { MeasureUnit } from "../../model/constants";
import { serializeTprt } from "../../model/file/index";
import type { LabelDocument } from "../../model/types";
import { fromMm } from "../../model/units";
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
import { prepareRender } from "../../render/index";
import { useWorkbooks } from "../data/context";
import { inspected } from "../inspector/actorOptions";
import { AssistantClient } from "./assistantClient";
import { drawPagePng } from "./cloudDraw";
import { loadCloudDevices, sendCloudJob } from "./cloudPrint";
import { takeOpener } from "./opener";
import { jobHtml, printInIframe } from "./printHtml";
import { recordPrint } from "./printRecord";
import { RecordSelectDialog } from "./RecordSelectDialog";
import { useModalFocus } from "./useModalFocus";
import "./print.css";
import { userSettings } from "../../app/settings/userSettings";

export const BROWSER_DEVICE: PrintDevice = { id: "__browser__", name: "" };
const FONT_BASE = `${import.meta.env?.BASE_URL ?? "/label/"}fonts/`;

interface Props {
  readonly doc: LabelDocument;
  readonly unit: MeasureUnit;
  readonly onClose: () => void;
}

export function PrintDialog({ doc, unit, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { sheets } = useWorkbooks();
  const count = useMemo(() => Math.max(1, recordCount(doc, sheets)), [doc, sheets]);
  const [choices, setChoices] = useState<RecordChoice[]>(() => [...allRecords(count)]);
  const [choosing, setChoosing] = useState(false);
  // workbooks that finish loading change the record count: start again from all records
  const counted = useRef(count);
  useEffect(() => {
    if (counted.current === count) return;
    counted.current = count;
    setChoices([...allRecords(count)]);
  }, [count]);
  const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
  const total = Math.max(1, pageCount(labelCount(choices), perPage));
  const size = pageSize(doc);
  const hasBackground = typeof doc.attrs.background === "string" && doc.attrs.background !== "";
  const client = useMemo(() => new AssistantClient(), []);
  const live = useRef({ doc, choices, sheets });
  live.current = { doc, choices, sheets };

  const actor = useActorRef(
    printDialogMachine.provide({
      actors: {
        renderPreview: fromPromise(async ({ input }: { input: { page: number } }) => {
          const { doc: d, choices: c, sheets: s } = live.current;
          await prepareRender(d, { target: "print" });
          const resolve = createResolver(d, s, new Date());
          return pageSvg(d, recordsOfPage(c, perPage, input.page), resolve, { target: "print" });
        }),
        submit: fromPromise(async ({ input }: { input: PrintRequest }) => {
          const send = async () => {
            const { doc: d, choices: c, sheets: s } = live.current;
            if (input.printType === 2) {
              await prepareRender(d, { target: "print" });
              const resolve = createResolver(d, s, new Date());
              const pages = pageCount(labelCount(c), perPage);
              const size = pageSize(d);
              await sendCloudJob(
                { api: interfaceApi, userId: session.user()?.userid ?? "", drawPng: drawPagePng },
                {
                  device: input.device,
                  pages: (function* () {
                    for (let p = 1; p <= pages; p++)
                      yield pageSvg(d, recordsOfPage(c, perPage, p), resolve, { target: "print" });
                  })(),
                  widthMm: size.width,
                  heightMm: size.height,
                  copies: input.copies,
                },
              );
              return;
            }
            if (input.device.id === BROWSER_DEVICE.id) {
              await prepareRender(d, { target: "print" });
              const html = jobHtml({
                doc: d,
                choices: c,
                sheets: s,
                copies: input.copies,
                background: input.printBackground,
                fontBase: FONT_BASE,
              });
              await printInIframe(html);
              return;
            }
            await client.print({
              printer: input.device.id,
              xml: serializeTprt(d),
              copies: input.copies,
              records: c,
              sheets: Object.fromEntries(s),
              background: input.printBackground,
              lang: i18n.language,
            });
          };
          await send();
          // history and use counts (spec calls 21–24); their answers are not shown
          const userId = session.user()?.userid;
          if (userId) void recordPrint(interfaceApi, live.current.doc, { copies: input.copies, userId });
        }),
        loadDrivers: fromPromise(async (): Promise<DriverList> => {
          const browser = { ...BROWSER_DEVICE, name: t("print.dialog.browser") };
          try {
            const list = await client.printers(i18n.language);
            const devices = list.map((p) => ({ id: p.name, name: p.name }));
            // the printer of the user's print settings when it is there, else the first one found
            const own = devices.find((d) => d.id === userSettings.get().printer);
            return {
              devices: [browser, ...devices],
              preferred: own?.id ?? devices[0]?.id ?? BROWSER_DEVICE.id,
              assistantDown: false,
            };
          } catch {
            return { devices: [browser], preferred: BROWSER_DEVICE.id, assistantDown: true };
          }
        }),
        loadCloud: fromPromise((): Promise<readonly PrintDevice[]> => loadCloudDevices(interfaceApi)),
      },
    }),
    inspected("printDialog"),
  );
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
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
    });
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

  return (
    <>
      <div
        ref={overlayRef}
        className="ink-print-overlay"
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
              <input type="checkbox" checked={ctx.printBackground} disabled={!ctx.hasBackground} readOnly />
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
            {ctx.printType === 2 && cloudList.length === 0 && (
              <p className="ink-print-note" role="status">
                {t("print.cloud.none")}
              </p>
            )}
            {ctx.printType === 1 && ctx.assistantDown && (
              <p className="ink-print-note" role="status">
                {/* the download centre comes with the print-assistant issue: no link until it exists */}
                {t("print.assistant.notRunning")}
              </p>
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
            <a className="ink-print-help" href={help} target="_blank" rel="noreferrer">
              {t("print.dialog.help")}
            </a>
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
                disabled={busy || !state.matches({ open: "ready" })}
              >
                {t("print.dialog.confirm")}
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

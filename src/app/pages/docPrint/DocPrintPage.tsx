// /pdfPrint (application.md §1 document printing, §2, §5, §6): a document (PDF, picture, text, or an
// office file converted on the server) is cut into labels — auto crop for everyone, a custom box or a
// rows × columns split for members — previewed with movable boxes, and printed through the usual
// paths (print assistant, browser, cloud device) or saved as a label-size PDF. docs/docprint.md.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ToneMode } from "../../../docprint/compose";
import { type CutMode, cutPage, isMemberCut, pageLabels } from "../../../docprint/cut";
import { ACCEPT, CUT_DPI, MAX_DOC_BYTES, MAX_DOC_PAGES } from "../../../docprint/limits";
import { canvasGray, canvasPreview } from "../../../docprint/load";
import {
  labelsPdfBlob,
  type OutputJob,
  printInBrowser,
  printToAssistant,
  printToCloud,
  recordDocumentPrint,
} from "../../../docprint/output";
import { parsePageRange } from "../../../docprint/range";
import type { FracBox } from "../../../docprint/split";
import { MembershipPrompt } from "../../../editor/save/SaveDialogs";
import { TIP } from "../../../i18n/tips";
import { BOUNDS, clamp } from "../../../model/bounds";
import { LABEL_PRESETS } from "../../../model/presets";
import { interfaceApi } from "../../api/client";
import { fetchMemberInfo } from "../../api/memberInfo";
import { session } from "../../auth/session";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";
import { PagePreview } from "./PagePreview";
import { useDocument } from "./useDocument";
import { assistantOption, BROWSER, cloudOption, usePrintTargets } from "./usePrintTargets";
import "./docPrint.css";

const FONT_BASE = `${import.meta.env?.BASE_URL ?? "/label/"}fonts/`;
const SIZES = LABEL_PRESETS.filter((p) => !p.paper);
const CUSTOM = "custom";
const DEFAULT_BOX: FracBox = { x: 0.05, y: 0.05, w: 0.9, h: 0.9 };

interface CutPage {
  readonly n: number;
  readonly image: string;
  readonly aspect: number;
  readonly boxes: readonly FracBox[];
}

export default function DocPrintPage() {
  const { t, i18n } = useTranslation();
  const { doc, loading, error: loadError, thumbs, open: openDocument } = useDocument();
  const [range, setRange] = useState("");
  const [sizeId, setSizeId] = useState("100x150");
  const [width, setWidth] = useState("100");
  const [height, setHeight] = useState("150");
  const [mode, setMode] = useState<CutMode["kind"]>("auto");
  const [rows, setRows] = useState("5");
  const [columns, setColumns] = useState("2");
  const [customBox, setCustomBox] = useState<FracBox>(DEFAULT_BOX);
  const [tone, setTone] = useState<ToneMode>("threshold");
  const [cut, setCut] = useState<CutPage[] | null>(null);
  const [progress, setProgress] = useState("");
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [copies, setCopies] = useState("1");
  const { client, assistant, cloud, target, setTarget, chosen } = usePrintTargets();

  const pageCount = doc?.pages.pageCount ?? 0;
  const parsed = useMemo(() => parsePageRange(range, pageCount), [range, pageCount]);
  const rangeError = doc && !parsed.ok ? t("docprint.range.error", { count: pageCount }) : "";
  const size = {
    width: clamp("LabelWidth", Number(width), 100),
    height: clamp("LabelHeight", Number(height), 150),
  };
  const sizeOk = Number(width) > 0 && Number(height) > 0;
  const labelTotal = cut?.reduce((s, p) => s + p.boxes.length, 0) ?? 0;

  async function open(file: File) {
    setCut(null);
    if (await openDocument(file, size)) setRange("");
  }

  async function chooseMode(next: CutMode["kind"]) {
    if (next !== "auto") {
      const info = await fetchMemberInfo();
      if (!info?.isMember) {
        setPrompt(t("docprint.member"));
        return;
      }
    }
    setMode(next);
    setCut(null);
  }

  const cutMode = (): CutMode =>
    mode === "custom"
      ? { kind: "custom", box: customBox }
      : mode === "split"
        ? {
            kind: "split",
            rows: clamp("ColumnsRows", Number(rows), 1),
            columns: clamp("ColumnsRows", Number(columns), 1),
          }
        : { kind: "auto" };

  async function runCut() {
    if (!doc || !parsed.ok) return;
    const m = cutMode();
    if (isMemberCut(m) && !(await fetchMemberInfo())?.isMember) return setPrompt(t("docprint.member"));
    setBusy(true);
    setCut(null);
    try {
      const out: CutPage[] = [];
      for (const [i, n] of parsed.pages.entries()) {
        setProgress(t("docprint.progress.page", { page: i + 1, count: parsed.pages.length }));
        const canvas = await doc.pages.draw(n, CUT_DPI);
        const boxes = cutPage(canvasGray(canvas), m, CUT_DPI);
        out.push({ n, image: canvasPreview(canvas, 480), aspect: canvas.width / canvas.height, boxes });
        // each page is shown as soon as it is cut: the first labels appear while later pages are read
        setCut([...out]);
      }
    } catch {
      setCut(null);
      message.error(t("docprint.cut.failed"));
    } finally {
      setProgress("");
      setBusy(false);
    }
  }

  function removeBox(page: number, index: number) {
    setCut(
      (c) => c?.map((p) => (p.n === page ? { ...p, boxes: p.boxes.filter((_, i) => i !== index) } : p)) ?? c,
    );
  }

  function moveBox(page: number, index: number, box: FracBox) {
    if (mode === "custom") {
      // one box for every page
      setCustomBox(box);
      setCut((c) => c?.map((p) => ({ ...p, boxes: [box] })) ?? c);
      return;
    }
    setCut(
      (c) =>
        c?.map((p) => (p.n === page ? { ...p, boxes: p.boxes.map((b, i) => (i === index ? box : b)) } : p)) ??
        c,
    );
  }

  /** A box drawn by hand (members): in custom crop it is the one box of every page, else one more label of the page. */
  async function addBox(page: number, box: FracBox) {
    if (!(await fetchMemberInfo())?.isMember) return setPrompt(t("docprint.member"));
    if (mode === "custom") return moveBox(page, 0, box);
    setCut((c) => c?.map((p) => (p.n === page ? { ...p, boxes: [...p.boxes, box] } : p)) ?? c);
  }

  function job(dpi: number): OutputJob {
    const pages = cut ?? [];
    const source = doc?.pages;
    async function* labels() {
      if (!source) return;
      for (const p of pages) {
        if (!p.boxes.length) continue;
        const gray = canvasGray(await source.draw(p.n, dpi));
        yield* pageLabels(gray, p.boxes, { pageDpi: dpi, dpi, label: size, tone });
      }
    }
    return {
      labels: labels(),
      dpi,
      size,
      name: doc?.name ?? "",
      copies: clamp("Quantity", Number(copies), 1),
      onLabel: (n) => setProgress(t("docprint.progress.label", { label: n, count: labelTotal })),
    };
  }

  async function print() {
    if (!cut || !labelTotal) return;
    const to = chosen();
    setBusy(true);
    try {
      let n = 0;
      if (to.kind === "assistant") {
        const j = job(to.printer.dpi ?? CUT_DPI);
        n = await printToAssistant(client, to.printer.name, j, i18n.language);
      } else if (to.kind === "cloud") {
        n = await printToCloud(interfaceApi, session.user()?.userid ?? "", to.device, job(CUT_DPI));
      } else n = await printInBrowser(job(CUT_DPI), FONT_BASE);
      message.success(t(TIP.printSent));
      const userId = session.user()?.userid;
      const printer =
        to.kind === "assistant"
          ? { printerKind: "driver" as const, printer: to.printer.name }
          : to.kind === "cloud"
            ? { printerKind: "cloud" as const, printer: to.device.name }
            : { printerKind: "browser" as const, printer: "" };
      if (userId) void recordDocumentPrint(interfaceApi, userId, job(CUT_DPI), n, printer);
    } catch (e) {
      message.error(
        e instanceof Error && e.message && !/^(connect|closed|timeout)$/.test(e.message)
          ? e.message
          : t(TIP.printFailed),
      );
    } finally {
      setProgress("");
      setBusy(false);
    }
  }

  async function savePdf() {
    if (!cut || !labelTotal) return;
    setBusy(true);
    try {
      const blob = await labelsPdfBlob(job(CUT_DPI));
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `${doc?.name || "labels"}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } finally {
      setProgress("");
      setBusy(false);
    }
  }

  const sizeLabel = (id: string) => {
    const p = SIZES.find((s) => s.id === id);
    if (!p) return t("docprint.size.custom");
    return p.inch
      ? t("docprint.size.inch", { w: id.split("x")[0], h: id.split("x")[1].replace("in", "") })
      : t("docprint.size.mm", { w: p.layout.width, h: p.layout.height });
  };

  return (
    <main className="user-page docprint-page-root" aria-busy={busy || loading}>
      <h1>{t("docprint.title")}</h1>
      <p className="muted">{t("docprint.intro")}</p>

      <section className="card docprint-upload" aria-labelledby="docprint-upload-title">
        <h2 id="docprint-upload-title">{t("docprint.upload.title")}</h2>
        <label className="btn btn-primary docprint-file">
          {t("docprint.upload.choose")}
          <input
            type="file"
            accept={ACCEPT}
            data-testid="docprint-file"
            className="visually-hidden"
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (f) void open(f);
            }}
          />
        </label>
        <p className="muted">
          {t("docprint.upload.limits", { mb: MAX_DOC_BYTES / 1048576, pages: MAX_DOC_PAGES })}
        </p>
        {loadError ? (
          <p className="field-error" role="alert">
            {loadError}
          </p>
        ) : null}
        {doc ? (
          <p data-testid="docprint-doc">
            {t("docprint.upload.loaded", { name: doc.name, count: pageCount })}
          </p>
        ) : null}
        {thumbs.length ? (
          <ol className="docprint-thumbs" aria-label={t("docprint.thumbs")}>
            {thumbs.map((src, i) => (
              <li key={src.slice(-32) + String(i)}>
                <img src={src} alt={t("docprint.preview.page", { page: i + 1 })} />
                <span>{i + 1}</span>
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      {doc ? (
        <section className="card docprint-settings" aria-labelledby="docprint-settings-title">
          <h2 id="docprint-settings-title">{t("docprint.settings")}</h2>
          <Field
            label={t("docprint.range.label")}
            value={range}
            placeholder={t("docprint.range.placeholder")}
            error={rangeError}
            onChange={(e) => {
              setRange(e.target.value);
              setCut(null);
            }}
          />
          <div className="docprint-row">
            <div className="field">
              <label htmlFor="docprint-size">{t("docprint.size.label")}</label>
              <select
                id="docprint-size"
                value={sizeId}
                onChange={(e) => {
                  const id = e.target.value;
                  setSizeId(id);
                  const p = SIZES.find((s) => s.id === id);
                  if (p) {
                    setWidth(String(p.layout.width));
                    setHeight(String(p.layout.height));
                  }
                  setCut(null);
                }}
              >
                {SIZES.map((p) => (
                  <option key={p.id} value={p.id}>
                    {sizeLabel(p.id)}
                  </option>
                ))}
                <option value={CUSTOM}>{t("docprint.size.custom")}</option>
              </select>
            </div>
            <Field
              label={t("docprint.size.width")}
              type="number"
              min={BOUNDS.LabelWidth.min}
              max={BOUNDS.LabelWidth.max}
              step={BOUNDS.LabelWidth.step}
              value={width}
              onChange={(e) => {
                setWidth(e.target.value);
                setSizeId(CUSTOM);
              }}
            />
            <Field
              label={t("docprint.size.height")}
              type="number"
              min={BOUNDS.LabelHeight.min}
              max={BOUNDS.LabelHeight.max}
              step={BOUNDS.LabelHeight.step}
              value={height}
              onChange={(e) => {
                setHeight(e.target.value);
                setSizeId(CUSTOM);
              }}
            />
          </div>
          <fieldset className="docprint-modes">
            <legend>{t("docprint.mode.label")}</legend>
            {(["auto", "custom", "split"] as const).map((m) => (
              <label key={m}>
                <input
                  type="radio"
                  name="docprint-mode"
                  checked={mode === m}
                  onChange={() => void chooseMode(m)}
                />
                {t(`docprint.mode.${m}`)}
                {m !== "auto" ? (
                  <span className="docprint-member-badge">{t("docprint.mode.memberBadge")}</span>
                ) : null}
              </label>
            ))}
          </fieldset>
          {mode === "split" ? (
            <div className="docprint-row">
              <Field
                label={t("docprint.split.rows")}
                type="number"
                min={BOUNDS.ColumnsRows.min}
                max={BOUNDS.ColumnsRows.max}
                value={rows}
                onChange={(e) => setRows(e.target.value)}
              />
              <Field
                label={t("docprint.split.columns")}
                type="number"
                min={BOUNDS.ColumnsRows.min}
                max={BOUNDS.ColumnsRows.max}
                value={columns}
                onChange={(e) => setColumns(e.target.value)}
              />
            </div>
          ) : null}
          {mode === "custom" ? <p className="muted">{t("docprint.custom.help")}</p> : null}
          <fieldset className="docprint-modes">
            <legend>{t("docprint.tone.label")}</legend>
            {(["threshold", "dither"] as const).map((m) => (
              <label key={m}>
                <input type="radio" name="docprint-tone" checked={tone === m} onChange={() => setTone(m)} />
                {t(`docprint.tone.${m}`)}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !parsed.ok || !sizeOk}
            onClick={() => void runCut()}
          >
            {t("docprint.cut.run")}
          </button>
        </section>
      ) : null}

      {progress ? (
        <p className="muted" role="status">
          {progress}
        </p>
      ) : null}

      {cut ? (
        <section className="card docprint-preview" aria-labelledby="docprint-preview-title">
          <h2 id="docprint-preview-title">{t("docprint.preview.title")}</h2>
          <p data-testid="docprint-count">{t("docprint.preview.count", { count: labelTotal })}</p>
          <div className="docprint-pages">
            {cut.map((p) => (
              <PagePreview
                key={p.n}
                page={p.n}
                image={p.image}
                aspect={p.aspect}
                boxes={p.boxes}
                onChange={(i, b) => moveBox(p.n, i, b)}
                onRemove={mode === "custom" ? undefined : (i) => removeBox(p.n, i)}
                onAdd={(b) => void addBox(p.n, b)}
                addButton={mode !== "custom"}
              />
            ))}
          </div>
          <div className="docprint-row docprint-output">
            <div className="field">
              <label htmlFor="docprint-printer">{t("docprint.print.printer")}</label>
              <select
                id="docprint-printer"
                data-testid="docprint-printer"
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              >
                <option value={BROWSER}>{t("print.dialog.browser")}</option>
                {(assistant ?? []).map((p) => (
                  <option key={p.name} value={assistantOption(p)}>
                    {p.name}
                  </option>
                ))}
                {cloud.map((d) => (
                  <option key={d.id} value={cloudOption(d)}>
                    {t("docprint.print.cloud", { name: d.name })}
                  </option>
                ))}
              </select>
              {assistant && !assistant.length ? (
                <p className="muted">{t("print.assistant.notRunning")}</p>
              ) : null}
            </div>
            <Field
              label={t("docprint.print.copies")}
              type="number"
              min={1}
              value={copies}
              onChange={(e) => setCopies(e.target.value)}
              onBlur={() => setCopies(String(clamp("Quantity", Number(copies) || 1, 1)))}
            />
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || !labelTotal}
              onClick={() => void print()}
            >
              {t("docprint.print.run")}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy || !labelTotal}
              onClick={() => void savePdf()}
            >
              {t("docprint.print.pdf")}
            </button>
          </div>
        </section>
      ) : null}
      {prompt ? <MembershipPrompt text={prompt} onClose={() => setPrompt("")} /> : null}
    </main>
  );
}

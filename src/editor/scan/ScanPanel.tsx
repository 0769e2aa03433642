// The scan panel (issue 27; label-editor.md §2 top bar "scan"): a code from a keyboard-wedge
// scanner (anywhere in the editor while the panel is open), the camera or typed in is looked up in
// the label's key column (src/data/scanIndex, indexed once); the record found is shown on the
// canvas, and with "print on scan" it prints to the last used printer with the chosen copies. The
// flow lives in machines/scan.machine.ts. A label with prompts (issue 38) asks them first, in the
// print dialog's form: the answers hold for the session, and "Change answers" asks them again.
import { useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { answerMap } from "../../../machines/printDialog.machine";
import type { CloudLabel } from "../../app/api/cloudSave";
import { AssistantClient } from "../../app/printing/assistantClient";
import { message } from "../../app/ui/message";
import { checkPrompts, promptsOf } from "../../data/index";
import {
  buildScanIndex,
  defaultScanKey,
  scanKeyOptions,
  scanKeySignature,
  scanKeyValues,
} from "../../data/scanIndex";
import type { LabelDocument } from "../../model/types";
import { useDataContext, useWorkbooks } from "../data/context";
import { readLastPrinter } from "../print/lastPrinter";
import { Camera } from "./Camera";
import { readScanKey, writeScanKey } from "./keyStore";
import { ScanHistory } from "./ScanHistory";
import { ScannerSetupFields } from "./ScannerSetupFields";
import { ScanPrompts } from "./ScanPrompts";
import { readScanner, writeScanner } from "./scannerStore";
import { beep } from "./sound";
import { type LiveScan, useScanActor } from "./useScanActor";
import { SCAN_FIELD_ATTR, useWedge } from "./useWedge";
import type { ScannerSetup } from "./wedge";
import "../print/print.css";
import "./scan.css";

interface Props {
  readonly doc: LabelDocument;
  /** the label's cloud identity: a print record names the saved template (Reprint opens it) */
  readonly cloud: CloudLabel;
  /** print on scan was switched on: the editor saves the label first, as Print does */
  readonly onPrintOnScan: () => void;
  readonly onClose: () => void;
  /** where a scanner's codes are heard, said above the panel (default: anywhere in the editor) */
  readonly hint?: string;
}

export function ScanPanel({ doc, cloud, onPrintOnScan, onClose, hint }: Props) {
  const { t, i18n } = useTranslation();
  const data = useDataContext();
  const { sheets, loading } = useWorkbooks();
  const options = useMemo(() => scanKeyOptions(doc, sheets), [doc, sheets]);
  const [stored, setStored] = useState(() => readScanKey(doc.attrs));
  const key = defaultScanKey(options, doc, stored);
  // indexed once per key, record count and workbooks: not again on every edit of the label
  const signature = key ? scanKeySignature(doc, sheets, key.key) : "";
  const docRef = useRef(doc);
  docRef.current = doc;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature names what the values depend on
  const index = useMemo(
    () => (key ? buildScanIndex(scanKeyValues(docRef.current, sheets, key.key)) : null),
    [sheets, signature],
  );
  const printer = readLastPrinter();
  const client = useMemo(() => new AssistantClient(), []);
  // the label's prompts: asked before the session starts, answers kept while the panel is open
  const prompts = useMemo(() => promptsOf(doc), [doc]);
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(prompts.map((p) => [p.name, p.default ?? ""])),
  );
  const [asking, setAsking] = useState(prompts.length > 0);
  const checked = checkPrompts(prompts, answerMap(answers));
  const live = useRef<LiveScan>({ doc, sheets, cloud, answers: checked.ok ? checked.values : null });
  live.current = { doc, sheets, cloud, answers: checked.ok ? checked.values : null };

  const actor = useScanActor(live, client);
  const ctx = useSelector(actor, (s) => s.context);
  /** record numbers as the language writes them (4,321) */
  const num = (n: unknown) => (typeof n === "number" ? n.toLocaleString(i18n.language) : n);
  const [copies, setCopies] = useState("1");
  const [code, setCode] = useState("");
  const [camera, setCamera] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; t is read when called
  useEffect(() => {
    const subs = [
      actor.on("show", (e) => data?.store.setRecord(e.record)),
      actor.on("message", (e) => message[e.level](t(e.key, { ...e.vars, n: num(e.vars?.n) }))),
      actor.on("sound", (e) => beep(e.ok)),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
      client.close();
    };
  }, []);

  const scan = (raw: string) => {
    const c = raw.replace(/[\r\n]+$/, "");
    if (c.trim() === "") return;
    if (asking) {
      // nothing is printed with answers not given yet
      message.error(t("editor.scan.prompts.first"));
      return;
    }
    actor.send({ type: "scan", code: c, match: index?.lookup(c) ?? null });
  };
  const [scanner, setScanner] = useState(readScanner);
  const changeScanner = (next: ScannerSetup) => {
    writeScanner(next);
    setScanner(next);
  };
  // a scanner-fast burst whose suffix never came: shown as received, with what to check
  const [partial, setPartial] = useState<string | null>(null);
  useWedge(
    (c) => {
      setPartial(null);
      scan(c);
    },
    scanner,
    setPartial,
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    scan(code);
    setCode("");
  };

  return (
    <section
      className="ink-scan"
      aria-label={t("editor.scan.title")}
      data-testid="scan-panel"
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.stopPropagation();
        onClose();
      }}
    >
      <header className="ink-scan-head">
        <h2>{t("editor.scan.title")}</h2>
        <button
          type="button"
          className="ink-tool"
          aria-label={t("editor.scan.close")}
          title={t("editor.scan.close")}
          onClick={onClose}
          data-testid="scan-close"
        >
          ×
        </button>
      </header>
      <p className="ink-scan-note">{hint ?? t("editor.scan.hint")}</p>
      <ScanPrompts
        prompts={prompts}
        answers={answers}
        valid={checked.ok ? checked.values : null}
        asking={asking}
        onAnswer={(name, value) => setAnswers((a) => ({ ...a, [name]: value }))}
        onAsking={setAsking}
      />
      {key ? (
        <label className="ink-scan-field">
          <span>{t("editor.scan.key")}</span>
          <select
            value={key.id}
            data-testid="scan-key"
            onChange={(e) => {
              writeScanKey(doc.attrs, e.target.value);
              setStored(e.target.value);
            }}
          >
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="ink-scan-note" role="status" data-testid="scan-no-key">
          {t(loading.size > 0 ? "editor.scan.loading" : "editor.scan.noKey")}
        </p>
      )}
      <form className="ink-scan-row" onSubmit={submit}>
        <input
          {...{ [SCAN_FIELD_ATTR]: "" }}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-label={t("editor.scan.code")}
          placeholder={t("editor.scan.code")}
          autoComplete="off"
          data-testid="scan-code"
        />
        <button type="submit" className="ink-btn" data-testid="scan-find">
          {t("editor.scan.find")}
        </button>
        <button
          type="button"
          className="ink-btn"
          aria-pressed={camera}
          onClick={() => setCamera((v) => !v)}
          data-testid="scan-camera"
        >
          {t("editor.scan.camera")}
        </button>
      </form>
      {camera && <Camera onCode={scan} />}
      <fieldset className="ink-scan-print">
        <legend>{t("editor.scan.quickPrint")}</legend>
        <label className="ink-scan-check">
          <input
            type="checkbox"
            checked={ctx.printOnScan}
            disabled={!printer}
            onChange={(e) => {
              if (e.target.checked) onPrintOnScan();
              actor.send({ type: "printOnScan.set", on: e.target.checked });
            }}
            data-testid="scan-print-on-scan"
          />
          <span>{t("editor.scan.printOnScan")}</span>
        </label>
        <label className="ink-scan-field">
          <span>{t("editor.scan.copies")}</span>
          <input
            type="number"
            min={1}
            max={999}
            value={copies}
            onChange={(e) => {
              setCopies(e.target.value);
              actor.send({ type: "copies.set", copies: Number.parseInt(e.target.value, 10) });
            }}
            onBlur={() => setCopies(String(actor.getSnapshot().context.copies))}
            data-testid="scan-copies"
          />
        </label>
        <p className="ink-scan-note" data-testid="scan-printer">
          {printer ? t("editor.scan.printer", { name: printer.device.name }) : t("editor.scan.noPrinter")}
        </p>
      </fieldset>
      {ctx.duplicate?.match && (
        <div
          className="ink-scan-ask"
          role="alertdialog"
          aria-label={t("editor.scan.again")}
          data-testid="scan-duplicate"
        >
          <p>
            {t("editor.scan.duplicate", { n: num(ctx.duplicate.match.record + 1), code: ctx.duplicate.code })}
          </p>
          <button
            type="button"
            className="ink-btn is-primary"
            onClick={() => actor.send({ type: "duplicate.print" })}
          >
            {t("editor.scan.again")}
          </button>
          <button type="button" className="ink-btn" onClick={() => actor.send({ type: "duplicate.skip" })}>
            {t("editor.scan.skip")}
          </button>
        </div>
      )}
      {partial !== null && (
        <p className="ink-scan-result is-error" role="status" data-testid="scan-partial">
          {t("editor.scan.partial", { text: partial, suffix: t(`editor.scan.suffix.${scanner.suffix}`) })}
        </p>
      )}
      <ScannerSetupFields scanner={scanner} onChange={changeScanner} />
      <ScanHistory scans={ctx.scans} num={num} />
    </section>
  );
}

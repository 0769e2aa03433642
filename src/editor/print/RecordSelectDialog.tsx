// Record-selection dialog (spec §2 dialog 8): search, sheet → column cascade, a virtualised table of
// records with a checkbox (all chosen by default) and copies per row. tip52 when nothing is chosen.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import type { Sheets } from "../../data/index";
import { TIP } from "../../i18n/tips";
import type { LabelDocument } from "../../model/types";
import type { RecordChoice } from "../../print/plan";
import { Dialog } from "../dialogs/Dialog";
import { cellText, choicesOf, headerText, searchRows, sheetSource } from "./recordRows";

const ROW_HEIGHT = 32;
const VIEW_HEIGHT = 320;
const OVERSCAN = 6;

interface Props {
  readonly doc: LabelDocument;
  readonly sheets: Sheets;
  readonly count: number;
  readonly initial: readonly RecordChoice[];
  readonly onConfirm: (choices: RecordChoice[]) => void;
  readonly onCancel: () => void;
}

export function RecordSelectDialog({ doc, sheets, count, initial, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const src = useMemo(() => sheetSource(doc, sheets), [doc, sheets]);
  const [sheet, setSheet] = useState(src?.sheet ?? 0);
  const [column, setColumn] = useState(src?.column ?? 0);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState(() => new Set(initial.map((c) => c.record)));
  const [copies, setCopies] = useState(() => new Map(initial.map((c) => [c.record, String(c.copies)])));
  const [scroll, setScroll] = useState(0);
  const text = (i: number) => (src ? cellText(sheets, src, sheet, column, i) : String(i + 1));
  // biome-ignore lint/correctness/useExhaustiveDependencies: text depends on exactly these
  const rows = useMemo(() => searchRows(count, query, text), [count, query, sheet, column, src, sheets]);
  const first = Math.max(0, Math.floor(scroll / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scroll + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const allChosen = rows.length > 0 && rows.every((r) => selected.has(r));
  const columns = src?.sheets[sheet]?.children ?? [];

  const toggle = (r: number, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(r);
      else n.delete(r);
      return n;
    });
  const toggleAll = (on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      for (const r of rows)
        if (on) n.add(r);
        else n.delete(r);
      return n;
    });
  const confirm = () => {
    if (selected.size === 0) {
      message.error(t(TIP.chooseRecord));
      return;
    }
    onConfirm(choicesOf(selected, copies));
  };

  return (
    <Dialog
      title={t("print.records.title")}
      onClose={onCancel}
      testId="print-records"
      wide
      footer={
        <>
          <button type="button" className="ink-btn" onClick={onCancel}>
            {t("print.dialog.cancel")}
          </button>
          <button type="button" className="ink-btn is-primary" onClick={confirm}>
            {t("print.dialog.confirm")}
          </button>
        </>
      }
    >
      <div className="ink-print-records">
        <div className="ink-print-records-tools">
          <input
            type="search"
            aria-label={t("print.records.search")}
            placeholder={t("print.records.search")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {src && (
            <>
              <select
                aria-label={t("print.records.sheet")}
                value={sheet}
                onChange={(e) => {
                  setSheet(Number(e.target.value));
                  setColumn(0);
                }}
              >
                {src.sheets.map((s) => (
                  <option key={s.index} value={s.index}>
                    {s.text}
                  </option>
                ))}
              </select>
              <select
                aria-label={t("print.records.column")}
                value={column}
                onChange={(e) => setColumn(Number(e.target.value))}
              >
                {columns.map((c) => (
                  <option key={c.index} value={c.index}>
                    {c.text}
                  </option>
                ))}
              </select>
            </>
          )}
        </div>
        <div className="ink-print-records-head">
          <label>
            <input type="checkbox" checked={allChosen} onChange={(e) => toggleAll(e.target.checked)} />
            {t("print.records.all")}
          </label>
          <span>{src ? headerText(sheets, src, sheet, column) : t("print.records.value")}</span>
          <span>{t("print.records.count")}</span>
        </div>
        <div
          className="ink-print-records-body"
          style={{ height: VIEW_HEIGHT }}
          onScroll={(e) => setScroll(e.currentTarget.scrollTop)}
          data-testid="print-records-body"
        >
          <div style={{ height: rows.length * ROW_HEIGHT, position: "relative" }}>
            {rows.slice(first, last).map((r, k) => (
              <div
                key={r}
                className="ink-print-records-row"
                style={{ top: (first + k) * ROW_HEIGHT, height: ROW_HEIGHT }}
                data-record={r}
              >
                <input
                  type="checkbox"
                  aria-label={t("print.records.row", { n: r + 1 })}
                  checked={selected.has(r)}
                  onChange={(e) => toggle(r, e.target.checked)}
                />
                <span className="ink-print-records-cell">{text(r)}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  aria-label={t("print.records.copies", { n: r + 1 })}
                  value={copies.get(r) ?? "1"}
                  onChange={(e) => {
                    const v = e.target.value.replace(/\D+/g, "").slice(0, 5);
                    setCopies((m) => new Map(m).set(r, v));
                  }}
                  onBlur={() => {
                    const v = copies.get(r) ?? "1";
                    if (!v || Number(v) === 0) setCopies((m) => new Map(m).set(r, "1"));
                  }}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
    </Dialog>
  );
}

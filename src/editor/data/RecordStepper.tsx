// Pages the canvas through the label's records (issue 7): first, previous, "n / total", next, last.
// Hidden while the label has a single record; a linked sheet without data rows shows tip107.
import { useTranslation } from "react-i18next";
import { useDataContext, useWorkbooks } from "./context";
import "./data.css";
import { TIP } from "../../i18n/tips";

// 16×16 glyphs: bar + triangle (first/last), triangle (previous/next)
const FIRST = "M3 3h2v10H3zM13 3v10L6 8z";
const PREV = "M11 3v10L4 8z";
const NEXT = "M5 3v10l7-5z";
const LAST = "M11 3h2v10h-2zM3 3v10l7-5z";

export function RecordStepper() {
  const { t } = useTranslation();
  const ctx = useDataContext();
  const { recordIndex, total } = useWorkbooks();
  if (!ctx || total === 1) return null;
  if (total < 1)
    return (
      <div className="ink-records is-empty" data-testid="record-stepper" role="status">
        {t(TIP.nothingHere)}
      </div>
    );
  const go = (i: number) => ctx.store.setRecord(i);
  const first = recordIndex <= 0;
  const last = recordIndex >= total - 1;
  const button = (key: string, testId: string, to: number, disabled: boolean, path: string) => (
    <button
      type="button"
      className="ink-tool"
      aria-label={t(key)}
      title={t(key)}
      data-testid={testId}
      disabled={disabled}
      onClick={() => go(to)}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
        <path d={path} />
      </svg>
    </button>
  );
  return (
    <nav className="ink-records" aria-label={t("editor.data.records")} data-testid="record-stepper">
      {button("editor.data.first", "record-first", 0, first, FIRST)}
      {button("editor.data.previous", "record-prev", recordIndex - 1, first, PREV)}
      <output className="ink-records-value" data-testid="record-value" aria-live="polite">
        {t("editor.data.recordOf", { n: recordIndex + 1, total })}
      </output>
      {button("editor.data.next", "record-next", recordIndex + 1, last, NEXT)}
      {button("editor.data.last", "record-last", total - 1, last, LAST)}
    </nav>
  );
}

// The record range of a batch export (a label whose data sources give several records): all
// records, or from–to (1-based, each number clamped to 1..total when the field is left, anything
// unreadable explained with a translated message). Export starts the job with the 0-based range.
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RecordRange } from "../../export/layout";
import { checkRange, clampField, type RangeMode } from "./batchRange";
import { ChoiceButtons, ModalShell } from "./ModalShell";

export function BatchExportDialog({
  total,
  note,
  onExport,
  onCancel,
}: {
  readonly total: number;
  /** shown above the range (the characters no font draws) */
  readonly note?: ReactNode;
  readonly onExport: (range: RecordRange) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<RangeMode>("all");
  const [from, setFrom] = useState("1");
  const [to, setTo] = useState(String(total));
  const errorId = useId();
  const check = checkRange(mode, from, to, total);
  const error = check.ok ? null : t(check.key, check.vars);
  const clamp = (text: string, set: (v: string) => void) => {
    const n = clampField(text, total);
    if (n !== null) set(String(n));
  };
  const submit = () => {
    if (check.ok) onExport(check.range);
  };
  // Enter in a field exports
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    submit();
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <label className="ink-field">
      <span>{label}</span>
      <input
        inputMode="numeric"
        value={value}
        disabled={mode !== "some"}
        aria-invalid={mode === "some" && !check.ok}
        aria-describedby={errorId}
        onChange={(e) => set(e.target.value)}
        onBlur={(e) => clamp(e.target.value, set)}
        onKeyDown={onEnter}
        data-testid={`batch-${id}`}
      />
    </label>
  );

  return (
    <ModalShell
      title={t("editor.batch.title")}
      onClose={onCancel}
      testId="batch-dialog"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "batch-cancel" },
            {
              label: t("editor.batch.export"),
              onSelect: submit,
              testId: "batch-export",
              tone: "primary",
              disabled: !check.ok,
            },
          ]}
        />
      }
    >
      <div>
        {note}
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t("editor.batch.range")}</legend>
          <label style={{ display: "block", marginBottom: 6 }}>
            <input
              type="radio"
              name="batch-range"
              checked={mode === "all"}
              onChange={() => setMode("all")}
              data-testid="batch-all"
            />{" "}
            {t("editor.batch.all", { total })}
          </label>
          <label style={{ display: "block", marginBottom: 6 }}>
            <input
              type="radio"
              name="batch-range"
              checked={mode === "some"}
              onChange={() => setMode("some")}
              data-testid="batch-some"
            />{" "}
            {t("editor.batch.some")}
          </label>
          <div className="ink-field-row">
            {field("from", t("editor.batch.from"), from, setFrom)}
            {field("to", t("editor.batch.to"), to, setTo)}
          </div>
        </fieldset>
        <p id={errorId} className="ink-field-error" role="alert" data-testid="batch-error">
          {error}
        </p>
        {check.ok && <p data-testid="batch-count">{t("editor.batch.count", { n: check.count })}</p>}
      </div>
    </ModalShell>
  );
}

// Small labelled controls shared by the element panels. Numbers go through the shared bounds
// (src/model/bounds.ts): out-of-range input is clamped before it is committed, never stored.
import { BOUNDS, type BoundName } from "../../../model/bounds";
import type { MeasureUnit } from "../../../model/constants";
import { fromMm } from "../../../model/units";
import { clampInput, clampLengthInput, lengthBound } from "./clampInput";
import { type Draft, draftInputProps, useDraft } from "./useDraft";

interface BoundFieldProps {
  readonly label: string;
  readonly bound: BoundName;
  /** the current value; undefined shows an empty field (multi-selection with differing values) */
  readonly value: number | undefined;
  readonly onCommit: (value: number) => void;
  readonly testId?: string;
  readonly disabled?: boolean;
  /** a length: the value and the bound are mm, shown and typed in this unit (useLength's) */
  readonly unit?: MeasureUnit;
}

/** A numeric input bound to one of the spec's bounds; commits on blur or Enter. */
export function BoundField({ label, bound, value, onCommit, testId, disabled, unit }: BoundFieldProps) {
  const b = unit ? lengthBound(bound, unit) : BOUNDS[bound];
  const shown = value === undefined ? "" : String(unit ? fromMm(value, unit) : value);
  const draft = useDraft(shown);
  const commit = () => {
    const text = draft.take();
    // nothing typed, or not a number: the field shows the stored value again
    // a length typed as it is shown is left as stored (its mm may hold more than the unit shows)
    const same = unit !== undefined && text !== null && text.trim() !== "" && Number(text) === Number(shown);
    const v =
      text === null || same ? null : unit ? clampLengthInput(bound, text, unit) : clampInput(bound, text);
    if (v !== null && v !== value) onCommit(v);
  };
  return (
    <NumberInput
      label={label}
      draft={draft}
      commit={commit}
      min={b.min}
      max={b.max}
      step={"step" in b ? b.step : undefined}
      disabled={disabled}
      testId={testId}
    />
  );
}

interface NumberInputProps {
  readonly label: string;
  readonly draft: Draft;
  /** takes the draft (blur, Enter) and commits what was typed */
  readonly commit: () => void;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly testId?: string;
}

/** The labelled number input of the panels' number fields: typed into a draft, committed on blur or Enter. */
export function NumberInput({
  label,
  draft,
  commit,
  min,
  max,
  step,
  disabled,
  readOnly,
  testId,
}: NumberInputProps) {
  return (
    <label className="ink-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        readOnly={readOnly}
        aria-readonly={readOnly}
        data-testid={testId}
        {...draftInputProps(draft, commit)}
      />
    </label>
  );
}

interface CheckProps {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (v: boolean) => void;
  readonly testId?: string;
  readonly disabled?: boolean;
}

export function Check({ label, checked, onChange, testId, disabled }: CheckProps) {
  return (
    <label className="ink-field ink-field-check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

interface ChoiceProps<V extends string | number> {
  readonly label: string;
  readonly value: V | undefined;
  readonly options: readonly { readonly value: V; readonly label: string }[];
  readonly onChange: (v: V) => void;
  readonly testId?: string;
  readonly disabled?: boolean;
}

/** A labelled <select>; an undefined value shows an empty choice (differing values). */
export function Choice<V extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
  disabled,
}: ChoiceProps<V>) {
  return (
    <label className="ink-field">
      <span>{label}</span>
      <select
        value={value === undefined ? "" : String(value)}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const hit = options.find((o) => String(o.value) === e.target.value);
          if (hit) onChange(hit.value);
        }}
      >
        {value === undefined && <option value="" />}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

interface TextInputProps {
  readonly label: string;
  readonly value: string;
  readonly onCommit: (v: string) => void;
  readonly testId?: string;
  readonly maxLength?: number;
  /** several lines (a textarea): Enter starts a new line, Ctrl/Cmd+Enter or leaving the field commits */
  readonly multiline?: boolean;
}

/** A text input committing on blur or Enter (multi-line: on blur or Ctrl/Cmd+Enter). */
export function TextInput({ label, value, onCommit, testId, maxLength = 1000, multiline }: TextInputProps) {
  const draft = useDraft(value);
  const text = draft.text;
  const commit = () => {
    const typed = draft.take();
    if (typed !== null && typed !== value) onCommit(typed);
  };
  const props = {
    value: text,
    maxLength,
    "data-testid": testId,
    onChange: (e: { target: { value: string } }) => draft.edit(e.target.value),
    onBlur: commit,
    onKeyDown: (e: { key: string; ctrlKey: boolean; metaKey: boolean }) => {
      if (e.key === "Enter" && (!multiline || e.ctrlKey || e.metaKey)) commit();
    },
  };
  const control = multiline ? (
    <textarea {...props} rows={Math.min(6, Math.max(2, text.split("\n").length))} />
  ) : (
    <input {...props} />
  );
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the input or textarea chosen above
    <label className="ink-field">
      <span>{label}</span>
      {control}
    </label>
  );
}

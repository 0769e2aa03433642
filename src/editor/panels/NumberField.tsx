// A numeric input that commits on blur or Enter; the caller clamps (out-of-range input is never stored).
import { NumberInput } from "./fields/controls";
import { useDraft } from "./fields/useDraft";

interface NumberFieldProps {
  readonly label: string;
  readonly value: number;
  readonly decimals?: number;
  readonly readOnly?: boolean;
  readonly onCommit?: (value: number) => void;
  readonly testId?: string;
  readonly step?: number;
}

export function NumberField({
  label,
  value,
  decimals = 2,
  readOnly,
  onCommit,
  testId,
  step,
}: NumberFieldProps) {
  const shown = String(Math.round(value * 10 ** decimals) / 10 ** decimals);
  const draft = useDraft(shown);
  const commit = () => {
    const text = draft.take();
    if (text === null) return;
    const n = Number(text);
    // a refused or clamped value shows what is stored (the field shows the stored value again)
    if (text.trim() !== "" && Number.isFinite(n) && n !== Number(shown)) onCommit?.(n);
  };
  return (
    <NumberInput
      label={label}
      draft={draft}
      commit={commit}
      step={step ?? 10 ** -decimals}
      readOnly={readOnly}
      testId={testId}
    />
  );
}

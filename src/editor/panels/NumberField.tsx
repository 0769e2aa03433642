// A numeric input that commits on blur or Enter; the caller clamps (out-of-range input is never stored).
import { useEffect, useState } from "react";

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
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    const n = Number(text);
    // a refused or clamped value shows what is stored (the stored value, once it changes, follows)
    if (text.trim() !== "" && Number.isFinite(n) && n !== Number(shown)) onCommit?.(n);
    setText(shown);
  };
  return (
    <label className="ink-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        step={step ?? 10 ** -decimals}
        value={text}
        readOnly={readOnly}
        aria-readonly={readOnly}
        data-testid={testId}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
    </label>
  );
}

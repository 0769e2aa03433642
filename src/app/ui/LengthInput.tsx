// A length field of the app's pages and dialogs (stored in mm) shown and typed in the user's unit,
// through the one conversion (src/model/units.ts). Every parseable keystroke is stored; the typed
// text stays on screen while it still means the stored value ("2." while typing 2.5), and a value
// set from elsewhere (a preset, an estimate) replaces it.
import { type InputHTMLAttributes, useState } from "react";
import { fromMm, toMm } from "../../model/units";
import { Field } from "./Field";
import { useLength } from "./useLength";

interface LengthInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "type"> {
  /** message key of the label, with a {{unit}} placeholder */
  readonly labelKey: string;
  readonly mm: number;
  readonly onMm: (mm: number) => void;
  /** 0 is shown as an empty field (e.g. "from the picture's proportions") */
  readonly blankZero?: boolean;
  /** negative lengths are allowed (offsets) */
  readonly signed?: boolean;
  readonly error?: string | null;
}

export function LengthInput({ labelKey, mm, onMm, blankZero, signed, ...input }: LengthInputProps) {
  const { unit, label } = useLength();
  const [typed, setTyped] = useState<string | null>(null);
  const stored = blankZero && mm === 0 ? "" : String(fromMm(mm, unit));
  const keeps = typed !== null && (typed.trim() === "" || toMm(Number(typed), unit) === mm);
  return (
    <Field
      {...input}
      label={label(labelKey)}
      inputMode="decimal"
      value={keeps ? typed : stored}
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        const n = Number(text);
        if (text.trim() === "") {
          if (blankZero) onMm(0);
        } else if (Number.isFinite(n) && (signed || n >= 0)) onMm(toMm(n, unit));
      }}
    />
  );
}

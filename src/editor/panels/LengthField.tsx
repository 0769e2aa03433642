// A length of the attribute panel (stored in mm) shown and typed in the user's unit: mm to 2
// decimals, inch to 3 (application.md §9: 25.4 mm per inch).
import { useTranslation } from "react-i18next";
import { useUnit } from "../../app/settings/userSettings";
import { fromMm, toMm } from "../../model/units";
import { NumberField } from "./NumberField";

interface LengthFieldProps {
  /** message key of the label, with a {{unit}} placeholder */
  readonly labelKey: string;
  /** mm */
  readonly value: number;
  readonly readOnly?: boolean;
  /** receives mm */
  readonly onCommit?: (mm: number) => void;
  readonly testId?: string;
}

export function LengthField({ labelKey, value, readOnly, onCommit, testId }: LengthFieldProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const inch = unit === "inch";
  return (
    <NumberField
      label={t(labelKey, { unit: t(inch ? "app.unit.inch" : "app.unit.mm") })}
      value={inch ? fromMm(value, unit) : value}
      decimals={inch ? 3 : 2}
      readOnly={readOnly}
      onCommit={onCommit && ((v) => onCommit(toMm(v, unit)))}
      testId={testId}
    />
  );
}

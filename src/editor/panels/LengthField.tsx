// A length of the attribute panel (stored in mm) shown and typed in the user's unit: mm to 2
// decimals (or more for fine lengths), inch to 3 (application.md §9: 25.4 mm per inch). The one
// conversion is src/model/units.ts (fromMm / toMm); useLength (src/app/ui) gives the unit and its labels.
import { useLength } from "../../app/ui/useLength";
import { UNIT_DECIMALS } from "../../model/constants";
import { fromMm, toMm } from "../../model/units";
import { NumberField } from "./NumberField";

interface LengthFieldProps {
  /** message key of the label, with a {{unit}} placeholder */
  readonly labelKey: string;
  /** mm */
  readonly value: number;
  /** decimals shown in mm (inch always shows 3) */
  readonly mmDecimals?: number;
  readonly readOnly?: boolean;
  /** receives mm */
  readonly onCommit?: (mm: number) => void;
  readonly testId?: string;
}

export function LengthField({
  labelKey,
  value,
  mmDecimals = 2,
  readOnly,
  onCommit,
  testId,
}: LengthFieldProps) {
  const { unit, label } = useLength();
  const inch = unit === "inch";
  return (
    <NumberField
      label={label(labelKey)}
      value={inch ? fromMm(value, unit) : value}
      decimals={inch ? UNIT_DECIMALS : mmDecimals}
      readOnly={readOnly}
      onCommit={onCommit && ((v) => onCommit(toMm(v, unit)))}
      testId={testId}
    />
  );
}

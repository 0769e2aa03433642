// The user's length unit for a field's label: the app's length input (./LengthInput.tsx), the
// editor's panel fields (src/editor/panels/LengthField.tsx) and the kinds' panels ask it alike.
import { useTranslation } from "react-i18next";
import type { MeasureUnit } from "../../model/constants";
import { useUnit } from "../settings/userSettings";

/** The user's unit and a label maker filling a message's {{unit}} with the unit's name. */
export function useLength(): {
  readonly unit: MeasureUnit;
  readonly label: (key: string, vars?: Record<string, unknown>) => string;
} {
  const { t } = useTranslation();
  const unit = useUnit();
  const name = t(unit === "inch" ? "app.unit.inch" : "app.unit.mm");
  return { unit, label: (key, vars) => t(key, { ...vars, unit: name }) };
}

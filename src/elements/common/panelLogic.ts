// Pure logic of the attribute panels: clamping typed input by the shared bounds, and which fields a
// multi-selection shares (label-editor.md §2 "Attribute panel", §5 bounds). No React here.
import { BOUNDS, type BoundName, clamp } from "../../model/bounds";
import type { MeasureUnit } from "../../model/constants";
import { kindModel, SHARED_FIELDS, type SharedField } from "../../model/kinds";
import type { ElementType, LabelElement } from "../../model/types";
import { fromMm, toMm } from "../../model/units";

/** Typed text → the bounded number to store, or null when it is not a number (the field reverts). */
export function clampInput(bound: BoundName, raw: string | number): number | null {
  const s = typeof raw === "number" ? raw : raw.trim();
  if (s === "") return null;
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return clamp(bound, n);
}

/**
 * Typed text in the user's unit → the bounded length in mm to store (the bounds are in mm), or
 * null when it is not a number. 0.5 inch stores 12.7 mm.
 */
export function clampLengthInput(bound: BoundName, raw: string, unit: MeasureUnit): number | null {
  const s = raw.trim();
  const n = s === "" ? Number.NaN : Number(s);
  return Number.isFinite(n) ? clamp(bound, toMm(n, unit)) : null;
}

/** A bound of lengths in the user's unit, for the input's min, max and step. */
export function lengthBound(
  bound: BoundName,
  unit: MeasureUnit,
): { min: number; max: number; step?: number } {
  const b = BOUNDS[bound];
  const step = "step" in b ? b.step : undefined;
  if (unit === "mm") return { min: b.min, max: b.max, step };
  return { min: fromMm(b.min, unit), max: fromMm(b.max, unit), step: 0.001 };
}

export { SHARED_FIELDS, type SharedField, TEXT_STYLE_FIELDS } from "../../model/kinds";

/** The fields every selected element has (empty for an empty selection). */
export function sharedFields(types: readonly ElementType[]): SharedField[] {
  if (types.length === 0) return [];
  return SHARED_FIELDS.filter((f) => types.every((t) => kindModel(t).shared(t).includes(f)));
}

/** The common value of a field, or undefined when the elements differ (the field shows empty). */
export function sharedValue(els: readonly LabelElement[], field: SharedField): unknown {
  if (els.length === 0) return undefined;
  const first = (els[0] as unknown as Record<string, unknown>)[field];
  return els.every((e) => (e as unknown as Record<string, unknown>)[field] === first) ? first : undefined;
}

/** The pen width bound of a set of kinds: a table border (0.3–5) is tighter than shapes (0.3–10). */
export function penBound(types: readonly ElementType[]): BoundName {
  return types.includes("Table") ? "TablePenWidth" : "PenWidth";
}

/** Dash is stored twice (Dash and DashStyle); both move together. */
export function dashPatch(on: boolean): { Dash: boolean; DashStyle: 0 | 1 } {
  return { Dash: on, DashStyle: on ? 1 : 0 };
}

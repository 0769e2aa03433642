// Typed input of the panel fields, clamped by the shared bounds (src/model/bounds.ts, label-editor.md
// §5): out-of-range input is clamped before it is committed, never stored. No React here.
import { BOUNDS, type BoundName, clamp } from "../../../model/bounds";
import type { MeasureUnit } from "../../../model/constants";
import { fromMm, toMm } from "../../../model/units";

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

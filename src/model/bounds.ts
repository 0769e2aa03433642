// Validation bounds of label-editor.md §5 as data, and the one clamp/validate function that the
// attribute panels, the file parser and the API all use.

import { TIP } from "../i18n/tips";
import { MAX_LABEL_HEIGHT_MM, MAX_LABEL_WIDTH_MM, MIN_PEN_WIDTH, NAME_FORBIDDEN_CHARS } from "./constants";

export interface Bound {
  readonly min: number;
  readonly max: number;
  /** input step of the control */
  readonly step?: number;
  /** decimals kept when rounding */
  readonly decimals?: number;
  /** whole numbers only */
  readonly integer?: boolean;
}

export const BOUNDS = {
  FontSize: { min: 1, max: 100, step: 0.5, decimals: 1 },
  TableFontSize: { min: 1, max: 100, step: 1, integer: true },
  LetterSpacing: { min: -1, max: 12, step: 1, integer: true },
  LineHeight: { min: 0, max: 12, step: 1, integer: true },
  BoxWidth: { min: 1, max: 1200, step: 0.01, decimals: 2 },
  PenWidth: { min: MIN_PEN_WIDTH, max: 10, step: 0.1, decimals: 1 },
  TablePenWidth: { min: MIN_PEN_WIDTH, max: 5, step: 0.1, decimals: 1 },
  CornerRadius: { min: 0, max: 10, step: 0.5, decimals: 1 },
  TableCellSize: { min: 1, max: 3000, step: 0.1, decimals: 1 },
  TableRows: { min: 1, max: 100, step: 1, integer: true },
  TableColumns: { min: 1, max: 100, step: 1, integer: true },
  Quantity: { min: 1, max: 1_000_000_000, step: 1, integer: true },
  AddedValue: { min: -1_000_000_000, max: 1_000_000_000, step: 1, integer: true },
  DataPrecision: { min: -1, max: 10, step: 1, integer: true },
  LabelWidth: { min: 0.001, max: MAX_LABEL_WIDTH_MM, step: 0.001, decimals: 3 },
  LabelHeight: { min: 0.001, max: MAX_LABEL_HEIGHT_MM, step: 0.001, decimals: 3 },
  LabelWidthInch: { min: 0.001, max: 15.748, step: 0.001, decimals: 3 },
  LabelHeightInch: { min: 0.001, max: 118.11, step: 0.001, decimals: 3 },
  ColumnsRows: { min: 1, max: 20, step: 1, integer: true },
  SpacingPadding: { min: 0, max: 100, step: 0.001, decimals: 3 },
  BarcodeFontSize: { min: 4, max: 100, step: 0.5, decimals: 1 },
  HanxinVersion: { min: 0, max: 84, step: 1, integer: true },
  DayOffset: { min: -36500, max: 36500, step: 1, integer: true },
  MinuteOffset: { min: -525600, max: 525600, step: 1, integer: true },
  Rotate: { min: 0, max: 270, step: 90, integer: true },
  ElementPosition: { min: -10000, max: 10000, decimals: 3 },
  ElementSize: { min: 0, max: 10000, decimals: 3 },
  Threshold: { min: 0, max: 255, step: 1, integer: true },
} as const satisfies Record<string, Bound>;

export type BoundName = keyof typeof BOUNDS;

/**
 * Clamps a value into a bound: non-numbers and NaN become `fallback` (or the minimum),
 * then the value is limited to [min, max] and rounded to the bound's precision.
 */
export function clamp(bound: Bound | BoundName, value: unknown, fallback?: number): number {
  const b: Bound = typeof bound === "string" ? BOUNDS[bound] : bound;
  let n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) n = fallback ?? b.min;
  n = Math.min(b.max, Math.max(b.min, n));
  if (b.integer) n = Math.round(n);
  else if (b.decimals !== undefined) {
    const f = 10 ** b.decimals;
    n = Math.round((n + Number.EPSILON) * f) / f;
  }
  // re-limit: rounding may step past an edge (e.g. 0.0004 with 3 decimals)
  return Math.min(b.max, Math.max(b.min, n));
}

export type Validation =
  | { ok: true; value: number }
  | { ok: false; reason: "notNumber" | "belowMin" | "aboveMax" | "notInteger" };

/** Checks without changing: says why a value is outside a bound. */
export function validate(bound: Bound | BoundName, value: unknown): Validation {
  const b: Bound = typeof bound === "string" ? BOUNDS[bound] : bound;
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) return { ok: false, reason: "notNumber" };
  if (n < b.min) return { ok: false, reason: "belowMin" };
  if (n > b.max) return { ok: false, reason: "aboveMax" };
  if (b.integer && !Number.isInteger(n)) return { ok: false, reason: "notInteger" };
  return { ok: true, value: n };
}

/** Label name rules: not empty (tip41), none of \ / : * ? " < > | (tip42). */
export function validateLabelName(
  name: string,
): { ok: true } | { ok: false; key: typeof TIP.nameRequired | typeof TIP.nameForbiddenChars } {
  if (name.trim() === "") return { ok: false, key: TIP.nameRequired };
  if (NAME_FORBIDDEN_CHARS.some((c) => name.includes(c))) return { ok: false, key: TIP.nameForbiddenChars };
  return { ok: true };
}

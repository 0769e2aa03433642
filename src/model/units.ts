import { DEFAULT_UNIT, type MeasureUnit, MM_PER_INCH, PX_PER_MM, UNIT_DECIMALS } from "./constants";

/** A stored or sent unit as a MeasureUnit: "inch", else the default (mm). */
export function measureUnitOf(value: unknown): MeasureUnit {
  return value === "inch" ? "inch" : DEFAULT_UNIT;
}

/** Rounds to a number of decimals without floating noise (1.0000000002 → 1). */
export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * f) / f;
}
export function mmToInch(mm: number): number {
  return round(mm / MM_PER_INCH, UNIT_DECIMALS);
}
export function inchToMm(inch: number): number {
  return round(inch * MM_PER_INCH, UNIT_DECIMALS);
}
/** mm → the given display unit (3 decimals). */
export function fromMm(mm: number, unit: MeasureUnit): number {
  return unit === "inch" ? mmToInch(mm) : round(mm, UNIT_DECIMALS);
}
/** display unit → mm (3 decimals). */
export function toMm(value: number, unit: MeasureUnit): number {
  return unit === "inch" ? inchToMm(value) : round(value, UNIT_DECIMALS);
}
export function mmToPx(mm: number): number {
  return mm * PX_PER_MM;
}
export function pxToMm(px: number): number {
  return px / PX_PER_MM;
}
/** Points → mm (1 pt = 1/72 inch). */
export function ptToMm(pt: number): number {
  return (pt * MM_PER_INCH) / 72;
}
export function mmToPt(mm: number): number {
  return (mm * 72) / MM_PER_INCH;
}
/** mm → printer dots (or pixels) at a resolution, unrounded. */
export function mmToDots(mm: number, dpi: number): number {
  return (mm / MM_PER_INCH) * dpi;
}
/** Printer dots (or pixels) at a resolution → mm. */
export function dotsToMm(dots: number, dpi: number): number {
  return (dots / dpi) * MM_PER_INCH;
}

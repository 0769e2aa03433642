// X-dimension (docs/barcodes.md "X-dimension"): the module width of a code is a whole number of dots
// at the label's target resolution. The element's box is the one source of truth: its module is the
// largest whole number of dots whose modules fit (`moduleSize` of ./snap), and setting an
// X-dimension, or new content at the same X-dimension, sets the box (BarTender's model).
import { DEFAULT_TARGET_DPI, TARGET_DPIS, type TargetDpi } from "../model/constants";
import { dotMm } from "./snap";

/** The label's target resolution; anything else (an old file, a hostile value) is 203 dpi. */
export function targetDpiOf(attrs: { readonly targetDpi?: unknown } | undefined): TargetDpi {
  const v = Number(attrs?.targetDpi);
  return (TARGET_DPIS as readonly number[]).includes(v) ? (v as TargetDpi) : DEFAULT_TARGET_DPI;
}

/** Whole dots per module for `modules` modules across `span` mm at `dpi` (0 when less than one dot fits). */
export function dotsPerModule(span: number, modules: number, dpi: number): number {
  if (!(span > 0) || !(modules > 0)) return 0;
  return Math.floor(span / modules / dotMm(dpi) + 1e-9);
}

/** Millimetres across `modules` modules of `dots` dots each at `dpi` (µm-rounded, never below). */
export function spanForDots(modules: number, dots: number, dpi: number): number {
  return Math.ceil(modules * dots * dotMm(dpi) * 1000 - 1e-6) / 1000;
}

/** Dots for an X-dimension typed in mm: the nearest whole number of dots, at least 1. */
export function dotsForMm(mm: number, dpi: number): number {
  return Math.max(1, Math.round(mm / dotMm(dpi)));
}

/**
 * GS1 General Specifications, symbol specification table 1 (retail point of sale): the smallest
 * X-dimension of EAN-8, EAN-13, UPC-A and UPC-E is 0.264 mm (80 % magnification).
 */
export const GS1_MIN_X_MM: Readonly<Record<number, number>> = { 6: 0.264, 7: 0.264, 8: 0.264, 9: 0.264 };
/** X-dimension a new code starts with when its type has no GS1 minimum: about 0.25 mm. */
export const DEFAULT_X_MM = 0.25;

/** Dots a new code of `type` gets at `dpi`: the GS1 minimum (rounded up) or about DEFAULT_X_MM. */
export function defaultDots(type: number | undefined, dpi: number): number {
  const min = type === undefined ? undefined : GS1_MIN_X_MM[type];
  if (min !== undefined) return Math.max(1, Math.ceil(min / dotMm(dpi) - 1e-9));
  return dotsForMm(DEFAULT_X_MM, dpi);
}

/** The most dots per module, from `start` down to 1, for which `fits` holds (1 when none does). */
export function fitDots(start: number, fits: (dots: number) => boolean): number {
  let d = Math.max(1, Math.round(start));
  while (d > 1 && !fits(d)) d--;
  return d;
}

/** Why a code cannot be printed well at the target resolution, for the panel's tip. */
export type XIssue =
  | { readonly key: "codes.x.belowDot"; readonly vars: { dpi: number; mm: string } }
  | { readonly key: "codes.x.belowGs1"; readonly vars: { dpi: number; mm: string; min: string } };

/**
 * `dots` per module at `dpi` for a code of `type` (linear types have GS1 minimums): less than one dot
 * cannot be printed (`mm` is the width it needs); EAN/UPC under the GS1 minimum will not scan at
 * the till (`mm` is the X-dimension it has).
 */
export function xIssue(
  dots: number,
  dpi: number,
  type: number | undefined,
  modules: number,
): XIssue | undefined {
  if (dots < 1)
    return { key: "codes.x.belowDot", vars: { dpi, mm: spanForDots(modules, 1, dpi).toFixed(2) } };
  const min = type === undefined ? undefined : GS1_MIN_X_MM[type];
  const mm = dots * dotMm(dpi);
  if (min !== undefined && mm < min - 1e-9)
    return { key: "codes.x.belowGs1", vars: { dpi, mm: mm.toFixed(3), min: min.toFixed(3) } };
  return undefined;
}

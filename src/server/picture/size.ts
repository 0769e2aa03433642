// The label's size from a code of known size (issue 19: "the label size estimated from a code of
// known proportions, or typed by the user in the dialog, prefilled"). EAN-13, UPC-A, EAN-8 and UPC-E
// are the codes whose size is standard: GS1's nominal module (X-dimension) is 0.330 mm, magnification
// 100 %, and the symbol's bars span a fixed number of modules. The bars' width in the straightened
// picture then gives its pixels per mm, hence the label's size. A guess — the standard allows 80 to
// 200 % — that the user sees prefilled in the dialog and corrects when it is wrong; no such code: null.

import type { Quad } from "../../image/quad";
import { MAX_LABEL_HEIGHT_MM, MAX_LABEL_WIDTH_MM } from "../../model/constants";
import { type FoundCode, findCodes } from "./codes";
import { type Gray, toRgba } from "./pixels";
import { quadSize, warp } from "./warp";

/** GS1 General Specifications: EAN/UPC at magnification 100 % have modules of 0.330 mm. */
export const GS1_NOMINAL_X_MM = 0.33;
/** Modules from the first bar to the last: EAN-8 67, EAN-13 and UPC-A 95, UPC-E 51 (by BarCodeType). */
const BAR_MODULES: Readonly<Record<number, number>> = { 6: 67, 7: 95, 8: 95, 9: 51 };
/** The picture is straightened at most this big for the estimate (bars stay several pixels wide). */
const MAX_PIXELS = 4_000_000;

export interface LabelSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The size in whole mm of a `width` × `height` pixel label holding `codes` (boxes in those pixels),
 * from its widest code of standard size; null without one, or when the size is out of range.
 */
export function sizeFromCodes(codes: readonly FoundCode[], width: number, height: number): LabelSize | null {
  let pxPerMm = 0;
  for (const c of codes) {
    const modules = c.kind === "barcode" ? BAR_MODULES[c.type] : undefined;
    if (modules) pxPerMm = Math.max(pxPerMm, c.box.width / (modules * GS1_NOMINAL_X_MM));
  }
  if (!(pxPerMm > 0)) return null;
  const w = Math.round(width / pxPerMm);
  const h = Math.round(height / pxPerMm);
  if (w < 5 || h < 5 || w > MAX_LABEL_WIDTH_MM || h > MAX_LABEL_HEIGHT_MM) return null;
  return { width: w, height: h };
}

/** The label inside `corners` of picture `g`, straightened, its size from a code (null: none). */
export async function estimateLabelSize(g: Gray, corners: Quad): Promise<LabelSize | null> {
  const native = quadSize(corners);
  const scale = Math.min(1, Math.sqrt(MAX_PIXELS / Math.max(1, native.width * native.height)));
  const w = Math.max(16, Math.round(native.width * scale));
  const h = Math.max(16, Math.round(native.height * scale));
  const straight = warp(g, corners, w, h);
  const codes = await findCodes(toRgba(straight), straight);
  return sizeFromCodes(codes, w, h);
}

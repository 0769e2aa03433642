// A code element's frame: its box, font and print placement with every number made safe (a malformed
// file can carry NaN sizes, strings for numbers or odd rotations). Shared by the code renderers
// (src/elements/barcode, qrcode) and the native printer marks (src/print/native).
import { CODE_TEXT_SIZE } from "../model/constants";
import { finite } from "../model/kinds/codeRequest";
import type { BarcodeElement, LabelDocument, QRCodeElement } from "../model/types";
import { effectiveFontSize, layoutLinear } from "./layout";
import { localAxes } from "./snap";
import type { LinearCode } from "./types";
import { targetDpiOf } from "./xdim";

/** Where a code is drawn: the printer's dots when printing, else the label's target resolution. */
export interface CodePlace {
  readonly target: "canvas" | "export" | "print";
  readonly dpi?: number;
  readonly doc?: Pick<LabelDocument, "attrs">;
}

export function numPosition(v: unknown): 0 | 1 | 2 {
  const n = finite(v, 0);
  return n === 1 || n === 2 ? n : 0;
}

export function textAlign(v: unknown): 0 | 1 | 2 | 3 | 4 {
  const n = Math.trunc(finite(v, 0));
  return n >= 0 && n <= 4 ? (n as 0 | 1 | 2 | 3 | 4) : 0;
}

/** Box, font and print placement of a code element, with every number made safe. */
export function codeFrame(el: BarcodeElement | QRCodeElement, ctx: CodePlace) {
  const width = Math.max(0, finite(el.Width, 0));
  const height = Math.max(0, finite(el.Height, 0));
  const dpi = codeDpi(ctx);
  const rotate = (((Math.round(finite(el.Rotate, 0) / 90) * 90) % 360) + 360) % 360;
  const axes = dpi
    ? localAxes(finite(el.StartX, 0), finite(el.StartY, 0), width, height, rotate, el.MirrorImage === true)
    : undefined;
  const fontSize = Math.min(100, Math.max(1, finite(el.FontSize, CODE_TEXT_SIZE)));
  const family = typeof el.FontFamily === "string" ? el.FontFamily : "";
  return { width, height, dpi, axes, fontSize, family, inverse: el.AntiMirror === true };
}

/**
 * The resolution a code's modules are whole dots of: the printer's when printing, else the label's
 * target resolution (canvas and exports show and carry what the printer will print).
 */
export function codeDpi(ctx: CodePlace): number {
  if (ctx.target === "print" && ctx.dpi && ctx.dpi > 0) return ctx.dpi;
  return targetDpiOf(ctx.doc?.attrs);
}

/** A linear code laid out in its element's frame (drawn by render.ts, measured by quietZone.ts). */
export function layoutInFrame(
  el: BarcodeElement,
  code: LinearCode,
  f: ReturnType<typeof codeFrame>,
  quietInside: boolean,
) {
  return layoutLinear(code, {
    width: f.width,
    height: f.height,
    position: numPosition(el.BarcodeNumPosition),
    fontSize: effectiveFontSize(Number(el.BarCodeType), f.fontSize),
    align: textAlign(el.TextAlign),
    quietInside,
    dpi: f.dpi,
    axes: f.axes,
  });
}

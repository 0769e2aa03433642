// Shared by the Barcode and QRcode kinds: defensive reading of element fields (a malformed file can
// carry NaN sizes, strings for numbers or odd rotations) and the code status the editor shows.
import { type CodeRequest, encodeCode, isCodeError, type LinearCode } from "../../codes";
import { effectiveFontSize, layoutLinear } from "../../codes/layout";
import { codeErrorMessage } from "../../codes/messages";
import { localAxes } from "../../codes/snap";
import { targetDpiOf } from "../../codes/xdim";
import { CODE_TEXT_SIZE, type Language } from "../../model/constants";
import type { BarcodeElement, QRCodeElement } from "../../model/types";
import type { RenderContext } from "../kind";
import { centreImageHref } from "../qrcode/centreImage";

export function finite(v: unknown, fallback: number): number {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

export function numPosition(v: unknown): 0 | 1 | 2 {
  const n = finite(v, 0);
  return n === 1 || n === 2 ? n : 0;
}

export function textAlign(v: unknown): 0 | 1 | 2 | 3 | 4 {
  const n = Math.trunc(finite(v, 0));
  return n >= 0 && n <= 4 ? (n as 0 | 1 | 2 | 3 | 4) : 0;
}

/** The value to encode: the record's resolved text, else the element's own data, always a string. */
export function codeValue(el: BarcodeElement | QRCodeElement, ctx: Pick<RenderContext, "value">): string {
  const v = ctx.value ?? el.Data;
  return typeof v === "string" ? v : v == null ? "" : String(v);
}

/** Box, font and print placement of a code element, with every number made safe. */
export function codeFrame(
  el: BarcodeElement | QRCodeElement,
  ctx: Pick<RenderContext, "target" | "dpi"> & { readonly doc?: Pick<RenderContext["doc"], "attrs"> },
) {
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
export function codeDpi(
  ctx: Pick<RenderContext, "target" | "dpi"> & { readonly doc?: Pick<RenderContext["doc"], "attrs"> },
): number {
  if (ctx.target === "print" && ctx.dpi && ctx.dpi > 0) return ctx.dpi;
  return targetDpiOf(ctx.doc?.attrs);
}

export function codeRequest(el: BarcodeElement | QRCodeElement, value: string): CodeRequest {
  if (el.Type === "Barcode") return { kind: "barcode", type: finite(el.BarCodeType, 1), data: value };
  return {
    kind: "qrcode",
    type: finite(el.QrCodeType, 1),
    data: value,
    ecLevel:
      typeof el.ErrorCorrectionLevel === "string"
        ? el.ErrorCorrectionLevel
        : String(el.ErrorCorrectionLevel ?? ""),
    version: finite(el.HanxinVersion, 0),
    encoding: typeof el.Encoding === "string" ? el.Encoding : "UTF-8",
    ...(centreImageHref(el) ? { centreHole: true } : {}),
  };
}

export type CodeStatus =
  | { readonly ok: true }
  | { readonly ok: false; readonly key: string; readonly detail?: string; readonly message: string };

/**
 * Whether the element's code can be generated for `value`, with the translated message the editor
 * shows (tip111 and its detail after 1 s, tip61, the digit-count messages…). Needs `prepareCode`
 * for the heavy symbologies, like rendering.
 */
export function codeStatus(
  el: BarcodeElement | QRCodeElement,
  value: string,
  lang: Language = "en",
): CodeStatus {
  try {
    encodeCode(codeRequest(el, value));
    return { ok: true };
  } catch (e) {
    if (!isCodeError(e)) throw e;
    return { ok: false, key: e.key, detail: e.detail, message: codeErrorMessage(e, lang) };
  }
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

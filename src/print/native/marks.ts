// What a label printer can draw itself, in dots: each element its kind says a printer language
// draws (caps.ts `printerDrawn`: boxes, ellipses, straight lines, linear and 2D codes) becomes a
// mark here when its options allow an exact drawing — else null, and it goes out as a picture.
// The marks are language-free; zpl.ts and tspl.ts in this folder write them.
import { encodeCode, isCodeError, type LinearCode, type MatrixCode } from "../../codes";
import { codeFrame, layoutInFrame, numPosition } from "../../codes/frame";
import { digitalLinkUri, readElementString } from "../../codes/gs1";
import { layoutMatrix, linearSpan } from "../../codes/layout";
import { elementBox, elementMatrix } from "../../model/geometry";
import type { PrinterDrawn } from "../../model/kinds/caps";
import { codeRequest } from "../../model/kinds/codeRequest";
import type { BarcodeElement, LineElement, QRCodeElement, ShapeElement } from "../../model/types";
import { mmToDots } from "../../model/units";

/** Our BarCodeType → the symbology both printer languages have a command for. */
export const LINEAR_SYMBOLOGIES = {
  1: "code128",
  26: "gs1-128",
  7: "ean13",
  8: "upca",
  6: "ean8",
  5: "itf",
  2: "code39",
} as const;
export type LinearSymbology = (typeof LINEAR_SYMBOLOGIES)[keyof typeof LINEAR_SYMBOLOGIES];

/**
 * Our QrCodeType → the 2D symbology. GS1 DataMatrix (6) is a DataMatrix with FNC1s (both languages
 * have an escape for them); GS1 Digital Link (8) is a plain QR code of its URI. GS1 QR (7) is left
 * out: neither ^BQ nor TSPL's QRCODE has a documented way to put FNC1 in first position.
 */
export const MATRIX_SYMBOLOGIES = {
  1: "qr",
  2: "pdf417",
  3: "datamatrix",
  4: "aztec",
  6: "gs1-datamatrix",
  8: "qr",
} as const;
export type MatrixSymbology = (typeof MATRIX_SYMBOLOGIES)[keyof typeof MATRIX_SYMBOLOGIES];

/** Everything in whole dots from the page's top left. */
export type NativeMark =
  /** a rectangle `t` dots thick inside its box (solid when t reaches the middle), corners of radius `r` */
  | {
      readonly kind: "box";
      readonly x: number;
      readonly y: number;
      readonly w: number;
      readonly h: number;
      readonly t: number;
      readonly r: number;
    }
  | {
      readonly kind: "ellipse";
      readonly x: number;
      readonly y: number;
      readonly w: number;
      readonly h: number;
      readonly t: number;
    }
  | {
      readonly kind: "linear";
      /** the top left of the first bar */
      readonly x: number;
      readonly y: number;
      readonly symbology: LinearSymbology;
      /** what the printer encodes: for EAN/UPC the digits without the check digit */
      readonly data: string;
      /** narrow bar, dots */
      readonly module: number;
      /** bar height, dots */
      readonly height: number;
      /** the human-readable line: 0 none, 1 below, 2 above */
      readonly text: 0 | 1 | 2;
      /** its module count (the bars only) */
      readonly modules: number;
    }
  | {
      readonly kind: "matrix";
      /** the top left of the symbol (its quiet zone outside) */
      readonly x: number;
      readonly y: number;
      readonly symbology: MatrixSymbology;
      /** what the symbol holds: GS1 DataMatrix its element string "(01)…(10)…" */
      readonly data: string;
      /** module width, dots */
      readonly module: number;
      /** QR: L M Q H · PDF417: security level 0–8 */
      readonly ecLevel: string;
      readonly cols: number;
      readonly rows: number;
      /** PDF417: data columns */
      readonly columns?: number;
      /**
       * Aztec: its size as ^BO / AZTEC name it (101–104 compact, 201–232 full range, by layers), so
       * the printer draws our size; 0 lets the printer choose (a template's changing value)
       */
      readonly layers?: number;
      /** the symbol turned clockwise on the page (x, y stay its printed top left) */
      readonly turn: 0 | 90 | 180 | 270;
    };

const dotsOf = (mm: number, dpi: number) => Math.round(mmToDots(mm, dpi));
/** Printable ASCII only: both languages take it as it is (with their escapes). */
const PLAIN = /^[\x20-\x7e]+$/;

/**
 * The element as a mark at `dpi`, shown with `value` (its record's text), its cell's top left at
 * (`ox`, `oy`) mm on the page; null when a printer could not draw it exactly. `ownLine`: a linear
 * code's bars alone (no human-readable line: the picture draws ours, codeLine.ts).
 */
export function markOf(
  d: PrinterDrawn,
  value: string,
  dpi: number,
  ox = 0,
  oy = 0,
  opts: { readonly ownLine?: boolean } = {},
): NativeMark | null {
  const el = d.el;
  if (el.MirrorImage || el.AntiMirror) return null;
  switch (d.form) {
    case "box":
    case "ellipse":
      return shapeMark(d.form, d.el, dpi, ox, oy);
    case "line":
      return lineMark(d.el, dpi, ox, oy);
    case "linear":
      return linearMark(d.el, value, dpi, ox, oy, opts.ownLine === true);
    case "matrix":
      return matrixMark(d.el, value, dpi, ox, oy);
  }
}

function span(from: number, length: number, dpi: number): [number, number] {
  const a = dotsOf(from, dpi);
  return [a, dotsOf(from + length, dpi) - a];
}

function shapeMark(
  kind: "box" | "ellipse",
  el: ShapeElement,
  dpi: number,
  ox: number,
  oy: number,
): NativeMark | null {
  const pen = Math.max(0, el.PenWidth) || 0;
  if (el.Dash || el.DashStyle === 1 || (!el.Fill && pen === 0) || el.Rotate % 90 !== 0) return null;
  const b = elementBox(el);
  const [x, w] = span(ox + b.x, b.width, dpi);
  const [y, h] = span(oy + b.y, b.height, dpi);
  if (w < 1 || h < 1) return null;
  const t = el.Fill
    ? Math.min(w, h)
    : Math.max(1, Math.min(dotsOf(pen, dpi), Math.floor(Math.min(w, h) / 2)));
  if (kind === "ellipse") return { kind, x, y, w, h, t };
  // the outline's corner radius is drawn on the middle of the pen (src/elements/shape): its outside
  const inset = Math.min(pen / 2, b.width / 2, b.height / 2);
  const radius = Math.max(0, Math.min(el.CornerRadius || 0, b.width / 2 - inset, b.height / 2 - inset));
  return { kind, x, y, w, h, t, r: radius > 0 ? dotsOf(radius + inset, dpi) : 0 };
}

/** A horizontal or vertical line: a solid box as thick as the pen, centred on the line. */
function lineMark(el: LineElement, dpi: number, ox: number, oy: number): NativeMark | null {
  const pen = Math.max(0, el.PenWidth) || 0;
  if (el.Dash || el.DashStyle === 1 || pen === 0 || el.Rotate !== 0) return null;
  const flat = el.StartY === el.EndY;
  if (!flat && el.StartX !== el.EndX) return null;
  const x0 = Math.min(el.StartX, el.EndX);
  const y0 = Math.min(el.StartY, el.EndY);
  const [x, w] = flat ? span(ox + x0, Math.abs(el.EndX - el.StartX), dpi) : span(ox + x0 - pen / 2, pen, dpi);
  const [y, h] = flat ? span(oy + y0 - pen / 2, pen, dpi) : span(oy + y0, Math.abs(el.EndY - el.StartY), dpi);
  if (w < 1 || h < 1) return null;
  return { kind: "box", x, y, w, h, t: Math.min(w, h), r: 0 };
}

function encoded<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    if (isCodeError(e)) return null;
    throw e;
  }
}

function linearMark(
  el: BarcodeElement,
  value: string,
  dpi: number,
  ox: number,
  oy: number,
  ownLine: boolean,
): NativeMark | null {
  const symbology = LINEAR_SYMBOLOGIES[el.BarCodeType as keyof typeof LINEAR_SYMBOLOGIES];
  if (!symbology || el.Rotate !== 0 || !PLAIN.test(value)) return null;
  const code = encoded(() => encodeCode(codeRequest(el, value)) as LinearCode);
  if (!code) return null;
  const f = codeFrame(el, { target: "print", dpi });
  if (f.width === 0 || f.height === 0) return null;
  const layout = layoutInFrame(el, code, f, false);
  const module = dotsOf(layout.module, dpi);
  const top = Math.min(...layout.rects.map((r) => r.y));
  const bottom = Math.min(...layout.rects.map((r) => r.y + r.h));
  if (module < 1 || !Number.isFinite(top)) return null;
  const text = code.text === "" || ownLine ? 0 : numPosition(el.BarcodeNumPosition);
  // ^FO / BARCODE x of EAN and UPC is the left of the first digit, printed beside the bars
  const left = linearSpan(code, text !== 0, false).left;
  const x = dotsOf(ox + el.StartX + layout.ox, dpi) - left * module;
  const y = dotsOf(oy + el.StartY + top, dpi);
  const height = dotsOf(oy + el.StartY + bottom, dpi) - y;
  if (height < 1) return null;
  // EAN / UPC: the printer computes the check digit itself
  const digits = { ean13: 12, upca: 11, ean8: 7 } as Record<string, number>;
  const data = digits[symbology] ? code.text.replace(/\D/g, "").slice(0, digits[symbology]) : value;
  if (digits[symbology] && data.length !== digits[symbology]) return null;
  return { kind: "linear", x, y, symbology, data, module, height, text, modules: code.width };
}

function matrixMark(
  el: QRCodeElement,
  value: string,
  dpi: number,
  ox: number,
  oy: number,
): NativeMark | null {
  const symbology = MATRIX_SYMBOLOGIES[el.QrCodeType as keyof typeof MATRIX_SYMBOLOGIES];
  const turn = el.Rotate;
  if (!symbology || ![0, 90, 180, 270].includes(turn) || el.CenterImage || !PLAIN.test(value)) return null;
  const code = encoded(() => encodeCode(codeRequest(el, value)) as MatrixCode);
  if (!code) return null;
  const f = codeFrame(el, { target: "print", dpi });
  if (f.width === 0 || f.height === 0) return null;
  const layout = layoutMatrix(code, {
    width: f.width,
    height: f.height,
    position: 0,
    fontSize: f.fontSize,
    align: 0,
    quietInside: false,
    dpi: f.dpi,
    axes: f.axes,
  });
  const module = dotsOf(layout.module, dpi);
  if (module < 1) return null;
  // the symbol's printed top left: its local square turned with the element (about its centre)
  const m = elementMatrix(el);
  const side = [layout.module * code.cols, layout.module * code.rows * code.aspect];
  const corners = [
    [layout.ox, layout.oy],
    [layout.ox + side[0], layout.oy + side[1]],
  ].map(([u, v]) =>
    m ? [m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]] : [el.StartX + u, el.StartY + v],
  );
  const x = dotsOf(ox + Math.min(corners[0][0], corners[1][0]), dpi);
  const y = dotsOf(oy + Math.min(corners[0][1], corners[1][1]), dpi);
  // PDF417: start, stop and the two row indicators are 69 modules; each data column 17
  const columns = symbology === "pdf417" ? (code.cols - 69) / 17 : undefined;
  if (columns !== undefined && (!Number.isInteger(columns) || columns < 1 || columns > 30)) return null;
  const layers = symbology === "aztec" ? aztecLayers(code) : undefined;
  if (layers === null) return null;
  const ecLevel = String(el.ErrorCorrectionLevel ?? "");
  return {
    kind: "matrix",
    x,
    y,
    symbology,
    // a Digital Link QR holds its URI (the content is the AIs it is built from)
    data: el.QrCodeType === 8 ? digitalLinkUri(readElementString(value)) : value,
    module,
    ecLevel,
    cols: code.cols,
    rows: code.rows,
    ...(columns !== undefined ? { columns } : {}),
    ...(layers !== undefined ? { layers } : {}),
    turn,
  };
}

/**
 * An Aztec symbol's size as ^BO's and AZTEC's size parameter: 100 + layers when compact, 200 +
 * layers when full range (ISO/IEC 24778), or null (a rune). Compact and full range share sizes (19,
 * 23, 27), so the bullseye tells them apart: only a full-range one has a dark ring 6 modules from
 * the centre and a light ring at 5.
 */
export function aztecLayers(code: MatrixCode): number | null {
  const n = code.cols;
  if (code.rows !== n || n % 2 === 0) return null;
  const c = (n - 1) / 2;
  const ring = (d: number, dark: number) => {
    for (let i = -d; i <= d; i++)
      for (const [x, y] of [
        [c + i, c - d],
        [c + i, c + d],
        [c - d, c + i],
        [c + d, c + i],
      ])
        if (code.bits[y * n + x] !== dark) return false;
    return true;
  };
  const full = n >= 19 && ring(6, 1) && ring(5, 0);
  for (let layers = 1; layers <= (full ? 32 : 4); layers++) {
    const base = (full ? 14 : 11) + layers * 4;
    // a full-range symbol has a reference grid line every 16 modules from its centre
    const size = full ? base + 1 + 2 * Math.floor((base / 2 - 1) / 15) : base;
    if (size === n) return (full ? 200 : 100) + layers;
  }
  return null;
}

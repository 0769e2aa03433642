// The X-dimension of a Barcode or QRcode element (docs/barcodes.md "X-dimension"): read from its box
// at the label's target resolution, set by typing it (the box follows), and kept when the content
// changes (the box grows or shrinks with the content, within the label).
import { encodeCode, isCodeError } from "../../codes";
import { numPosition } from "../../codes/frame";
import { effectiveFontSize, linearSpan, matrixSpan, textBandMm } from "../../codes/layout";
import { hanxinShowsText } from "../../codes/rules";
import { dotMm } from "../../codes/snap";
import {
  defaultDots,
  dotsPerModule,
  fitDots,
  spanForDots,
  targetDpiOf,
  type XIssue,
  xIssue,
} from "../../codes/xdim";
import { codeRequest, finite } from "../../model/kinds/codeRequest";
import type { BarcodeElement, LabelAttrs, LabelDocument, QRCodeElement } from "../../model/types";
import { ptToMm } from "../../model/units";

type CodeElement = BarcodeElement | QRCodeElement;

/** Module counts of the element's symbol for `value`: across, and (2D) down in module widths. */
export interface CodeSpan {
  readonly cols: number;
  /** 2D: rows × aspect; undefined for linear codes */
  readonly rowsH?: number;
}

function textPt(el: CodeElement): number {
  const size = Math.min(100, Math.max(1, finite(el.FontSize, 10)));
  return el.Type === "Barcode" ? effectiveFontSize(Number(el.BarCodeType), size) : size;
}

function position(el: CodeElement): 0 | 1 | 2 {
  if (el.Type === "QRcode" && !hanxinShowsText(el)) return 0;
  return numPosition(el.BarcodeNumPosition);
}

/** The symbol's module counts for `value`, or undefined when it cannot be generated (or is not loaded). */
export function codeSpan(el: CodeElement, value: string): CodeSpan | undefined {
  try {
    const code = encodeCode(codeRequest(el, value));
    const inverse = el.AntiMirror === true;
    if (code.dim === 1)
      return { cols: linearSpan(code, position(el) !== 0 && code.text !== "", inverse).total };
    return matrixSpan(code, inverse);
  } catch (e) {
    if (!isCodeError(e)) throw e;
    return undefined;
  }
}

/** Whole dots per module the element's box gives its symbol at `dpi` (0: less than one dot). */
export function boxDots(el: CodeElement, span: CodeSpan, dpi: number): number {
  const w = finite(el.Width, 0);
  if (span.rowsH === undefined) return dotsPerModule(w, span.cols, dpi);
  const h = finite(el.Height, 0);
  const symbolH = h - textBandMm(position(el), textPt(el), h);
  return Math.min(dotsPerModule(w, span.cols, dpi), dotsPerModule(symbolH, span.rowsH, dpi));
}

export interface XDimension {
  readonly dpi: number;
  /** whole dots per module (0 when the box is narrower than one dot per module) */
  readonly dots: number;
  /** dots × dot size, mm */
  readonly mm: number;
  readonly span: CodeSpan;
  /** why it cannot be printed well at the target resolution */
  readonly issue?: XIssue;
}

/** The element's X-dimension for `value` at the label's target resolution (undefined: no symbol). */
export function xDimension(el: CodeElement, value: string, attrs: LabelAttrs): XDimension | undefined {
  const span = codeSpan(el, value);
  if (!span) return undefined;
  const dpi = targetDpiOf(attrs);
  const dots = boxDots(el, span, dpi);
  const type = el.Type === "Barcode" ? Number(el.BarCodeType) : undefined;
  return { dpi, dots, mm: dots * dotMm(dpi), span, issue: xIssue(dots, dpi, type, span.cols) };
}

/** Width and height of the box that gives `span` exactly `dots` dots per module (linear: height kept). */
export function boxForDots(
  el: CodeElement,
  span: CodeSpan,
  dots: number,
  dpi: number,
): { Width: number; Height: number } {
  const width = spanForDots(span.cols, dots, dpi);
  if (span.rowsH === undefined) return { Width: width, Height: finite(el.Height, 0) };
  const symbolH = spanForDots(span.rowsH, dots, dpi);
  const band = position(el) === 0 ? 0 : ptToMm(textPt(el)) * 1.2;
  // the layout gives the text at most 75 % of the height (codes/layout.ts)
  const height = band <= 3 * symbolH ? symbolH + band : symbolH * 4;
  return { Width: width, Height: Math.ceil(height * 1000 - 1e-6) / 1000 };
}

/** Extent of the label along the element's local x axis (rotated a quarter turn: the label height). */
function labelSpan(el: CodeElement, attrs: LabelAttrs): { across: number; down: number } {
  const quarter = el.Rotate === 90 || el.Rotate === 270;
  return quarter ? { across: attrs.height, down: attrs.width } : { across: attrs.width, down: attrs.height };
}

/** The patch giving the element `dots` dots per module for `value`, its box moved back onto the label. */
export function xPatch(
  el: CodeElement,
  value: string,
  dots: number,
  attrs: LabelAttrs,
): Partial<CodeElement> | undefined {
  const span = codeSpan(el, value);
  if (!span) return undefined;
  const box = boxForDots(el, span, Math.max(1, Math.round(dots)), targetDpiOf(attrs));
  return { ...box, ...ontoLabel(el, box, attrs) };
}

/** StartX/StartY moved (not rotated boxes) so the box stays on the label where it can. */
function ontoLabel(
  el: CodeElement,
  box: { Width: number; Height: number },
  attrs: LabelAttrs,
): { StartX?: number; StartY?: number } {
  if (el.Rotate !== 0) return {};
  const x = Math.max(0, Math.min(finite(el.StartX, 0), attrs.width - box.Width));
  const y = Math.max(0, Math.min(finite(el.StartY, 0), attrs.height - box.Height));
  const out: { StartX?: number; StartY?: number } = {};
  if (x !== el.StartX) out.StartX = Math.round(x * 1000) / 1000;
  if (y !== el.StartY) out.StartY = Math.round(y * 1000) / 1000;
  return out;
}

/**
 * After an edit of code `id` (content, type, text, sources): when its symbol needs another number of
 * modules, the box follows so the X-dimension stays what it was (BarTender's model) — fewer dots only
 * when the label is too small for the old X-dimension, never less than one dot.
 */
export function keepCodeX(before: LabelDocument, after: LabelDocument, id: string): LabelDocument {
  const old = before.elements.find((e) => e.Id === id);
  const cur = after.elements.find((e) => e.Id === id);
  if (!old || !cur || (old.Type !== "Barcode" && old.Type !== "QRcode") || cur.Type !== old.Type)
    return after;
  const was = codeSpan(old, old.Data);
  const now = codeSpan(cur, cur.Data);
  if (!now || (was && was.cols === now.cols && was.rowsH === now.rowsH)) return after;
  const dpi = targetDpiOf(after.attrs);
  const room = labelSpan(cur, after.attrs);
  // a barcode that had no symbol (content it cannot encode, e.g. a Chinese column it was bound to
  // first) starts again from its type's X-dimension, as a new one does; a 2D code keeps its box
  let start: number;
  if (was) start = boxDots(old, was, dpi);
  else if (cur.Type === "Barcode") start = defaultDots(Number(cur.BarCodeType), dpi);
  else return after;
  const dots = fitDots(start, (d) => {
    const box = boxForDots(cur, now, d, dpi);
    return box.Width <= room.across && (now.rowsH === undefined || box.Height <= room.down);
  });
  const box = boxForDots(cur, now, dots, dpi);
  const moved = { ...cur, ...box, ...ontoLabel(cur, box, after.attrs) } as CodeElement;
  return { ...after, elements: after.elements.map((e) => (e.Id === id ? moved : e)) };
}

// Places a module description in an element's local box (mm): bar rectangles, text positions, and the
// dot snapping of print targets. Pure geometry; the element kinds turn it into SVG.
import { BARCODE_FONT_CAP, BARCODE_FONT_MIN, BARCODE_FONT_MIN_DEFAULT } from "../model/constants";
import { mmToPt, ptToMm } from "../model/units";
import { type AxisMap, alignedStart, moduleSize } from "./snap";
import type { LinearCode, MatrixCode } from "./types";

/** height of the text band as a multiple of the font size (glyphs plus a gap to the bars) */
const TEXT_BAND = 1.2;
/** bars keep at least this share of the height, however large the text */
const MIN_BAR_SHARE = 0.25;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
export interface TextPiece {
  readonly x: number;
  /** baseline */
  readonly y: number;
  readonly text: string;
  readonly anchor: "start" | "middle" | "end";
}
/**
 * Rectangles are in symbol units, placed by `translate(ox oy) scale(sx sy)`: x and w count modules
 * (sx is the module width in mm); for matrix codes y and h count module rows (sy = row height), for
 * linear codes they are millimetres (sy = 1). Small integers keep the SVG short and fast to write.
 */
export interface CodeLayout {
  readonly rects: readonly Rect[];
  readonly ox: number;
  readonly oy: number;
  readonly sx: number;
  readonly sy: number;
  readonly texts: readonly TextPiece[];
  /** font size of the text pieces, mm and pt */
  readonly fontMm: number;
  readonly fontPt: number;
  /** the module width used, mm */
  readonly module: number;
}

export interface LayoutOptions {
  readonly width: number;
  readonly height: number;
  /** 0 none, 1 below, 2 above */
  readonly position: 0 | 1 | 2;
  /** points */
  readonly fontSize: number;
  /** 0 centre, 1 left, 2 right, 3 spread, 4 stretch */
  readonly align: number;
  /** include the quiet zones inside the box (inverse printing needs them dark) */
  readonly quietInside: boolean;
  readonly dpi?: number;
  readonly axes?: { x: AxisMap; y: AxisMap };
}

/** Font size a barcode really uses: the type's minimum, capped at 11 pt for EAN/UPC (spec §5). */
export function effectiveFontSize(barCodeType: number, fontSize: number): number {
  const min = BARCODE_FONT_MIN[barCodeType] ?? BARCODE_FONT_MIN_DEFAULT;
  let size = Math.max(min, fontSize);
  if (BARCODE_FONT_MIN[barCodeType] !== undefined) size = Math.min(size, BARCODE_FONT_CAP);
  return size;
}

/** Characters spread over [x0, x1]: spread (3) puts the first and last at the ends, else equal cells. */
function spreadText(text: string, x0: number, x1: number, y: number, edges: boolean): TextPiece[] {
  const chars = [...text];
  const n = chars.length;
  if (n === 0) return [];
  if (edges && n > 1) {
    const step = (x1 - x0) / (n - 1);
    return chars.map((c, i) => ({
      x: x0 + i * step,
      y,
      text: c,
      anchor: i === 0 ? "start" : i === n - 1 ? "end" : "middle",
    }));
  }
  const cell = (x1 - x0) / n;
  return chars.map((c, i) => ({ x: x0 + (i + 0.5) * cell, y, text: c, anchor: "middle" }));
}

function alignedText(text: string, x0: number, x1: number, y: number, align: number): TextPiece[] {
  switch (align) {
    case 1:
      return [{ x: x0, y, text, anchor: "start" }];
    case 2:
      return [{ x: x1, y, text, anchor: "end" }];
    case 3:
      return spreadText(text, x0, x1, y, true);
    case 4:
      return spreadText(text, x0, x1, y, false);
    default:
      return [{ x: (x0 + x1) / 2, y, text, anchor: "middle" }];
  }
}

/** Vertical split of the box into a text band and the symbol area. */
function bands(o: Pick<LayoutOptions, "position" | "fontSize" | "height">, hasText: boolean) {
  const fontMm = hasText && o.position !== 0 ? ptToMm(o.fontSize) : 0;
  const textH = Math.min(fontMm * TEXT_BAND, o.height * (1 - MIN_BAR_SHARE));
  const top = o.position === 2 ? textH : 0;
  return { fontMm, textH, top, symbolH: o.height - textH };
}

/**
 * The modules a linear code needs across its box: the bars, plus the EAN/UPC digits outside them
 * when the text shows, plus the quiet zones when they are inside the box (inverse printing).
 */
export function linearSpan(
  code: LinearCode,
  showText: boolean,
  quietInside: boolean,
): { left: number; right: number; total: number } {
  let left = 0;
  let right = 0;
  if (showText && code.groups) {
    for (const g of code.groups) {
      left = Math.max(left, -g.x0);
      right = Math.max(right, g.x1 - code.width);
    }
  }
  if (quietInside) {
    left = Math.max(left, code.quiet[0]);
    right = Math.max(right, code.quiet[1]);
  }
  return { left, right, total: code.width + left + right };
}

/** Module columns and rows (in module widths) a matrix code needs, quiet zones included when inside. */
export function matrixSpan(code: MatrixCode, quietInside: boolean): { cols: number; rowsH: number } {
  const q = quietInside ? code.quiet : 0;
  return { cols: code.cols + 2 * q, rowsH: (code.rows + 2 * q) * code.aspect };
}

/** Height of the text band of a code box `height` mm tall (0 without text). */
export function textBandMm(position: 0 | 1 | 2, fontPt: number, height: number, hasText = true): number {
  return bands({ position, fontSize: fontPt, height }, hasText).textH;
}

export function layoutLinear(code: LinearCode, o: LayoutOptions): CodeLayout {
  const { fontMm, textH, top, symbolH } = bands(o, code.text !== "");
  const { left, total } = linearSpan(code, fontMm > 0, o.quietInside);
  const m = moduleSize(o.width, total, o.dpi);
  const start = alignedStart(o.width, total * m, o.dpi, o.axes?.x.origin, o.axes?.x.sign);
  const x0 = start + left * m;
  const guardExtra = o.position === 1 && code.guards ? Math.min(textH, fontMm * 0.55) : 0;
  const guardSet = new Set(code.guards ?? []);
  const rects: Rect[] = code.bars.map((b, i) => {
    const h = symbolH + (guardSet.has(i) ? guardExtra : 0);
    const y0 = top + b.y0 * symbolH;
    return { x: b.x, y: y0, w: b.w, h: top + b.y1 * h - y0 };
  });
  const texts: TextPiece[] = [];
  if (fontMm > 0) {
    // baseline: below the bars, or in the band above them; descenders are rare in codes
    const y = o.position === 2 ? textH - fontMm * 0.3 : top + symbolH + fontMm * 0.95;
    if (code.groups) {
      for (const g of code.groups) texts.push(...spreadText(g.text, x0 + g.x0 * m, x0 + g.x1 * m, y, false));
    } else texts.push(...alignedText(code.text, x0, x0 + code.width * m, y, o.align));
  }
  return { rects, ox: x0, oy: 0, sx: m, sy: 1, texts, fontMm, fontPt: mmToPt(fontMm), module: m };
}

export function layoutMatrix(code: MatrixCode, o: LayoutOptions): CodeLayout {
  const { fontMm, textH, top, symbolH } = bands(o, code.text !== "");
  const q = o.quietInside ? code.quiet : 0;
  const { cols, rowsH } = matrixSpan(code, o.quietInside);
  // square modules (PDF417 rows are `aspect` modules tall): the tighter side decides
  const ideal = Math.min(o.width / cols, symbolH / rowsH);
  const m = moduleSize(ideal * cols, cols, o.dpi);
  const mh = m * code.aspect;
  const xs = alignedStart(o.width, cols * m, o.dpi, o.axes?.x.origin, o.axes?.x.sign) + q * m;
  const ys =
    top +
    alignedStart(
      symbolH,
      rowsH * m,
      o.dpi,
      (o.axes?.y.origin ?? 0) + (o.axes?.y.sign ?? 1) * top,
      o.axes?.y.sign,
    ) +
    q * mh;
  const rects: Rect[] = [];
  for (let r = 0; r < code.rows; r++) {
    let c = 0;
    while (c < code.cols) {
      if (!code.bits[r * code.cols + c]) {
        c++;
        continue;
      }
      let e = c;
      while (e < code.cols && code.bits[r * code.cols + e]) e++;
      rects.push({ x: c, y: r, w: e - c, h: 1 });
      c = e;
    }
  }
  const texts: TextPiece[] = [];
  if (fontMm > 0) {
    const y = o.position === 2 ? textH - fontMm * 0.3 : top + symbolH + fontMm * 0.95;
    texts.push(...alignedText(code.text, 0, o.width, y, o.align));
  }
  return { rects, ox: xs, oy: ys, sx: m, sy: mh, texts, fontMm, fontPt: mmToPt(fontMm), module: m };
}

/**
 * A linear code's human-readable line alone: its texts, and the part of the EAN/UPC guard bars that
 * reaches below the other bars into the text band. The bars themselves are drawn elsewhere (a
 * printer's own barcode command, src/print/native), down to the other bars' bottom.
 */
export function lineOnly(l: CodeLayout): CodeLayout {
  const bottom = Math.min(...l.rects.map((r) => r.y + r.h));
  const rects = l.rects
    .filter((r) => r.y + r.h > bottom + 1e-9)
    .map((r) => ({ x: r.x, y: bottom, w: r.w, h: r.y + r.h - bottom }));
  return { ...l, rects };
}

/** The layout's rectangles in the element's millimetres. */
export function rectsInMm(l: CodeLayout): Rect[] {
  return l.rects.map((r) => ({ x: l.ox + r.x * l.sx, y: l.oy + r.y * l.sy, w: r.w * l.sx, h: r.h * l.sy }));
}

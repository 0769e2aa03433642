// Auto crop (issue 20): where the labels are on a document page. The page is read as an ink mask at
// about 50 dpi; printed cut lines (thin strokes, dashed or solid, and crosses or grids of them) are
// recognised as connected groups of ink made only of long straight lines and taken out; what is left
// is split recursively along white gutters (rows, then columns), and pieces too small to be a label are
// joined back to their neighbour. Only wholly white bands are cut, so a barcode (or anything else) is
// never cut through; a closed frame (a label's own border) is kept and holds its label together.
// Boxes come back in reading order, in the page's pixels, trimmed to their ink at full resolution.
import { dilate } from "../image/dilate";
import { mmToDots } from "../model/units";
import { type GrayImage, grayReader, type PixelBox, type RgbaPixels } from "./image";

export interface CropOptions {
  /** the image's resolution */
  readonly dpi: number;
  /** grey below this is ink (default 160) */
  readonly ink?: number;
  /** the narrowest white band that separates two labels, mm (default 3) */
  readonly minGutterMm?: number;
  /** a piece narrower or lower than this joins its neighbour, mm (default 15) */
  readonly minLabelMm?: number;
}

const ANALYSIS_DPI = 50;

interface Mask {
  readonly w: number;
  readonly h: number;
  readonly d: Uint8Array;
}

/** Ink mask at roughly ANALYSIS_DPI: a cell is ink when any of its pixels is. */
function smallMask(img: GrayImage, f: number, ink: number): Mask {
  const w = Math.ceil(img.width / f);
  const h = Math.ceil(img.height / f);
  const d = new Uint8Array(w * h);
  const cell = Int32Array.from({ length: img.width }, (_, x) => Math.floor(x / f));
  for (let y = 0; y < img.height; y++) {
    const row = y * img.width;
    const srow = Math.floor(y / f) * w;
    for (let x = 0; x < img.width; x++) if (img.data[row + x] < ink) d[srow + cell[x]] = 1;
  }
  return { w, h, d };
}

/**
 * A white cell between two ink cells of its row or of its column made ink. Drawn small, the gaps of a
 * dashed line can fall exactly on cells and stay white, where cells of a large drawing straddle them
 * and hold ink: closed, a dashed line reads as the straight line it is on both.
 */
function closeGaps(m: Mask): Mask {
  const { w, h, d } = m;
  const out = new Uint8Array(d);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (d[i]) continue;
      if ((x > 0 && x < w - 1 && d[i - 1] && d[i + 1]) || (y > 0 && y < h - 1 && d[i - w] && d[i + w]))
        out[i] = 1;
    }
  return { w, h, d: out };
}

/** Connected groups (4-neighbours) of the dilated mask; returns each ink cell's group (0 = none). */
function groups(m: Mask, dil: Uint8Array): { label: Int32Array; count: number } {
  const { w, h } = m;
  const label = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  let count = 0;
  for (let i = 0; i < w * h; i++) {
    if (!dil[i] || label[i]) continue;
    count++;
    let sp = 0;
    stack[sp++] = i;
    label[i] = count;
    while (sp) {
      const p = stack[--sp];
      const x = p % w;
      const nb = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w];
      for (const q of nb)
        if (q >= 0 && q < w * h && dil[q] && !label[q]) {
          label[q] = count;
          stack[sp++] = q;
        }
    }
  }
  return { label, count };
}

/** Cut lines out: groups made only of thin strokes, or of long straight lines that do not close a frame. */
function withoutCutLines(m: Mask, px: (mm: number) => number): Mask {
  const { w, h, d } = m;
  const { label, count } = groups(m, dilate(m.d, m.w, m.h, Math.max(1, Math.round(px(0.6)))));
  const cells: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let i = 0; i < w * h; i++) if (d[i]) cells[label[i]].push(i);
  const out = new Uint8Array(d);
  const thin = Math.max(1, Math.ceil(px(1)));
  for (let g = 1; g <= count; g++) {
    const list = cells[g];
    if (!list.length) continue;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    for (const i of list) {
      const x = i % w;
      const y = (i - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    let erase = Math.min(bw, bh) <= thin && Math.max(bw, bh) >= px(2);
    if (!erase && Math.max(bw, bh) >= px(20)) {
      const rows = new Int32Array(bh);
      const cols = new Int32Array(bw);
      for (const i of list) {
        const x = i % w;
        rows[(i - x) / w - y0]++;
        cols[x - x0]++;
      }
      const longRow = (r: number) => rows[r] >= 0.85 * bw;
      const longCol = (c: number) => cols[c] >= 0.85 * bh;
      let longRows = 0;
      let longCols = 0;
      for (let r = 0; r < bh; r++) if (longRow(r)) longRows++;
      for (let c = 0; c < bw; c++) if (longCol(c)) longCols++;
      let inLines = 0;
      for (const i of list) {
        const x = i % w;
        if (longRow((i - x) / w - y0) || longCol(x - x0)) inLines++;
      }
      const lineMade =
        inLines >= 0.95 * list.length &&
        longRows <= Math.max(thin * 4, 0.2 * bh) &&
        longCols <= Math.max(thin * 4, 0.2 * bw);
      const edge = Math.max(1, thin);
      const near = (test: (k: number) => boolean, from: number, step: number) => {
        for (let k = 0; k < edge; k++) if (test(from + k * step)) return true;
        return false;
      };
      const frame =
        near(longRow, 0, 1) && near(longRow, bh - 1, -1) && near(longCol, 0, 1) && near(longCol, bw - 1, -1);
      erase = lineMade && !frame;
    }
    if (erase) for (const i of list) out[i] = 0;
  }
  return { w, h, d: out };
}

type Box = { x0: number; y0: number; x1: number; y1: number }; // inclusive cells

function trim(m: Mask, b: Box): Box | null {
  let x0 = b.x1 + 1;
  let y0 = b.y1 + 1;
  let x1 = b.x0 - 1;
  let y1 = b.y0 - 1;
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++)
      if (m.d[y * m.w + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < x0 ? null : { x0, y0, x1, y1 };
}

/** Split positions along one axis: pieces [start, end] of ink separated by white gutters. */
function pieces(profile: Int32Array, gutter: number, minLabel: number): [number, number][] {
  const out: { a: number; b: number; gapBefore: number }[] = [];
  let start = -1;
  let white = 0;
  for (let i = 0; i <= profile.length; i++) {
    const ink = i < profile.length && profile[i] > 0;
    if (ink) {
      if (start < 0) {
        start = i;
        out.push({ a: i, b: i, gapBefore: out.length ? white : 0 });
      } else if (white >= gutter) out.push({ a: i, b: i, gapBefore: white });
      out[out.length - 1].b = i;
      white = 0;
    } else if (start >= 0) white++;
  }
  // join pieces too small to be a label to the neighbour across the narrower gutter
  for (;;) {
    if (out.length < 2) break;
    const k = out.findIndex((p) => p.b - p.a + 1 < minLabel);
    if (k < 0) break;
    const left = k > 0 ? out[k].gapBefore : Number.POSITIVE_INFINITY;
    const right = k < out.length - 1 ? out[k + 1].gapBefore : Number.POSITIVE_INFINITY;
    if (left <= right) {
      out[k - 1].b = out[k].b;
      out.splice(k, 1);
    } else {
      out[k + 1].a = out[k].a;
      out[k + 1].gapBefore = out[k].gapBefore;
      out.splice(k, 1);
    }
  }
  return out.map((p) => [p.a, p.b]);
}

function xyCut(m: Mask, box: Box, gutter: number, minLabel: number, depth: number, out: Box[]): void {
  const b = trim(m, box);
  if (!b) return;
  if (depth > 12) {
    out.push(b);
    return;
  }
  const rows = new Int32Array(b.y1 - b.y0 + 1);
  const cols = new Int32Array(b.x1 - b.x0 + 1);
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++)
      if (m.d[y * m.w + x]) {
        rows[y - b.y0]++;
        cols[x - b.x0]++;
      }
  const byRows = pieces(rows, gutter, minLabel);
  if (byRows.length > 1) {
    for (const [a, e] of byRows)
      xyCut(m, { x0: b.x0, x1: b.x1, y0: b.y0 + a, y1: b.y0 + e }, gutter, minLabel, depth + 1, out);
    return;
  }
  const byCols = pieces(cols, gutter, minLabel);
  if (byCols.length > 1) {
    for (const [a, e] of byCols)
      xyCut(m, { x0: b.x0 + a, x1: b.x0 + e, y0: b.y0, y1: b.y1 }, gutter, minLabel, depth + 1, out);
    return;
  }
  out.push(b);
}

/**
 * The ink box of `img` inside `b` (full-resolution pixels), or null when it is white. Read from the
 * edges inwards: rows from the top and from the bottom up to their first ink, then columns from the
 * left and from the right between those rows, so a label's box reads little more than its margins.
 */
export function inkBox(img: GrayImage | RgbaPixels, b: PixelBox, ink = 160): PixelBox | null {
  const x0 = Math.max(0, Math.floor(b.x));
  const y0 = Math.max(0, Math.floor(b.y));
  const x1 = Math.min(img.width, Math.ceil(b.x + b.w));
  const y1 = Math.min(img.height, Math.ceil(b.y + b.h));
  const { width } = img;
  const gray = grayReader(img);
  const rowInk = (y: number) => {
    for (let i = y * width + x0, e = y * width + x1; i < e; i++) if (gray(i) < ink) return true;
    return false;
  };
  const colInk = (x: number, top: number, bottom: number) => {
    for (let i = top * width + x, e = bottom * width + x; i <= e; i += width) if (gray(i) < ink) return true;
    return false;
  };
  let top = y0;
  while (top < y1 && !rowInk(top)) top++;
  if (top >= y1) return null;
  let bottom = y1 - 1;
  while (bottom > top && !rowInk(bottom)) bottom--;
  let left = x0;
  while (!colInk(left, top, bottom)) left++;
  let right = x1 - 1;
  while (right > left && !colInk(right, top, bottom)) right--;
  return { x: left, y: top, w: right - left + 1, h: bottom - top + 1 };
}

/** The label boxes of an ink mask, in reading order (mask cells, inclusive). */
function maskLabels(mask: Mask, px: (mm: number) => number, opts: CropOptions): Box[] {
  const clean = withoutCutLines(mask, px);
  const found: Box[] = [];
  const gutter = Math.max(2, Math.round(px(opts.minGutterMm ?? 3)));
  const minLabel = Math.max(2, Math.round(px(opts.minLabelMm ?? 15)));
  xyCut(clean, { x0: 0, y0: 0, x1: clean.w - 1, y1: clean.h - 1 }, gutter, minLabel, 0, found);
  return found;
}

/** The label regions of a page, in reading order (page pixels). */
export function findLabels(img: GrayImage, opts: CropOptions): PixelBox[] {
  const ink = opts.ink ?? 160;
  const f = Math.max(1, Math.floor(opts.dpi / ANALYSIS_DPI));
  const px = (mm: number) => mmToDots(mm, opts.dpi / f);
  const out: PixelBox[] = [];
  for (const b of maskLabels(smallMask(img, f, ink), px, opts)) {
    // back to full resolution, one analysis cell of slack, then trimmed to the real ink
    const coarse = {
      x: (b.x0 - 1) * f,
      y: (b.y0 - 1) * f,
      w: (b.x1 - b.x0 + 3) * f,
      h: (b.y1 - b.y0 + 3) * f,
    };
    const fine = inkBox(img, coarse, ink);
    if (fine) out.push(fine);
  }
  return out;
}

/**
 * A pixel of a page drawn at about ANALYSIS_DPI is ink when it is darker than this: drawn that small,
 * a pixel is the mean of the 4 × 4 pixels of a 203 dpi drawing, and one eighth of it covered by ink
 * (a hairline, the edge of a stroke) already makes it this dark.
 */
export const COARSE_INK = 224;

/**
 * The label regions of a page drawn at about ANALYSIS_DPI (`small`, at `opts.dpi`), in reading order:
 * the same cut as findLabels, each box one pixel larger on every side (clamped to the page) and not yet
 * trimmed — trim it to its ink on a drawing of just that box at full resolution (inkBox).
 */
export function findLabelsCoarse(small: GrayImage, opts: CropOptions): PixelBox[] {
  const px = (mm: number) => mmToDots(mm, opts.dpi);
  const out: PixelBox[] = [];
  for (const b of maskLabels(closeGaps(smallMask(small, 1, opts.ink ?? COARSE_INK)), px, opts)) {
    const x0 = Math.max(0, b.x0 - 1);
    const y0 = Math.max(0, b.y0 - 1);
    const x1 = Math.min(small.width, b.x1 + 2);
    const y1 = Math.min(small.height, b.y1 + 2);
    out.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }
  return out;
}

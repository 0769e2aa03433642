// Export geometry (pure, no DOM): the label sheet (rows × columns of labels with spacings and
// paddings), which records go on which sheet, and where a sheet sits on a PDF page.
import { PDF_PAGE, SHEET_OFFSET_MAX_MM } from "../model/constants";
import { PAPER_MM } from "../model/presets";
import type { SheetLayout } from "../model/types";

/** A4 portrait in mm, and the page margin of the spec (§9: "PDF A4 portrait, 10 mm margin"). */
export const A4_WIDTH_MM = PDF_PAGE.width;
export const A4_HEIGHT_MM = PDF_PAGE.height;
export const PDF_MARGIN_MM = PDF_PAGE.margin;

export interface Cell {
  readonly x: number;
  readonly y: number;
}

export interface SheetGeometry {
  /** one label's size in mm */
  readonly labelWidth: number;
  readonly labelHeight: number;
  /** the whole sheet in mm (paddings + grid) */
  readonly width: number;
  readonly height: number;
  /** top-left corner of each label, row by row */
  readonly cells: readonly Cell[];
}

const finite = (v: unknown, d: number, min = 0) => {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) && n >= min ? n : d;
};
const count = (v: unknown) => Math.max(1, Math.min(20, Math.round(finite(v, 1, 1))));

/** The sheet: `columns × rows` labels, spacings between them, paddings around them. */
export function sheetGeometry(attrs: SheetLayout): SheetGeometry {
  const w = finite(attrs.width, 100, 1e-3) || 100;
  const h = finite(attrs.height, 80, 1e-3) || 80;
  const cols = count(attrs.columns);
  const rows = count(attrs.rows);
  const cs = finite(attrs.columnSpacing, 0);
  const rs = finite(attrs.rowSpacing, 0);
  const pl = finite(attrs.paddingLeft, 0);
  const pt = finite(attrs.paddingTop, 0);
  const width = pl + finite(attrs.paddingRight, 0) + cols * w + (cols - 1) * cs;
  const height = pt + finite(attrs.paddingBottom, 0) + rows * h + (rows - 1) * rs;
  const cells: Cell[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) cells.push({ x: pl + c * (w + cs), y: pt + r * (h + rs) });
  return { labelWidth: w, labelHeight: h, width, height, cells };
}

/** A cut mark: a short line in mm, on the page, outside the labels. */
export interface CutMark {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** The tiled page: the page is the "sheet" (A4, or US Letter for a Letter sheet product), the cells are
 * its labels at 1:1. */
export interface TiledGeometry extends SheetGeometry {
  readonly columns: number;
  readonly rows: number;
  readonly cutMarks: readonly CutMark[];
}

/** Cut marks: 4 mm long, 1 mm away from the block of labels, only where the page has room. */
export const CUT_MARK_MM = 4;
export const CUT_MARK_GAP_MM = 1;
/** Their stroke width in mm (a hairline an office printer still prints). */
export const CUT_MARK_WIDTH_MM = 0.1;

const uniq = (xs: number[]) => [...new Set(xs.map((x) => Math.round(x * 1000) / 1000))].sort((a, b) => a - b);

function cutMarksOf(
  cells: readonly Cell[],
  w: number,
  h: number,
  page: { readonly width: number; readonly height: number },
): CutMark[] {
  if (cells.length === 0) return [];
  const xs = uniq(cells.flatMap((c) => [c.x, c.x + w]));
  const ys = uniq(cells.flatMap((c) => [c.y, c.y + h]));
  const left = xs[0];
  const right = xs[xs.length - 1];
  const top = ys[0];
  const bottom = ys[ys.length - 1];
  const marks: CutMark[] = [];
  const room = CUT_MARK_GAP_MM + CUT_MARK_MM;
  for (const x of xs) {
    if (top >= room) marks.push({ x1: x, y1: top - room, x2: x, y2: top - CUT_MARK_GAP_MM });
    if (page.height - bottom >= room)
      marks.push({ x1: x, y1: bottom + CUT_MARK_GAP_MM, x2: x, y2: bottom + room });
  }
  for (const y of ys) {
    if (left >= room) marks.push({ x1: left - room, y1: y, x2: left - CUT_MARK_GAP_MM, y2: y });
    if (page.width - right >= room)
      marks.push({ x1: right + CUT_MARK_GAP_MM, y1: y, x2: right + room, y2: y });
  }
  return marks;
}

/**
 * "At actual size, labels tiled" (sticker sheets on office printers). When the label settings
 * describe a sheet of several labels (columns × rows > 1) that fits on A4 — or, failing that, on US
 * Letter (the stock catalogue's Letter products are 215.9 mm wide) — the page is that paper with the
 * sheet at 1:1 from its top-left corner (its paddings are the sheet's margins). Otherwise an A4 page
 * with as many labels as fit inside the 10 mm margins, with the label's column and row spacing as
 * gaps, the block centred; a label larger than that area gets a page of its own at its top-left
 * margin. Cut marks outside.
 */
export function tiledGeometry(attrs: Parameters<typeof sheetGeometry>[0]): TiledGeometry {
  const sheet = sheetGeometry(attrs);
  const w = sheet.labelWidth;
  const h = sheet.labelHeight;
  const cols = count(attrs.columns);
  const rows = count(attrs.rows);
  const base = { labelWidth: w, labelHeight: h, width: A4_WIDTH_MM, height: A4_HEIGHT_MM };
  const paper =
    cols * rows > 1
      ? [PAPER_MM.A4, PAPER_MM.Letter].find(
          (p) => sheet.width <= p.width + 1e-6 && sheet.height <= p.height + 1e-6,
        )
      : undefined;
  if (paper) {
    const cutMarks = cutMarksOf(sheet.cells, w, h, paper);
    return {
      ...base,
      width: paper.width,
      height: paper.height,
      columns: cols,
      rows,
      cells: sheet.cells,
      cutMarks,
    };
  }
  const gx = finite(attrs.columnSpacing, 0);
  const gy = finite(attrs.rowSpacing, 0);
  const boxW = A4_WIDTH_MM - 2 * PDF_MARGIN_MM;
  const boxH = A4_HEIGHT_MM - 2 * PDF_MARGIN_MM;
  const nx = Math.max(1, Math.floor((boxW + gx + 1e-6) / (w + gx)));
  const ny = Math.max(1, Math.floor((boxH + gy + 1e-6) / (h + gy)));
  const blockW = nx * w + (nx - 1) * gx;
  const blockH = ny * h + (ny - 1) * gy;
  const x0 = blockW <= boxW ? (A4_WIDTH_MM - blockW) / 2 : PDF_MARGIN_MM;
  const y0 = blockH <= boxH ? (A4_HEIGHT_MM - blockH) / 2 : PDF_MARGIN_MM;
  const cells: Cell[] = [];
  for (let r = 0; r < ny; r++)
    for (let c = 0; c < nx; c++) cells.push({ x: x0 + c * (w + gx), y: y0 + r * (h + gy) });
  return { ...base, columns: nx, rows: ny, cells, cutMarks: cutMarksOf(cells, w, h, base) };
}

/** The labels of one exported page: the label sheet, or the tiled page (A4 or Letter). */
export function exportGeometry(
  attrs: Parameters<typeof sheetGeometry>[0],
  mode: PageMode = "a4",
): SheetGeometry | TiledGeometry {
  return mode === "tiled" ? tiledGeometry(attrs) : sheetGeometry(attrs);
}

/** Where a sheet goes on a page: page size in mm, the sheet's offset and scale. */
export interface PagePlacement {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

/** "a4" scaled to fit · "label" label-size pages · "tiled" A4 (or Letter) at actual size, labels tiled */
export type PageMode = "a4" | "label" | "tiled";

/** An office printer's offset in mm (positive: right, down), measured on the calibration page
 * (calibrationPdf.ts) and applied to the A4 pages printed at actual size ("tiled"). */
export interface SheetOffset {
  readonly x: number;
  readonly y: number;
}

/** An offset within ±SHEET_OFFSET_MAX_MM, to 0.1 mm; anything else is no offset on that axis. */
export function sheetOffsetOf(v: { x?: unknown; y?: unknown } | undefined): SheetOffset {
  const one = (n: unknown) =>
    typeof n === "number" && Number.isFinite(n) && Math.abs(n) <= SHEET_OFFSET_MAX_MM
      ? Math.round(n * 10) / 10
      : 0;
  return { x: one(v?.x), y: one(v?.y) };
}

/**
 * "a4": A4 portrait, the sheet scaled (up or down) to fit inside the 10 mm margins and centred.
 * "label": the page is the sheet itself (what a label printer driver wants), scale 1.
 * "tiled": the sheet is already the page (tiledGeometry: A4, or Letter for a Letter sheet), scale 1,
 * moved by the office printer's `offset` (the page keeps its size; what the offset pushes past its
 * edge is cut off).
 */
export function pagePlacement(
  sheetWidth: number,
  sheetHeight: number,
  mode: PageMode = "a4",
  offset?: SheetOffset,
): PagePlacement {
  if (mode === "tiled") {
    const o = sheetOffsetOf(offset);
    return { pageWidth: sheetWidth, pageHeight: sheetHeight, x: o.x, y: o.y, scale: 1 };
  }
  if (mode === "label") return { pageWidth: sheetWidth, pageHeight: sheetHeight, x: 0, y: 0, scale: 1 };
  const boxW = A4_WIDTH_MM - 2 * PDF_MARGIN_MM;
  const boxH = A4_HEIGHT_MM - 2 * PDF_MARGIN_MM;
  const scale = Math.min(boxW / sheetWidth, boxH / sheetHeight);
  return {
    pageWidth: A4_WIDTH_MM,
    pageHeight: A4_HEIGHT_MM,
    x: (A4_WIDTH_MM - sheetWidth * scale) / 2,
    y: (A4_HEIGHT_MM - sheetHeight * scale) / 2,
    scale,
  };
}

/** Records `from..to` (0-based, inclusive) clamped to `0..total-1`; undefined → all. */
export interface RecordRange {
  readonly from: number;
  readonly to: number;
}

export function clampRange(total: number, range?: RecordRange): RecordRange {
  const last = Math.max(0, total - 1);
  if (!range) return { from: 0, to: last };
  const from = Math.max(0, Math.min(last, Math.floor(finite(range.from, 0))));
  const to = Math.max(from, Math.min(last, Math.floor(finite(range.to, last))));
  return { from, to };
}

/**
 * Parses "a-b", "a" (1-based, as the user types them) into a 0-based range; null when malformed.
 */
export function parseRange(text: string): RecordRange | null {
  const m = /^\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?$/.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (a < 1 || b < a) return null;
  return { from: a - 1, to: b - 1 };
}

/** The records on each sheet: `perSheet` consecutive records per sheet, the last one partial. */
export function sheetRecords(range: RecordRange, perSheet: number): number[][] {
  const out: number[][] = [];
  const n = Math.max(1, Math.floor(perSheet));
  for (let i = range.from; i <= range.to; i += n) {
    const list: number[] = [];
    for (let j = i; j < Math.min(i + n, range.to + 1); j++) list.push(j);
    out.push(list);
  }
  return out;
}

/** A file name from the label name: the forbidden characters of the spec (§5) become "_". */
export function fileBaseName(name: string | undefined): string {
  const clean = String(name ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not allowed in file names
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 120);
  return clean || "label";
}

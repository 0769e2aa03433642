// Export geometry (pure, no DOM): the label sheet (rows × columns of labels with spacings and
// paddings), which records go on which sheet, and where a sheet sits on a PDF page.
import type { SheetLayout } from "../model/types";

/** A4 portrait in mm, and the page margin of the spec (§9: "PDF A4 portrait, 10 mm margin"). */
export const A4_WIDTH_MM = 210;
export const A4_HEIGHT_MM = 297;
export const PDF_MARGIN_MM = 10;

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

/** Where a sheet goes on a page: page size in mm, the sheet's offset and scale. */
export interface PagePlacement {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

export type PageMode = "a4" | "label";

/**
 * "a4": A4 portrait, the sheet scaled (up or down) to fit inside the 10 mm margins and centred.
 * "label": the page is the sheet itself (what a label printer driver wants), scale 1.
 */
export function pagePlacement(sheetWidth: number, sheetHeight: number, mode: PageMode = "a4"): PagePlacement {
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

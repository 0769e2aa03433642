// The export source: a label document (+ its spreadsheets) → one portable SVG per sheet, each
// sheet holding `columns × rows` consecutive records. PDF and images both draw these strings.
import { createResolver, recordCount, type Sheets } from "../data";
import { IMAGE_THRESHOLD } from "../model/constants";
import { isPicture } from "../model/kinds/caps";
import { isMirrorCopy, type LabelDocument } from "../model/types";
import { type FontRegistry, prepareRender, recordChars, renderLabel, renderLabelParts } from "../render";
import {
  clampRange,
  exportGeometry,
  type PageMode,
  type RecordRange,
  type SheetGeometry,
  type SheetOffset,
  sheetRecords,
  type TiledGeometry,
} from "./layout";

export interface SheetSource {
  /** the labels of one page (the label sheet, or the tiled A4 page with its cut marks) */
  readonly geometry: SheetGeometry | TiledGeometry;
  /** how many sheets the range makes */
  readonly sheetCount: number;
  /** records per sheet (0-based record indexes) */
  readonly records: readonly (readonly number[])[];
  /** the sheet's portable SVG (mm, viewBox = sheet size) */
  sheetSvg(index: number): string;
  /** the labels of the sheet: each label's own SVG and its top-left corner on the sheet */
  labels(index: number): { svg: string; x: number; y: number }[];
  /** the same labels as their top-level parts (what `topLevelParts` cuts from `svg`), for the PDF */
  labelParts(index: number): LabelParts[];
}

/** A label of a sheet as its top-level parts (renderLabelParts) and its top-left corner. */
export interface LabelParts {
  readonly parts: string[];
  readonly x: number;
  readonly y: number;
}

export interface SheetOptions {
  readonly sheets?: Sheets;
  /** 0-based inclusive record range (default all records) */
  readonly range?: RecordRange;
  readonly now?: Date;
  readonly fonts?: FontRegistry;
  /**
   * "a4" (default): the label sheet, placed on A4 scaled to fit · "label": page = sheet · "tiled": A4
   * at actual size with as many labels as the sheet or the page holds (layout.ts tiledGeometry)
   */
  readonly pageMode?: PageMode;
  /** "tiled" pages: the office printer's offset in mm (layout.ts SheetOffset) */
  readonly sheetOffset?: SheetOffset;
}

const EMPTY: Sheets = new Map();

/** True when there is nothing to export (tip50). */
export function isEmptyLabel(doc: LabelDocument): boolean {
  return !doc.elements.some((el) => !isMirrorCopy(el));
}

/** Element id → threshold of the document's BLACKWHITE images (PDF and image exports draw them so). */
export function imageThresholds(doc: LabelDocument): Map<string, number> {
  const out = new Map<string, number>();
  for (const el of doc.elements) {
    if (!isPicture(el) || el.imageDisplayMode !== "BLACKWHITE") continue;
    const ok = Number.isInteger(el.Threshold) && el.Threshold >= 0 && el.Threshold <= 255;
    out.set(el.Id, ok ? el.Threshold : IMAGE_THRESHOLD);
  }
  return out;
}

const inner = (svg: string) => svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

/** How many sheets (pages, images) an export of `opts.range` makes, without rendering anything. */
export function sheetCountOf(doc: LabelDocument, opts: SheetOptions = {}): number {
  const total = Math.max(1, recordCount(doc, opts.sheets ?? EMPTY));
  const range = clampRange(total, opts.range);
  return Math.ceil((range.to - range.from + 1) / exportGeometry(doc.attrs, opts.pageMode).cells.length);
}

/** Loads fonts and encoders, then gives the sheets' SVGs on demand (cheap per call). */
export async function prepareSheets(doc: LabelDocument, opts: SheetOptions = {}): Promise<SheetSource> {
  const sheets = opts.sheets ?? EMPTY;
  const geometry = exportGeometry(doc.attrs, opts.pageMode);
  const total = Math.max(1, recordCount(doc, sheets));
  const range = clampRange(total, opts.range);
  const records = sheetRecords(range, geometry.cells.length);
  const resolve = createResolver(doc, sheets, opts.now ?? new Date());
  // every record's characters, so the fallback faces any of them needs are loaded up front
  await prepareRender(doc, {
    target: "export",
    fonts: opts.fonts,
    chars: recordChars(records.flat(), resolve),
  });
  const labels = (index: number) =>
    (records[index] ?? []).map((record, i) => ({
      svg: renderLabel(doc, { values: resolve(record), target: "export", fonts: opts.fonts }),
      x: geometry.cells[i].x,
      y: geometry.cells[i].y,
    }));
  const labelParts = (index: number) =>
    (records[index] ?? []).map((record, i) => ({
      parts: renderLabelParts(doc, { values: resolve(record), target: "export", fonts: opts.fonts }).parts,
      x: geometry.cells[i].x,
      y: geometry.cells[i].y,
    }));
  const sheetSvg = (index: number) => {
    const { width: w, height: h } = geometry;
    const parts = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">`,
    ];
    for (const l of labels(index)) parts.push(`<g transform="translate(${l.x} ${l.y})">${inner(l.svg)}</g>`);
    parts.push("</svg>");
    return parts.join("");
  };
  return { geometry, sheetCount: records.length, records, sheetSvg, labels, labelParts };
}

// The document-printing test set, made with our own PDF writer: pages holding shipping labels (a
// border, a text and a Code 128 barcode each) in the layouts sellers get — 1, 2 or 4 labels a page,
// landscape labels, dashed cut lines or none, a 4 × 6 in label in the corner of a letter page — and
// sticker sheets for the splitter. Each barcode is a sequence, so page n carries other values than
// page 1. The truth (label rectangles in mm, values per page) comes with each sheet.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GrayImage, grayFromRgba, type PixelBox } from "../../../src/docprint/image";
import type { PageSource } from "../../../src/docprint/pageCut";
import { writePdf } from "../../../src/export/pdf/document";
import { nodeDecoder } from "../../../src/export/pdf/images";
import { decodePng } from "../../../src/export/pdf/png";
import { concat } from "../../../src/export/pdf/writer";
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../../src/model/types";

export interface MmBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface SheetSpec {
  readonly name: string;
  /** paper in mm */
  readonly paper: { readonly width: number; readonly height: number };
  /** the label rectangles on every page */
  readonly labels: readonly MmBox[];
  /** dashed cut lines between the labels */
  readonly cutLines?: boolean;
  /** draw a border around each label (shipping labels have one; stickers do not) */
  readonly border?: boolean;
  readonly pages: number;
}

export const A4 = { width: 210, height: 297 };
export const LETTER = { width: 215.9, height: 279.4 };

/** Value of label `i` (0-based) on page `p` (1-based). */
export const labelValue = (sheet: string, i: number, p: number) =>
  `${sheet
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 4)}${String.fromCharCode(65 + i)}-${String(1000 + p)}`;

const seq = (first: string, pages: number) =>
  createDataSource({ DataSourceType: 2, InitialValue: first, FirstValue: first, Quantity: pages });

function labelElements(spec: SheetSpec, i: number, els: LabelElement[]): void {
  const b = spec.labels[i];
  const place = (x: number, y: number) => ({ x, y });
  if (spec.border !== false) {
    const r = createElement("Rectangle", els, place(b.x, b.y));
    els.push({ ...r, StartX: b.x, StartY: b.y, Width: b.w, Height: b.h, PenWidth: 0.4 } as LabelElement);
  }
  const landscape = b.w > b.h;
  const m = Math.min(b.w, b.h) * 0.08;
  const t0 = createElement("Text", els, place(b.x + m, b.y + m));
  const txt = `SHIP TO ${spec.name} ${i + 1}`;
  els.push({
    ...t0,
    Data: txt,
    DataSourceList: t0.DataSourceList.map((s) => ({ ...s, FirstValue: txt, NormalText: txt })),
    StartX: b.x + m,
    StartY: b.y + m,
    Width: b.w - 2 * m,
    Height: Math.min(12, b.h * 0.15),
  } as LabelElement);
  const c0 = createElement("Barcode", els, place(b.x + m, b.y + b.h * 0.4));
  const first = labelValue(spec.name, i, 1);
  els.push({
    ...c0,
    BarCodeType: 1,
    Data: first,
    DataSourceList: [seq(first, spec.pages)],
    StartX: b.x + m,
    StartY: b.y + (landscape ? b.h * 0.35 : b.h * 0.4),
    Width: b.w - 2 * m,
    Height: b.h * (landscape ? 0.45 : 0.35),
  } as LabelElement);
}

function cutLines(spec: SheetSpec, els: LabelElement[]): void {
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const a of spec.labels)
    for (const b of spec.labels) {
      if (b.x > a.x + a.w - 0.01) xs.add((a.x + a.w + b.x) / 2);
      if (b.y > a.y + a.h - 0.01) ys.add((a.y + a.h + b.y) / 2);
    }
  for (const y of ys) {
    const l = createElement("LineHorizontal", els, { x: 5, y });
    els.push({
      ...l,
      StartX: 5,
      StartY: y,
      EndX: spec.paper.width - 5,
      EndY: y,
      Width: spec.paper.width - 10,
      PenWidth: 0.3,
      Dash: true,
    } as LabelElement);
  }
  for (const x of xs) {
    const l = createElement("LineVertical", els, { x, y: 5 });
    els.push({
      ...l,
      StartX: x,
      StartY: 5,
      EndX: x,
      EndY: spec.paper.height - 5,
      Height: spec.paper.height - 10,
      PenWidth: 0.3,
      Dash: true,
    } as LabelElement);
  }
}

/** The sheet as a label document: one page per record. */
export function sheetDocument(spec: SheetSpec): LabelDocument {
  const els: LabelElement[] = [];
  for (let i = 0; i < spec.labels.length; i++) labelElements(spec, i, els);
  if (spec.cutLines) cutLines(spec, els);
  return {
    attrs: { ...emptyDocument().attrs, name: spec.name, width: spec.paper.width, height: spec.paper.height },
    elements: els,
  };
}

/** The sheet as PDF bytes (our writer, label-size pages = the paper). */
export async function sheetPdf(spec: SheetSpec): Promise<Uint8Array> {
  const r = await writePdf(sheetDocument(spec), { decoder: nodeDecoder, pageMode: "label" });
  return concat(r.chunks);
}

let dir: string | null = null;
const workDir = () => (dir ??= mkdtempSync(join(tmpdir(), "inkless-docprint-")));

/** Writes the PDF to a temporary file and returns its path. */
export async function sheetFile(spec: SheetSpec): Promise<string> {
  const path = join(workDir(), `${spec.name}.pdf`);
  writeFileSync(path, await sheetPdf(spec));
  return path;
}

/** Page `n` of a PDF file rendered by poppler at `dpi`, as grey; with `region`, only that rectangle. */
export function renderPage(pdf: string, n: number, dpi: number, region?: PixelBox): GrayImage {
  const out = join(workDir(), `p${n}-${dpi}-${Math.random().toString(36).slice(2)}`);
  const crop = region ? ["-x", region.x, "-y", region.y, "-W", region.w, "-H", region.h].map(String) : [];
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    String(dpi),
    ...crop,
    "-f",
    String(n),
    "-l",
    String(n),
    "-singlefile",
    pdf,
    out,
  ]);
  const px = decodePng(new Uint8Array(readFileSync(`${out}.png`)));
  if (!px) throw new Error("unreadable page image");
  return grayFromRgba(px.data, px.width, px.height);
}

/** The pages of a PDF file drawn by poppler (whole or a region at a time), counting the pixels drawn. */
export function popplerPages(pdf: string): PageSource & { pixels: number } {
  const sizes = new Map<string, { width: number; height: number }>();
  const source = {
    pixels: 0,
    async size(n: number, dpi: number) {
      const key = `${n}@${dpi}`;
      let s = sizes.get(key);
      if (!s) {
        const { width, height } = renderPage(pdf, n, dpi);
        s = { width, height };
        sizes.set(key, s);
      }
      return s;
    },
    async gray(n: number, dpi: number, region?: PixelBox) {
      const img = renderPage(pdf, n, dpi, region);
      source.pixels += img.width * img.height;
      return img;
    },
  };
  return source;
}

/** Rectangles of `w × h` mm laid out `cols × rows` from (x0, y0) with gaps. */
export function grid(
  cols: number,
  rows: number,
  w: number,
  h: number,
  x0: number,
  y0: number,
  gx: number,
  gy: number,
): MmBox[] {
  const out: MmBox[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) out.push({ x: x0 + c * (w + gx), y: y0 + r * (h + gy), w, h });
  return out;
}

/** The test set named in the issue. */
export const TEST_SET: readonly SheetSpec[] = [
  { name: "one", paper: A4, labels: grid(1, 1, 100, 150, 55, 40, 0, 0), pages: 2 },
  { name: "two", paper: A4, labels: grid(1, 2, 150, 100, 30, 30, 0, 30), pages: 2, cutLines: true },
  { name: "twoplain", paper: A4, labels: grid(1, 2, 150, 100, 30, 30, 0, 30), pages: 1 },
  { name: "four", paper: A4, labels: grid(2, 2, 95, 135, 5, 8, 10, 10), pages: 3 },
  { name: "fourcut", paper: A4, labels: grid(2, 2, 95, 135, 5, 8, 10, 10), pages: 2, cutLines: true },
  { name: "letter", paper: LETTER, labels: grid(1, 1, 101.6, 152.4, 8, 8, 0, 0), pages: 1 },
];

/** A sheet of 2 × 5 stickers (no borders, narrow uneven gutters) for smart splitting. */
export const STICKERS: SheetSpec = {
  name: "stickers",
  paper: A4,
  labels: grid(2, 5, 92, 52, 10, 12, 6, 4),
  border: false,
  pages: 2,
};

// Picture → label document (spec call 28): the label is found (or its corners given), straightened,
// and read: codes (zxing), text (tesseract), lines and rectangles; the rest of the artwork becomes
// one thresholded Image element so nothing visible is lost.
import { deflateSync } from "node:zlib";
import { encodePng, type Pixels } from "../../export/pdf/png";
import type { Quad } from "../../image/quad";
import { MIN_PEN_WIDTH } from "../../model/constants";
import { createDataSource, emptyDocument } from "../../model/defaults";
import { createElement } from "../../model/kinds";
import type { LabelDocument, LabelElement, LineElement, TextElement } from "../../model/types";
import { mmToPt, ptToMm } from "../../model/units";
import { type Box, type FoundCode, findCodes } from "./codes";
import { locateLabel } from "./locate";
import { type OcrBlock, type OcrLine, readText } from "./ocr";
import { decodePicture, type Gray, inkMask, toGray, toRgba } from "./pixels";
import { findShapes, type Mask } from "./shapes";
import { estimateLabelSize } from "./size";
import { quadSize, warp } from "./warp";

export interface RecognizeOptions {
  /** label size in mm; 0 or absent: the width from a code of standard size (./size.ts), else 100 mm,
   * the height from the picture's proportions */
  readonly width?: number;
  readonly height?: number;
  /** the label's corners in the picture (the crop the user confirmed); absent: found here */
  readonly corners?: Quad;
  readonly name?: string;
  /** the language of the label's text (an id of src/model/ocrLanguages.ts); default: the server's */
  readonly language?: string;
}

/** The straightened label is read at 8 to 12 pixels per mm (about 200 to 300 dpi). */
const MIN_PX_PER_MM = 8;
const MAX_PX_PER_MM = 12;
/** Noto Sans SC: the baseline sits 0.93 em below the top of the line box (docs/rendering.md). */
const BASELINE_EM = 0.93;
/**
 * How tall a line's ink is, in em, from the top of its tallest letters to the baseline (the bottom
 * of its round letters, which dip 0.014 em below it), in Noto Sans as our renderer draws it
 * (measured at 56.7 pt): with ascenders (b d f h k l) 0.80, capitals and digits 0.75, t 0.68,
 * small letters only 0.54. Chinese characters reach about 0.76.
 */
const REACH_EM: readonly [RegExp, number][] = [
  [/[bdfhklß]/, 0.8],
  [/\p{Script=Han}/u, 0.76],
  [/[\p{Lu}\p{N}]/u, 0.75],
  [/t/, 0.68],
];
const X_EM = 0.54;
/** Noto Sans: a line's first letter starts about 0.07 em right of the text's x (its side bearing). */
const SIDE_BEARING_EM = 0.07;

/** A line without descending letters sits on its box's bottom; else tesseract's baseline. */
function baselineOf(l: OcrLine): number {
  return /[gjpqyQ,;()[\]{}|@$]/.test(l.text) ? l.baseline : l.box.y + l.box.height;
}

/** A line's em in pixels, from how far its tallest letters reach above the baseline. */
function emOf(l: OcrLine): number {
  const above = Math.max(1, baselineOf(l) - l.box.y);
  return above / (REACH_EM.find(([re]) => re.test(l.text))?.[1] ?? X_EM);
}
/** The straightened picture never holds more pixels than this (memory and time per request). */
const MAX_STRAIGHT_PIXELS = 16_000_000;
/** Sides that stop this far short of their corners still make a (rounded) rectangle. */
const ROUND_INSET_MM = 6;

export class UnreadablePicture extends Error {}

const round = (v: number, step = 0.01) => Number((Math.round(v / step) * step).toFixed(2));

function paint(mask: Uint8Array | Gray, width: number, b: Box, pad: number, value: number) {
  const data = mask instanceof Uint8Array ? mask : mask.data;
  const height = data.length / width;
  const x0 = Math.max(0, Math.floor(b.x - pad));
  const y0 = Math.max(0, Math.floor(b.y - pad));
  const x1 = Math.min(width, Math.ceil(b.x + b.width + pad));
  const y1 = Math.min(height, Math.ceil(b.y + b.height + pad));
  for (let y = y0; y < y1; y++) data.fill(value, y * width + x0, y * width + x1);
}

/**
 * A read line's box shrunk to its letters' edges in the straightened grey picture. The ink mask
 * (and tesseract's box on it) runs past the letters where blur, the warp's sampling and the JPEG
 * spread their edges, which made every size estimate 6–9 % too large. An edge is where the grey is
 * halfway between the paper and the ink of that line (a blur moves neither); rows and columns need
 * 2 such pixels, so a speck of noise does not stretch the box.
 */
export function tightLine(g: Gray, l: OcrLine): OcrLine {
  const x = Math.max(0, Math.round(l.box.x));
  const y = Math.max(0, Math.round(l.box.y));
  const width = Math.min(g.width, Math.round(l.box.x + l.box.width)) - x;
  const height = Math.min(g.height, Math.round(l.box.y + l.box.height)) - y;
  if (width <= 0 || height <= 0) return l;
  const hist = new Int32Array(256);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) hist[g.data[(y + j) * g.width + x + i]]++;
  const level = (share: number) => {
    let n = share * width * height;
    for (let v = 0; v < 256; v++) {
      n -= hist[v];
      if (n <= 0) return v;
    }
    return 255;
  };
  const ink = level(0.03);
  const paper = level(0.9);
  if (paper - ink < 32) return l;
  const edge = (ink + paper) / 2;
  const rows = new Int32Array(height);
  const cols = new Int32Array(width);
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++)
      if (g.data[(y + j) * g.width + x + i] < edge) {
        rows[j]++;
        cols[i]++;
      }
  const first = (a: Int32Array) => a.findIndex((n) => n >= 2);
  const last = (a: Int32Array) => a.length - 1 - [...a].reverse().findIndex((n) => n >= 2);
  const top = first(rows);
  const left = first(cols);
  if (top < 0 || left < 0) return l;
  const box = { x: x + left, y: y + top, width: last(cols) - left + 1, height: last(rows) - top + 1 };
  return { ...l, box };
}

/** Mean horizontal ink run inside a box: the stroke width, for the bold guess. */
function strokeWidth(ink: Mask, b: Box): number {
  let dark = 0;
  let runs = 0;
  for (let y = b.y; y < b.y + b.height; y++) {
    let prev = 0;
    for (let x = b.x; x < b.x + b.width; x++) {
      const d = ink.data[y * ink.width + x] ?? 0;
      dark += d;
      if (d && !prev) runs++;
      prev = d;
    }
  }
  return runs ? dark / runs : 0;
}

/** 0 centre, 1 left, 2 end: which edge the lines of a block share. */
function alignment(lines: readonly OcrLine[], px: number): 0 | 1 | 2 {
  if (lines.length < 2) return 1;
  const spread = (f: (l: OcrLine) => number) => {
    const v = lines.map(f);
    return Math.max(...v) - Math.min(...v);
  };
  const left = spread((l) => l.box.x);
  const centre = spread((l) => l.box.x + l.box.width / 2);
  const right = spread((l) => l.box.x + l.box.width);
  if (left <= px && left <= centre) return 1;
  if (centre <= right) return 0;
  return 2;
}

/** A 1D code's human-readable line: just below the bars, under them, reading about the same. */
function isHri(code: FoundCode, line: OcrLine): boolean {
  if (code.kind !== "barcode") return false;
  const gap = line.box.y - (code.box.y + code.box.height);
  if (gap < -2 || gap > code.box.height * 0.4) return false;
  const inside =
    line.box.x >= code.box.x - code.box.height * 0.3 &&
    line.box.x + line.box.width <= code.box.x + code.box.width + code.box.height * 0.3;
  const plain = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();
  const a = plain(line.text);
  const b = plain(code.data);
  return inside && a.length > 0 && (b.includes(a) || a.includes(b) || a.length >= b.length * 0.6);
}

/**
 * tesseract's paragraphs may hold lines that are separate texts on the label. Lines of one text
 * follow each other every 1.1 em (docs/rendering.md): a new text starts where the baselines are
 * more than 1.22 em apart or the size changes by more than a fifth.
 */
function splitBlock(lines: readonly OcrLine[]): OcrLine[][] {
  const out: OcrLine[][] = [];
  for (const l of lines) {
    const group = out[out.length - 1];
    const prev = group?.[group.length - 1];
    const em = prev ? emOf(prev) : 0;
    const pitch = prev ? baselineOf(l) - baselineOf(prev) : Infinity;
    const ratio = prev ? emOf(l) / em : 1;
    if (prev && pitch > 0 && pitch <= 1.22 * em && ratio < 1.2 && ratio > 1 / 1.2) group.push(l);
    else out.push([l]);
  }
  return out;
}

function textElement(els: LabelElement[], lines: readonly OcrLine[], px: number, ink: Mask): TextElement {
  const sizeMm = lines.reduce((s, l) => s + emOf(l), 0) / lines.length / px;
  const fontSize = Math.max(1, Math.min(100, round(mmToPt(sizeMm), 0.5)));
  const em = ptToMm(fontSize);
  const x0 = Math.min(...lines.map((l) => l.box.x));
  const x1 = Math.max(...lines.map((l) => l.box.x + l.box.width));
  const text = lines.map((l) => l.text).join("\n");
  const top = baselineOf(lines[0]) / px - BASELINE_EM * em;
  const stroke = lines.reduce((s, l) => s + strokeWidth(ink, l.box), 0) / lines.length;
  const left = x0 / px - SIDE_BEARING_EM * em;
  const el = createElement("Text", els, { x: round(Math.max(0, left)), y: round(Math.max(0, top)) });
  return {
    ...el,
    Width: round((x1 - x0) / px + em * 0.3),
    Height: round(lines.length * 1.1 * em),
    BoxWidth: round((x1 - x0) / px + em * 0.3),
    FontSize: fontSize,
    Bold: stroke / (em * px) > 0.13,
    TextAlign: alignment(lines, px),
    Data: text,
    DataSourceList: [createDataSource({ FirstValue: text, NormalText: text })],
  };
}

function codeElement(
  els: LabelElement[],
  code: FoundCode,
  hri: OcrLine | undefined,
  px: number,
): LabelElement {
  const bottom = hri ? hri.box.y + hri.box.height : code.box.y + code.box.height;
  const at = { x: round(code.box.x / px), y: round(code.box.y / px) };
  const size = { Width: round(code.box.width / px), Height: round((bottom - code.box.y) / px) };
  const data = {
    Data: code.data,
    DataSourceList: [createDataSource({ FirstValue: code.data, NormalText: code.data })],
  };
  if (code.kind === "2d") {
    const el = createElement("QRcode", els, at);
    return {
      ...el,
      ...size,
      ...data,
      QrCodeType: code.type,
      ErrorCorrectionLevel: code.type === 1 ? "M" : el.ErrorCorrectionLevel,
    };
  }
  const el = createElement("Barcode", els, at);
  return { ...el, ...size, ...data, BarCodeType: code.type, BarcodeNumPosition: hri ? 1 : 0, isEdit: true };
}

function lineElement(
  els: LabelElement[],
  s: { horizontal: boolean; from: number; to: number; at: number; thickness: number },
  px: number,
): LineElement {
  const type = s.horizontal ? "LineHorizontal" : "LineVertical";
  const a = round(s.from / px);
  const b = round((s.to + 1) / px);
  const c = round(s.at / px);
  const el = createElement(type, els, { x: s.horizontal ? a : c, y: s.horizontal ? c : a });
  return {
    ...el,
    Width: s.horizontal ? round(b - a) : 0,
    Height: s.horizontal ? 0 : round(b - a),
    EndX: s.horizontal ? b : c,
    EndY: s.horizontal ? c : b,
    PenWidth: Math.max(MIN_PEN_WIDTH, round(s.thickness / px, 0.05)),
  };
}

/** What is left of the ink (logos, icons, odd artwork) as one black-and-white PNG, or null. */
function restImage(ink: Mask, px: number): { box: Box; png: Uint8Array } | null {
  const { width: w, height: h, data } = ink;
  // drop specks smaller than about 0.5 × 0.5 mm (noise, JPEG dirt)
  const minArea = Math.max(6, (0.5 * px) ** 2);
  const seen = new Uint8Array(w * h);
  const keep = new Uint8Array(w * h);
  const stack: number[] = [];
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let s = 0; s < data.length; s++) {
    if (!data[s] || seen[s]) continue;
    const members: number[] = [];
    stack.push(s);
    seen[s] = 1;
    while (stack.length) {
      const i = stack.pop() as number;
      members.push(i);
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w])
        if (j >= 0 && j < data.length && data[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
    }
    if (members.length < minArea) continue;
    for (const i of members) {
      keep[i] = 1;
      const x = i % w;
      const y = (i - x) / w;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return null;
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const rgba = new Uint8ClampedArray(bw * bh * 4);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const o = (y * bw + x) * 4;
      const ink1 = keep[(y + y0) * w + x + x0];
      // black ink on transparent paper
      rgba[o + 3] = ink1 ? 255 : 0;
    }
  const png = encodePng(
    { width: bw, height: bh, data: rgba },
    { deflate: (raw) => deflateSync(raw, { level: 6 }) },
  );
  return { box: { x: x0, y: y0, width: bw, height: bh }, png };
}

export interface Recognized {
  readonly doc: LabelDocument;
  /** pixels per mm of the straightened picture */
  readonly pxPerMm: number;
}

/** Reads a PNG or JPEG picture of a label into a label document. */
export async function recognizeLabel(bytes: Uint8Array, opts: RecognizeOptions = {}): Promise<Recognized> {
  const rgba0 = decodePicture(bytes);
  if (!rgba0) throw new UnreadablePicture("unreadable picture");
  return recognizePixels(rgba0, opts);
}

export async function recognizePixels(picture: Pixels, opts: RecognizeOptions = {}): Promise<Recognized> {
  const gray = toGray(picture);
  const corners = opts.corners ?? locateLabel(gray).corners;
  const native = quadSize(corners);
  // no width given: from a code of standard size when there is one (./size.ts), else 100 mm
  const estimate = opts.width && opts.width > 0 ? null : await estimateLabelSize(gray, corners);
  const widthMm = opts.width && opts.width > 0 ? opts.width : (estimate?.width ?? 100);
  const heightMm =
    opts.height && opts.height > 0
      ? opts.height
      : round((widthMm * native.height) / Math.max(1, native.width), 0.1);
  // a very long label is read at a lower resolution rather than past MAX_STRAIGHT_PIXELS
  const px = Math.min(
    MAX_PX_PER_MM,
    Math.max(MIN_PX_PER_MM, native.width / widthMm),
    Math.sqrt(MAX_STRAIGHT_PIXELS / (widthMm * heightMm)),
  );
  const w = Math.max(16, Math.round(widthMm * px));
  const h = Math.max(16, Math.round(heightMm * px));
  const straight = warp(gray, corners, w, h);
  const inkData = inkMask(straight, Math.round(3 * px));
  const ink: Mask = { width: w, height: h, data: inkData };
  const clean: Gray = { width: w, height: h, data: inkData.map((v) => (v ? 0 : 255)) };

  const codes = await findCodes(toRgba(straight), clean);
  const forText: Gray = { ...clean, data: clean.data.slice() };
  for (const c of codes) paint(forText, w, c.box, px, 255);
  const blocks: OcrBlock[] = await readText(
    encodePng(toRgba(forText), { opaque: true, deflate: (raw) => deflateSync(raw, { level: 1 }) }),
    opts.language,
  );

  const els: LabelElement[] = [];
  const rest = inkData.slice();
  const restMask: Mask = { width: w, height: h, data: rest };
  const hri = new Map<FoundCode, OcrLine>();
  const textLines: OcrLine[][] = [];
  for (const b of blocks) {
    const kept: OcrLine[] = [];
    for (const l0 of b.lines) {
      const l = tightLine(straight, l0);
      const code = codes.find((c) => !hri.has(c) && isHri(c, l));
      if (code) hri.set(code, l);
      else kept.push(l);
    }
    textLines.push(...splitBlock(kept));
  }
  for (const c of codes) {
    els.push(codeElement(els, c, hri.get(c), px));
    paint(rest, w, c.box, px * 0.5, 0);
    const l = hri.get(c);
    if (l) paint(rest, w, l.box, px * 0.3, 0);
  }
  for (const lines of textLines) {
    els.push(textElement(els, lines, px, ink));
    for (const l of lines) paint(rest, w, l.box, px * 0.3, 0);
  }
  const shapes = findShapes(
    restMask,
    Math.round(7 * px),
    Math.round(2.5 * px),
    Math.round(1.5 * px),
    Math.round(ROUND_INSET_MM * px),
  );
  for (const r of shapes.rects) {
    const type = r.inset > 0 ? "RoundRectangle" : "Rectangle";
    const el = createElement(type, els, { x: round(r.x / px), y: round(r.y / px) });
    els.unshift({
      ...el,
      Width: round(r.width / px),
      Height: round(r.height / px),
      PenWidth: Math.max(MIN_PEN_WIDTH, round(r.thickness / px, 0.05)),
    });
  }
  for (const s of shapes.lines) els.unshift(lineElement(els, s, px));
  // a rounded rectangle's arcs: the corner squares the sides stop short of
  for (const r of shapes.rects)
    if (r.inset > 0)
      for (const [cx, cy] of [
        [r.x, r.y],
        [r.x + r.width - r.inset, r.y],
        [r.x, r.y + r.height - r.inset],
        [r.x + r.width - r.inset, r.y + r.height - r.inset],
      ])
        paint(rest, w, { x: cx, y: cy, width: r.inset, height: r.inset }, r.thickness + 2, 0);
  for (const s of [...shapes.lines, ...shapes.rects.flatMap(rectSides)]) {
    const half = s.thickness / 2 + 2;
    paint(
      rest,
      w,
      s.horizontal
        ? { x: s.from, y: s.at - half, width: s.to - s.from + 1, height: half * 2 }
        : { x: s.at - half, y: s.from, width: half * 2, height: s.to - s.from + 1 },
      1,
      0,
    );
  }
  const image = restImage(restMask, px);
  if (image) {
    const el = createElement("Image", els, { x: round(image.box.x / px), y: round(image.box.y / px) });
    els.unshift({
      ...el,
      Width: round(image.box.width / px),
      Height: round(image.box.height / px),
      imageSrc: `data:image/png;base64,${Buffer.from(image.png).toString("base64")}`,
      imageDisplayMode: "BLACKWHITE",
    });
  }
  const doc: LabelDocument = {
    ...emptyDocument({ name: opts.name ?? "New Label", width: widthMm, height: heightMm, type: "AI" }),
    elements: els,
  };
  return { doc, pxPerMm: px };
}

function rectSides(r: { x: number; y: number; width: number; height: number; thickness: number }) {
  const t = r.thickness;
  return [
    { horizontal: true, from: r.x - t, to: r.x + r.width + t, at: r.y, thickness: t },
    { horizontal: true, from: r.x - t, to: r.x + r.width + t, at: r.y + r.height, thickness: t },
    { horizontal: false, from: r.y - t, to: r.y + r.height + t, at: r.x, thickness: t },
    { horizontal: false, from: r.y - t, to: r.y + r.height + t, at: r.x + r.width, thickness: t },
  ];
}

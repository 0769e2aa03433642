// Picture → label document (spec call 28): the label is found (or its corners given), straightened,
// and read: codes (zxing), text (tesseract), lines and rectangles; the rest of the artwork becomes
// one thresholded Image element so nothing visible is lost.
import { deflateSync } from "node:zlib";
import { encodePng, type Pixels } from "../../export/pdf/png";
import type { Quad } from "../../image/quad";
import { MIN_PEN_WIDTH } from "../../model/constants";
import { emptyDocument } from "../../model/defaults";
import { createElement } from "../../model/kinds";
import type { LabelDocument, LabelElement } from "../../model/types";
import { type Box, type FoundCode, findCodes } from "./codes";
import { codeElement, lineElement, rectSides, restImage, round, textElement } from "./elements";
import { locateLabel } from "./locate";
import { type OcrBlock, type OcrLine, readText } from "./ocr";
import { decodePicture, type Gray, inkMask, toGray, toRgba } from "./pixels";
import { findShapes, type Mask } from "./shapes";
import { estimateLabelSize } from "./size";
import { isHri, splitBlock, tightLine } from "./textLines";
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
/** The straightened picture never holds more pixels than this (memory and time per request). */
const MAX_STRAIGHT_PIXELS = 16_000_000;
/** Sides that stop this far short of their corners still make a (rounded) rectangle. */
const ROUND_INSET_MM = 6;

export class UnreadablePicture extends Error {}

function paint(mask: Uint8Array | Gray, width: number, b: Box, pad: number, value: number) {
  const data = mask instanceof Uint8Array ? mask : mask.data;
  const height = data.length / width;
  const x0 = Math.max(0, Math.floor(b.x - pad));
  const y0 = Math.max(0, Math.floor(b.y - pad));
  const x1 = Math.min(width, Math.ceil(b.x + b.width + pad));
  const y1 = Math.min(height, Math.ceil(b.y + b.height + pad));
  for (let y = y0; y < y1; y++) data.fill(value, y * width + x0, y * width + x1);
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

// The label elements a picture's parts become (picture → label, ./recognize.ts): a text from its
// lines, a code with its human-readable line, a line, the sides of a rectangle, and what is left of
// the ink as one black-and-white picture. Sizes in mm from pixels at `px` per mm, rounded to 0.01.
import { deflateSync } from "node:zlib";
import { encodePng } from "../../export/pdf/png";
import { MIN_PEN_WIDTH } from "../../model/constants";
import { createDataSource } from "../../model/defaults";
import { createElement } from "../../model/kinds";
import type { LabelElement, LineElement, TextElement } from "../../model/types";
import { mmToPt, ptToMm } from "../../model/units";
import type { Box, FoundCode } from "./codes";
import type { OcrLine } from "./ocr";
import type { Mask } from "./shapes";
import { alignment, BASELINE_EM, baselineOf, emOf, SIDE_BEARING_EM, strokeWidth } from "./textLines";

export const round = (v: number, step = 0.01) => Number((Math.round(v / step) * step).toFixed(2));

export function textElement(
  els: LabelElement[],
  lines: readonly OcrLine[],
  px: number,
  ink: Mask,
): TextElement {
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

export function codeElement(
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

export function lineElement(
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
export function restImage(ink: Mask, px: number): { box: Box; png: Uint8Array } | null {
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

/** The four sides of a rectangle found in the picture, as lines (to clear them from the rest). */
export function rectSides(r: { x: number; y: number; width: number; height: number; thickness: number }) {
  const t = r.thickness;
  return [
    { horizontal: true, from: r.x - t, to: r.x + r.width + t, at: r.y, thickness: t },
    { horizontal: true, from: r.x - t, to: r.x + r.width + t, at: r.y + r.height, thickness: t },
    { horizontal: false, from: r.y - t, to: r.y + r.height + t, at: r.x, thickness: t },
    { horizontal: false, from: r.y - t, to: r.y + r.height + t, at: r.x + r.width, thickness: t },
  ];
}

// Reading tesseract's lines as label text (picture → label, ./recognize.ts): where a line's baseline
// and em are in the straightened picture (from Noto Sans's metrics as our renderer draws it), its box
// tightened to the letters, its stroke width, a block's alignment, a code's human-readable line, and
// paragraphs split into the separate texts they hold.
import type { Box, FoundCode } from "./codes";
import type { OcrLine } from "./ocr";
import type { Gray } from "./pixels";
import type { Mask } from "./shapes";

/** Noto Sans SC: the baseline sits 0.93 em below the top of the line box (docs/rendering.md). */
export const BASELINE_EM = 0.93;
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
export const SIDE_BEARING_EM = 0.07;

/** A line without descending letters sits on its box's bottom; else tesseract's baseline. */
export function baselineOf(l: OcrLine): number {
  return /[gjpqyQ,;()[\]{}|@$]/.test(l.text) ? l.baseline : l.box.y + l.box.height;
}

/** A line's em in pixels, from how far its tallest letters reach above the baseline. */
export function emOf(l: OcrLine): number {
  const above = Math.max(1, baselineOf(l) - l.box.y);
  return above / (REACH_EM.find(([re]) => re.test(l.text))?.[1] ?? X_EM);
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
export function strokeWidth(ink: Mask, b: Box): number {
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
export function alignment(lines: readonly OcrLine[], px: number): 0 | 1 | 2 {
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
export function isHri(code: FoundCode, line: OcrLine): boolean {
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
export function splitBlock(lines: readonly OcrLine[]): OcrLine[][] {
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

// A page's picture as the few small bitmaps it inks instead of one spanning them all (issue 36): a
// label's changing texts (a name at the top, a time at the bottom) would otherwise go as one
// rectangle from the first to the last, mostly white — TSPL's BITMAP has no compression at all.
// Cut along wide blank bands of rows, then of columns, then again inside each piece (an XY cut).
import type { Bitmap } from "../bitmap";

export interface Part {
  /** top left, dots; x on a whole byte */
  readonly x: number;
  readonly y: number;
  readonly bitmap: Bitmap;
}

/** Blank rows (dots) and blank byte columns that separate two parts: less costs more than it saves. */
const ROW_GAP = 8;
const COLUMN_GAP = 2;
/** More parts than this (a noisy picture): one part, as before. */
const MAX_PARTS = 64;

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

const rowInked = (b: Bitmap, y: number, left: number, right: number) => {
  for (let x = left; x <= right; x++) if (b.data[y * b.bytesPerRow + x]) return true;
  return false;
};
const columnInked = (b: Bitmap, x: number, top: number, bottom: number) => {
  for (let y = top; y <= bottom; y++) if (b.data[y * b.bytesPerRow + x]) return true;
  return false;
};

/** The inked runs of 0…n-1, split where at least `gap` blank ones lie between them. */
function runs(n: number, inked: (i: number) => boolean, gap: number): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (!inked(i)) continue;
    if (start < 0) start = i;
    else if (i - last - 1 >= gap) {
      out.push([start, last]);
      start = i;
    }
    last = i;
  }
  if (start >= 0) out.push([start, last]);
  return out;
}

/** The boxes of ink inside `box`, cut along blank bands until no band is left to cut. */
function cut(b: Bitmap, box: Box, out: Box[]): void {
  if (out.length > MAX_PARTS) return;
  const rows = runs(box.bottom - box.top + 1, (i) => rowInked(b, box.top + i, box.left, box.right), ROW_GAP);
  for (const [r0, r1] of rows) {
    const top = box.top + r0;
    const bottom = box.top + r1;
    const cols = runs(box.right - box.left + 1, (i) => columnInked(b, box.left + i, top, bottom), COLUMN_GAP);
    for (const [c0, c1] of cols) {
      const piece = { top, bottom, left: box.left + c0, right: box.left + c1 };
      // one row band and one column band: nothing left to cut
      if (rows.length === 1 && cols.length === 1) out.push(piece);
      else cut(b, piece, out);
    }
  }
}

function crop(b: Bitmap, box: Box): Part {
  const bytesPerRow = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  const data = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++) {
    const from = (box.top + y) * b.bytesPerRow;
    data.set(b.data.subarray(from + box.left, from + box.right + 1), y * bytesPerRow);
  }
  return { x: box.left * 8, y: box.top, bitmap: { width: bytesPerRow * 8, height, bytesPerRow, data } };
}

/** The parts of a bitmap that have ink (one when they cannot be told apart); none when it is blank. */
export function inkedParts(b: Bitmap): Part[] {
  const whole: Box = { top: 0, bottom: b.height - 1, left: 0, right: b.bytesPerRow - 1 };
  const boxes: Box[] = [];
  cut(b, whole, boxes);
  if (boxes.length <= MAX_PARTS) return boxes.map((box) => crop(b, box));
  // a noisy picture: the one box around all its ink
  const [[top, bottom]] = runs(b.height, (y) => rowInked(b, y, whole.left, whole.right), Infinity);
  const [[left, right]] = runs(b.bytesPerRow, (x) => columnInked(b, x, top, bottom), Infinity);
  return [crop(b, { top, bottom, left, right })];
}

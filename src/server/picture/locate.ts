// Label area positioning (spec call 27): where the label lies in a photo or scan. The label is the
// largest plausible bright region (paper) that stands out from its surroundings; its corners are the
// region's extreme points along the two diagonals, so a turned or slanted label still gets 4 corners.
import { type Gray, otsu, shrink } from "./pixels";

export type Point = readonly [number, number];
/** top-left, top-right, bottom-right, bottom-left */
export type Quad = readonly [Point, Point, Point, Point];

export interface LabelArea {
  /** [x, y, width, height] in picture pixels: the corners' bounding box */
  readonly box: readonly [number, number, number, number];
  readonly corners: Quad;
  /** false when no region stood out: the whole picture is the label (a scan, a PDF page) */
  readonly found: boolean;
}

/** Work on at most this many pixels per side (the corners are then refined to full resolution). */
const WORK_SIDE = 480;
/** A region smaller than this share of the picture is not taken for the label. */
const MIN_AREA = 0.08;

export function wholePicture(width: number, height: number): LabelArea {
  return {
    box: [0, 0, width, height],
    corners: [
      [0, 0],
      [width, 0],
      [width, height],
      [0, height],
    ],
    found: false,
  };
}

/** Closes small dark gaps (the label's own print) inside the bright mask: a dilation by `r`. */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    let last = -1e9;
    for (let x = 0; x < w; x++) if (mask[y * w + x]) last = x;
    // two passes per row: nearest set pixel to the left and to the right within r
    last = -1e9;
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) last = x;
      if (x - last <= r) tmp[y * w + x] = 1;
    }
    last = 1e9;
    for (let x = w - 1; x >= 0; x--) {
      if (mask[y * w + x]) last = x;
      if (last - x <= r) tmp[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < w; x++) {
    let last = -1e9;
    for (let y = 0; y < h; y++) {
      if (tmp[y * w + x]) last = y;
      if (y - last <= r) out[y * w + x] = 1;
    }
    last = 1e9;
    for (let y = h - 1; y >= 0; y--) {
      if (tmp[y * w + x]) last = y;
      if (last - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}

/** The largest 4-connected component of `mask`: its pixel indices. */
function largestComponent(mask: Uint8Array, w: number, h: number): Int32Array {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  let best: Int32Array = new Int32Array(0);
  let next = 1;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    const id = next++;
    let top = 0;
    let n = 0;
    const members: number[] = [];
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const i = stack[--top];
      members.push(i);
      n++;
      const x = i % w;
      const y = (i - x) / w;
      const visit = (j: number) => {
        if (mask[j] && !label[j]) {
          label[j] = id;
          stack[top++] = j;
        }
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    if (n > best.length) best = Int32Array.from(members);
  }
  return best;
}

/** The label's area in `g`; the whole picture when nothing plausible stands out. */
export function locateLabel(g: Gray): LabelArea {
  const factor = Math.max(1, Math.ceil(Math.max(g.width, g.height) / WORK_SIDE));
  const s = shrink(g, factor);
  const { width: w, height: h } = s;
  const t = otsu(s.data);
  const bright = new Uint8Array(w * h);
  for (let i = 0; i < bright.length; i++) bright[i] = s.data[i] > t ? 1 : 0;
  // closing (dilate, then erode = dilate the background): the print inside the label is filled,
  // the outline stays where it is
  const r = Math.max(2, Math.round(Math.min(w, h) / 80));
  const grown = dilate(bright, w, h, r);
  const back = dilate(
    grown.map((v) => 1 - v),
    w,
    h,
    r,
  );
  const closed = back.map((v) => 1 - v);
  const region = largestComponent(closed, w, h);
  if (region.length < MIN_AREA * w * h) return wholePicture(g.width, g.height);
  let tl = [0, 0, Infinity];
  let br = [0, 0, -Infinity];
  let tr = [0, 0, -Infinity];
  let bl = [0, 0, -Infinity];
  let touches = 0;
  let minX = w;
  let minY = h;
  let maxX = 0;
  let maxY = 0;
  for (const i of region) {
    const x = i % w;
    const y = (i - x) / w;
    if (x + y < tl[2]) tl = [x, y, x + y];
    if (x + y > br[2]) br = [x, y, x + y];
    if (x - y > tr[2]) tr = [x, y, x - y];
    if (y - x > bl[2]) bl = [x, y, y - x];
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  if (minX === 0) touches++;
  if (minY === 0) touches++;
  if (maxX === w - 1) touches++;
  if (maxY === h - 1) touches++;
  // paper running off 3 or 4 edges: a scan or a close crop, the picture is the label
  if (touches >= 3) return wholePicture(g.width, g.height);
  const up = (p: number[]): Point => [
    Math.min(g.width, Math.max(0, (p[0] + 0.5) * factor)),
    Math.min(g.height, Math.max(0, (p[1] + 0.5) * factor)),
  ];
  const corners: Quad = [up(tl), up(tr), up(br), up(bl)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x0 = Math.floor(Math.min(...xs));
  const y0 = Math.floor(Math.min(...ys));
  return {
    box: [x0, y0, Math.ceil(Math.max(...xs)) - x0, Math.ceil(Math.max(...ys)) - y0],
    corners,
    found: true,
  };
}

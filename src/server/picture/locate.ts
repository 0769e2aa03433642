// Label area positioning (spec call 27): where the label lies in a photo or scan. The label is the
// largest plausible bright region (paper) that stands out from its surroundings; its corners are the
// region's extreme points along the two diagonals, so a turned or slanted label still gets 4 corners.
import { dilate } from "../../image/dilate";
import type { PicturePoint as Point, Quad } from "../../image/quad";
import { type Gray, otsu, shrink } from "./pixels";

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

type Line = { px: number; py: number; dx: number; dy: number };

/** The straight line through points (total least squares: through the mean, along the main axis). */
function fitLine(pts: readonly Point[]): Line | null {
  if (pts.length < 8) return null;
  let mx = 0;
  let my = 0;
  for (const [x, y] of pts) {
    mx += x;
    my += y;
  }
  mx /= pts.length;
  my /= pts.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { px: mx, py: my, dx: Math.cos(angle), dy: Math.sin(angle) };
}

function intersect(a: Line, b: Line): Point | null {
  const det = a.dx * b.dy - a.dy * b.dx;
  if (Math.abs(det) < 1e-6) return null;
  const t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / det;
  return [a.px + t * a.dx, a.py + t * a.dy];
}

/**
 * Corners from the region's outline: the outline points along each side (away from the rough
 * corners, where blur and the closing round it off) are fitted with a straight line, and adjacent
 * sides meet at the corners. Null when a side has too few points or the result strays far.
 */
function refineCorners(region: Int32Array, w: number, h: number, q: Quad, factor: number): Quad | null {
  const inside = new Uint8Array(w * h);
  for (const i of region) inside[i] = 1;
  const sides: Point[][] = [[], [], [], []];
  const size = Math.max(
    Math.hypot(q[1][0] - q[0][0], q[1][1] - q[0][1]),
    Math.hypot(q[3][0] - q[0][0], q[3][1] - q[0][1]),
  );
  for (const i of region) {
    const x = i % w;
    const y = (i - x) / w;
    const edge =
      x === 0 ||
      y === 0 ||
      x === w - 1 ||
      y === h - 1 ||
      !inside[i - 1] ||
      !inside[i + 1] ||
      !inside[i - w] ||
      !inside[i + w];
    if (!edge) continue;
    for (let k = 0; k < 4; k++) {
      const a = q[k];
      const b = q[(k + 1) % 4];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy || 1;
      const t = ((x - a[0]) * dx + (y - a[1]) * dy) / len2;
      if (t < 0.15 || t > 0.85) continue;
      const dist = Math.abs((x - a[0]) * dy - (y - a[1]) * dx) / Math.sqrt(len2);
      if (dist < size * 0.04) sides[k].push([x + 0.5, y + 0.5]);
    }
  }
  const lines = sides.map(fitLine);
  if (lines.some((l) => !l)) return null;
  const out: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersect(lines[(k + 3) % 4] as Line, lines[k] as Line);
    if (!p || Math.hypot(p[0] - q[k][0], p[1] - q[k][1]) > size * 0.1) return null;
    out.push([
      Math.min(w * factor, Math.max(0, p[0] * factor)),
      Math.min(h * factor, Math.max(0, p[1] * factor)),
    ]);
  }
  return out as unknown as Quad;
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
  const rough: Quad = [up(tl), up(tr), up(br), up(bl)];
  const corners =
    refineCorners(
      region,
      w,
      h,
      [tl, tr, br, bl].map((p) => [p[0], p[1]] as Point) as unknown as Quad,
      factor,
    ) ?? rough;
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

// A QR code's three finder patterns are the same on every record of a size: they are taken out of the
// code's path and drawn from one form per symbol size (`/Fs1 Do`), written once for the document,
// which leaves each page ~45 bytes smaller (of ~600). Found by geometry, not by element kind: a
// path of whole modules whose three corners hold the 7 × 7 pattern ringed by light modules (its
// separator). The ring is why the split is safe: no finder module touches another dark module, so
// two fills meet nowhere and no seam can appear; the union drawn is the path's own.
import { fillOperators } from "./pathData";

const FINDER = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"];
const RECT = /M(\d+) (\d+)h(\d+)v(\d+)h-(\d+)z/y;
/** QR versions 1–40: 21 to 177 modules a side */
const MIN_SIDE = 21;
const MAX_SIDE = 177;

export interface FinderSplit {
  /** the symbol's side in modules: the key of its finders' form */
  readonly side: number;
  /** fill operators of the code without its finder patterns */
  readonly rest: string;
}

/** The dark modules of a path of whole-module rectangles on a square grid from 0 0, or null. */
function modules(d: string): { dark: Uint8Array; side: number } | null {
  const rects: number[] = [];
  let side = 0;
  RECT.lastIndex = 0;
  while (RECT.lastIndex < d.length) {
    const m = RECT.exec(d);
    if (!m || m[3] !== m[5]) return null;
    const [x, y, w, h] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    side = Math.max(side, x + w, y + h);
    if (side > MAX_SIDE) return null;
    rects.push(x, y, w, h);
  }
  if (side < MIN_SIDE) return null;
  const dark = new Uint8Array(side * side);
  for (let i = 0; i < rects.length; i += 4)
    for (let y = rects[i + 1]; y < rects[i + 1] + rects[i + 3]; y++)
      dark.fill(1, y * side + rects[i], y * side + rects[i] + rects[i + 2]);
  return { dark, side };
}

/** The finder's 7 × 7 modules at (x, y) and the light ring around it inside the grid. */
function isFinder(dark: Uint8Array, side: number, x0: number, y0: number): boolean {
  for (let y = y0 - 1; y <= y0 + 7; y++)
    for (let x = x0 - 1; x <= x0 + 7; x++) {
      if (x < 0 || y < 0 || x >= side || y >= side) continue;
      const inside = x >= x0 && x < x0 + 7 && y >= y0 && y < y0 + 7;
      const want = inside ? FINDER[y - y0][x - x0] === "1" : false;
      if ((dark[y * side + x] === 1) !== want) return false;
    }
  return true;
}

/** Path data of the dark modules in `dark`, a rectangle per run of a row. */
function runs(dark: Uint8Array, side: number): string {
  let d = "";
  for (let y = 0; y < side; y++) {
    let x = 0;
    while (x < side) {
      if (!dark[y * side + x]) {
        x++;
        continue;
      }
      const from = x;
      while (x < side && dark[y * side + x]) x++;
      d += `M${from} ${y}h${x - from}v1h-${x - from}z`;
    }
  }
  return d;
}

const corners = (side: number) => [
  [0, 0],
  [side - 7, 0],
  [0, side - 7],
];

/** The finder patterns of a symbol of `side` modules, as fill operators (the shared form's body). */
export function finderOperators(side: number): string {
  const dark = new Uint8Array(side * side);
  for (const [x0, y0] of corners(side))
    for (let y = 0; y < 7; y++)
      for (let x = 0; x < 7; x++) dark[(y0 + y) * side + x0 + x] = FINDER[y][x] === "1" ? 1 : 0;
  return fillOperators(runs(dark, side));
}

/** A QR code's path without its finder patterns, or null when `d` is not such a code. */
export function splitFinders(d: string): FinderSplit | null {
  // a QR path's first rectangle is the top of the top-left finder: a cheap test for every other path
  if (!d.startsWith("M0 0h7v1h-7z")) return null;
  const grid = modules(d);
  if (!grid) return null;
  const { dark, side } = grid;
  if (!corners(side).every(([x, y]) => isFinder(dark, side, x, y))) return null;
  for (const [x0, y0] of corners(side))
    for (let y = y0; y < y0 + 7; y++) dark.fill(0, y * side + x0, y * side + x0 + 7);
  const rest = runs(dark, side);
  return { side, rest: rest ? fillOperators(rest) : "" };
}

// A QR code's three finder patterns are the same on every record of a size: they are taken out of the
// code's path and drawn from one form per symbol size (`/Fs1 Do`), written once for the document,
// which leaves each page ~45 bytes smaller (of ~600). Found by geometry, not by element kind: a
// path of whole modules whose three corners hold the 7 × 7 pattern ringed by light modules (its
// separator). The ring is why the split is safe: no finder module touches another dark module, so
// two fills meet nowhere and no seam can appear; the union drawn is the path's own.
const FINDER = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"];
/** QR versions 1–40: 21 to 177 modules a side */
const MIN_SIDE = 21;
const MAX_SIDE = 177;

export interface FinderSplit {
  /** the symbol's side in modules: the key of its finders' form */
  readonly side: number;
  /** fill operators of the code without its finder patterns */
  readonly rest: string;
}

/**
 * Where the last intAt stopped.
 */
let end = 0;

/**
 * A non-negative integer written at `i` in `d` (digits only, as the renderer writes them), or -1.
 * Read by hand: a regular expression's captures made six strings a rectangle, for every QR code.
 */
function intAt(d: string, i: number): number {
  let v = 0;
  let j = i;
  for (; j < d.length; j++) {
    const c = d.charCodeAt(j) - 48;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
  }
  end = j;
  return j > i ? v : -1;
}
/**
 * The dark modules of a path of whole-module rectangles on a square grid from 0 0, or null: the
 * path is "M x y h w v h h -w z" rectangles only, each back stroke as written as its width.
 */
function modules(d: string): { dark: Uint8Array; side: number } | null {
  const rects: number[] = [];
  let side = 0;
  let i = 0;
  const expect = (c: string) => d[end] === c;
  while (i < d.length) {
    if (d[i] !== "M") return null;
    const x = intAt(d, i + 1);
    if (x < 0 || !expect(" ")) return null;
    const y = intAt(d, end + 1);
    if (y < 0 || !expect("h")) return null;
    const wFrom = end + 1;
    const w = intAt(d, wFrom);
    const wTo = end;
    if (w < 0 || !expect("v")) return null;
    const h = intAt(d, end + 1);
    if (h < 0 || d[end] !== "h" || d[end + 1] !== "-") return null;
    const backFrom = end + 2;
    const back = intAt(d, backFrom);
    // the back stroke written exactly as the width ("7" and "07" differ, as the text does)
    if (back !== w || end - backFrom !== wTo - wFrom || !expect("z")) return null;
    i = end + 1;
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

/**
 * The fill operators of the renderer's path of `dark` (a rectangle per run of a row, as
 * `fillOperators` draws it), made from the grid without writing and reading back the path:
 * a row's runs, each merged into the rectangle of the same x and width that ends on this row.
 */
export function gridOperators(dark: Uint8Array, side: number): string {
  const rects: number[] = []; // x y w h
  /** the rectangle each (x, width) column ends with so far */
  const open = new Map<number, number>();
  for (let y = 0; y < side; y++) {
    let x = 0;
    while (x < side) {
      if (!dark[y * side + x]) {
        x++;
        continue;
      }
      const from = x;
      while (x < side && dark[y * side + x]) x++;
      const key = from * (side + 1) + x - from;
      const at = open.get(key);
      if (at !== undefined && rects[at + 1] + rects[at + 3] === y) rects[at + 3]++;
      else {
        open.set(key, rects.length);
        rects.push(from, y, x - from, 1);
      }
    }
  }
  if (!rects.length) return "";
  // fillOperators' one row of bars of one height, under a cm scaled to it
  const [, y0, , h0] = rects;
  let row = rects.length > 4 && h0 !== 1;
  for (let i = 0; row && i < rects.length; i += 4) row = rects[i + 1] === y0 && rects[i + 3] === h0;
  let out = row ? `1 0 0 ${h0} 0 ${y0} cm\n` : "";
  for (let i = 0; i < rects.length; i += 4)
    out += row
      ? `${rects[i]} 0 ${rects[i + 2]} 1 re\n`
      : `${rects[i]} ${rects[i + 1]} ${rects[i + 2]} ${rects[i + 3]} re\n`;
  return out.slice(0, -1);
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
  return gridOperators(dark, side);
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
  return { side, rest: gridOperators(dark, side) };
}

// The module font: a TrueType font made here whose glyph 1 + b draws the byte b as eight code modules
// (bit 7 leftmost), each one module (1/8 em) wide and tall. A code (QR modules, barcode bars) is then
// written as rows of bytes with text rendering mode 7: the glyphs of a row, and of all its rows, add up
// to one clipping path that one rectangle fill paints. Same outline as the `re` operators (no seams
// between modules: it is one fill), about a third of the bytes — a large PDF of per-record codes is
// mostly its codes. The glyphs are built, not drawn: 257 glyphs, each run of set bits one rectangle.
import { assemble, EMPTY_CMAP, EMPTY_NAME } from "./trueType";

/** Font units of one module (the em is eight modules). */
export const MODULE_UNITS = 128;
export const MODULE_EM = MODULE_UNITS * 8;

/** The set-bit runs of a byte as [start, end) module columns, left to right. */
export function byteRuns(b: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= 8; i++) {
    const on = i < 8 && (b & (0x80 >> i)) !== 0;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      runs.push([start, i]);
      start = -1;
    }
  }
  return runs;
}

/** One simple glyph: a clockwise rectangle contour per run, on-curve points, word deltas. */
function glyph(b: number): Uint8Array {
  const runs = byteRuns(b);
  if (!runs.length) return new Uint8Array(0);
  const n = runs.length;
  const points = n * 4;
  const size = 10 + n * 2 + 2 + points + points * 2 * 2;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  const x0 = runs[0][0] * MODULE_UNITS;
  const x1 = runs[n - 1][1] * MODULE_UNITS;
  v.setInt16(0, n);
  v.setInt16(2, x0);
  v.setInt16(4, 0);
  v.setInt16(6, x1);
  v.setInt16(8, MODULE_UNITS);
  let at = 10;
  for (let i = 0; i < n; i++, at += 2) v.setUint16(at, i * 4 + 3);
  v.setUint16(at, 0); // no instructions
  at += 2;
  for (let i = 0; i < points; i++) out[at++] = 0x01; // on curve, x and y as int16 deltas
  // clockwise in the font's y-up space: bottom-left, top-left, top-right, bottom-right
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [s, e] of runs) {
    const l = s * MODULE_UNITS;
    const r = e * MODULE_UNITS;
    xs.push(l, l, r, r);
    ys.push(0, MODULE_UNITS, MODULE_UNITS, 0);
  }
  let px = 0;
  for (const x of xs) {
    v.setInt16(at, x - px);
    px = x;
    at += 2;
  }
  let py = 0;
  for (const y of ys) {
    v.setInt16(at, y - py);
    py = y;
    at += 2;
  }
  return out;
}

let cached: Uint8Array | null = null;

/** The font file (made once). Glyph 0 is an empty .notdef; glyph 1 + b draws byte b. */
export function moduleFontFile(): Uint8Array {
  if (cached) return cached;
  const count = 257;
  const glyphs = [new Uint8Array(0), ...Array.from({ length: 256 }, (_, b) => glyph(b))];
  const padded = (g: Uint8Array) => (g.length + 3) & ~3;
  const glyf = new Uint8Array(glyphs.reduce((a, g) => a + padded(g), 0));
  const loca = new DataView(new ArrayBuffer((count + 1) * 4));
  const hmtx = new DataView(new ArrayBuffer(count * 4));
  let at = 0;
  glyphs.forEach((g, i) => {
    loca.setUint32(i * 4, at);
    glyf.set(g, at);
    at += padded(g);
    hmtx.setUint16(i * 4, MODULE_EM);
    hmtx.setInt16(i * 4 + 2, g.length ? new DataView(g.buffer).getInt16(2) : 0);
  });
  loca.setUint32(count * 4, at);

  const head = new DataView(new ArrayBuffer(54));
  head.setUint32(0, 0x00010000); // version
  head.setUint32(4, 0x00010000); // fontRevision
  head.setUint32(12, 0x5f0f3cf5); // magic
  head.setUint16(16, 0x000b); // flags: baseline at 0, lsb at 0, integer scaling
  head.setUint16(18, MODULE_EM); // unitsPerEm
  head.setInt16(36, 0);
  head.setInt16(38, 0);
  head.setInt16(40, MODULE_EM);
  head.setInt16(42, MODULE_UNITS);
  head.setUint16(46, 8); // lowestRecPPEM
  head.setInt16(48, 2); // fontDirectionHint
  head.setInt16(50, 1); // long loca

  const hhea = new DataView(new ArrayBuffer(36));
  hhea.setUint32(0, 0x00010000);
  hhea.setInt16(4, MODULE_UNITS); // ascender
  hhea.setUint16(10, MODULE_EM); // advanceWidthMax
  hhea.setInt16(16, MODULE_EM); // xMaxExtent
  hhea.setInt16(18, 1); // caretSlopeRise
  hhea.setUint16(34, count); // numberOfHMetrics

  const maxp = new DataView(new ArrayBuffer(32));
  maxp.setUint32(0, 0x00010000);
  maxp.setUint16(4, count);
  maxp.setUint16(6, 16); // maxPoints
  maxp.setUint16(8, 4); // maxContours
  maxp.setUint16(14, 1); // maxZones

  const post = new DataView(new ArrayBuffer(32));
  post.setUint32(0, 0x00030000); // no glyph names

  cached = assemble(
    new Map<string, Uint8Array | null>([
      ["cmap", EMPTY_CMAP],
      ["glyf", glyf],
      ["head", new Uint8Array(head.buffer)],
      ["hhea", new Uint8Array(hhea.buffer)],
      ["hmtx", new Uint8Array(hmtx.buffer)],
      ["loca", new Uint8Array(loca.buffer)],
      ["maxp", new Uint8Array(maxp.buffer)],
      ["name", EMPTY_NAME],
      ["post", new Uint8Array(post.buffer)],
    ]),
  );
  return cached;
}

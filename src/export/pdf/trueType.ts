// A minimal TrueType reader for PDF embedding, DOM-free: character → glyph (cmap formats 4 and 12,
// looked up on demand, never a whole-table map), advance widths, the metrics a FontDescriptor
// needs, and a subset file holding only the glyphs a document used (composite parts included,
// glyphs renumbered in order of first use). Parsed once per font file and kept (WeakMap by bytes),
// so an export pays nothing for a 10 MB CJK face but the glyphs it draws.

import { Cmap } from "../../render/cmap";

interface Table {
  readonly offset: number;
  readonly length: number;
}

const TAG_ORDER = [
  "OS/2",
  "cmap",
  "cvt ",
  "fpgm",
  "glyf",
  "head",
  "hhea",
  "hmtx",
  "loca",
  "maxp",
  "name",
  "post",
  "prep",
];

export class TrueTypeFont {
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly bbox: readonly [number, number, number, number];
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly italicAngle: number;
  private readonly view: DataView;
  private readonly bytes: Uint8Array;
  private readonly tables = new Map<string, Table>();
  private readonly longLoca: boolean;
  private readonly numberOfHMetrics: number;
  private readonly cmap: Cmap | null;

  constructor(buffer: ArrayBuffer) {
    this.bytes = new Uint8Array(buffer);
    const v = new DataView(buffer);
    this.view = v;
    const n = v.getUint16(4);
    for (let i = 0; i < n; i++) {
      const rec = 12 + i * 16;
      const tag = String.fromCharCode(...this.bytes.subarray(rec, rec + 4));
      this.tables.set(tag, { offset: v.getUint32(rec + 8), length: v.getUint32(rec + 12) });
    }
    for (const t of ["head", "hhea", "maxp", "hmtx", "loca", "glyf"])
      if (!this.tables.has(t)) throw new Error(`not a TrueType (glyf) font: no ${t} table`);
    const head = this.table("head").offset;
    this.unitsPerEm = v.getUint16(head + 18) || 1000;
    this.bbox = [v.getInt16(head + 36), v.getInt16(head + 38), v.getInt16(head + 40), v.getInt16(head + 42)];
    this.longLoca = v.getInt16(head + 50) === 1;
    this.numGlyphs = v.getUint16(this.table("maxp").offset + 4);
    const hhea = this.table("hhea").offset;
    this.numberOfHMetrics = v.getUint16(hhea + 34);
    const os2 = this.tables.get("OS/2");
    const typoAsc = os2 ? v.getInt16(os2.offset + 68) : 0;
    const typoDesc = os2 ? v.getInt16(os2.offset + 70) : 0;
    this.ascent = typoAsc > 0 ? typoAsc : v.getInt16(hhea + 4);
    this.descent = typoDesc < 0 ? typoDesc : v.getInt16(hhea + 6);
    this.capHeight =
      os2 && v.getUint16(os2.offset) >= 2 && os2.length >= 90 ? v.getInt16(os2.offset + 88) : this.ascent;
    const post = this.tables.get("post");
    this.italicAngle = post ? v.getInt32(post.offset + 4) / 65536 : 0;
    const cmap = this.tables.get("cmap");
    this.cmap = cmap ? new Cmap(v, cmap.offset) : null;
  }

  private table(tag: string): Table {
    return this.tables.get(tag) as Table;
  }

  /** The glyph of a code point (0 = .notdef when the font has none). */
  glyphId(cp: number): number {
    return this.cmap?.glyphId(cp) ?? 0;
  }

  /** Advance width in font units. */
  advance(gid: number): number {
    const hmtx = this.table("hmtx").offset;
    const i = Math.min(gid, this.numberOfHMetrics - 1);
    return this.view.getUint16(hmtx + i * 4);
  }

  private leftBearing(gid: number): number {
    const hmtx = this.table("hmtx").offset;
    if (gid < this.numberOfHMetrics) return this.view.getInt16(hmtx + gid * 4 + 2);
    return this.view.getInt16(hmtx + this.numberOfHMetrics * 4 + (gid - this.numberOfHMetrics) * 2);
  }

  private glyphRange(gid: number): [number, number] {
    const loca = this.table("loca").offset;
    const v = this.view;
    const [a, b] = this.longLoca
      ? [v.getUint32(loca + gid * 4), v.getUint32(loca + gid * 4 + 4)]
      : [v.getUint16(loca + gid * 2) * 2, v.getUint16(loca + gid * 2 + 2) * 2];
    const glyf = this.table("glyf").offset;
    return [glyf + a, glyf + Math.max(a, b)];
  }

  /** The component glyphs of a composite glyph (with the byte offsets of their ids). */
  private components(start: number, end: number): { gid: number; at: number }[] {
    const v = this.view;
    if (end - start < 10 || v.getInt16(start) >= 0) return [];
    const out: { gid: number; at: number }[] = [];
    let p = start + 10;
    for (;;) {
      const flags = v.getUint16(p);
      out.push({ gid: v.getUint16(p + 2), at: p + 2 - start });
      p += 4 + (flags & 0x1 ? 4 : 2);
      if (flags & 0x8) p += 2;
      else if (flags & 0x40) p += 4;
      else if (flags & 0x80) p += 8;
      if (!(flags & 0x20) || p >= end) break;
    }
    return out;
  }

  /**
   * A TrueType file holding `used` (old glyph ids, new id = position; `used[0]` must be 0), plus the
   * parts of composite glyphs, appended. Answers the file and the complete old → new map.
   * A PDF addresses glyphs by id and needs no more; a font for a printer (which looks characters
   * up) passes `chars` (code point → old glyph id: a cmap of them) and `name` (its name table).
   */
  subset(
    used: readonly number[],
    opts: { readonly chars?: ReadonlyMap<number, number>; readonly name?: string } = {},
  ): { file: Uint8Array; map: Map<number, number> } {
    const order = [...used];
    const map = new Map<number, number>(order.map((g, i) => [g, i]));
    for (let i = 0; i < order.length; i++) {
      const [s, e] = this.glyphRange(order[i]);
      for (const c of this.components(s, e)) {
        if (c.gid < this.numGlyphs && !map.has(c.gid)) {
          map.set(c.gid, order.length);
          order.push(c.gid);
        }
      }
    }
    const glyphs: Uint8Array[] = [];
    let glyfLen = 0;
    const loca = new DataView(new ArrayBuffer((order.length + 1) * 4));
    order.forEach((gid, i) => {
      const [s, e] = this.glyphRange(gid);
      const data = this.bytes.slice(s, e);
      const dv = new DataView(data.buffer);
      for (const c of this.components(s, e)) dv.setUint16(c.at, map.get(c.gid) ?? 0);
      loca.setUint32(i * 4, glyfLen);
      glyphs.push(data);
      glyfLen += data.length + ((4 - (data.length % 4)) % 4);
    });
    loca.setUint32(order.length * 4, glyfLen);
    const glyf = new Uint8Array(glyfLen);
    let at = 0;
    for (const g of glyphs) {
      glyf.set(g, at);
      at += g.length + ((4 - (g.length % 4)) % 4);
    }
    const hmtx = new DataView(new ArrayBuffer(order.length * 4));
    order.forEach((gid, i) => {
      hmtx.setUint16(i * 4, this.advance(gid));
      hmtx.setInt16(i * 4 + 2, this.leftBearing(gid));
    });
    const copy = (tag: string) => {
      const t = this.tables.get(tag);
      return t ? this.bytes.slice(t.offset, t.offset + t.length) : null;
    };
    const head = copy("head") as Uint8Array;
    new DataView(head.buffer).setUint32(8, 0); // checkSumAdjustment, recomputed below
    new DataView(head.buffer).setInt16(50, 1); // long loca
    const hhea = copy("hhea") as Uint8Array;
    new DataView(hhea.buffer).setUint16(34, order.length);
    const maxp = copy("maxp") as Uint8Array;
    new DataView(maxp.buffer).setUint16(4, order.length);
    const post = new Uint8Array(32);
    const pv = new DataView(post.buffer);
    pv.setUint32(0, 0x00030000); // format 3: no glyph names
    const src = this.tables.get("post");
    if (src) post.set(this.bytes.subarray(src.offset + 4, src.offset + 16), 4);
    const tables = new Map<string, Uint8Array | null>([
      ["OS/2", copy("OS/2")],
      ["cmap", opts.chars ? cmapOf(opts.chars, map) : EMPTY_CMAP],
      ["cvt ", copy("cvt ")],
      ["fpgm", copy("fpgm")],
      ["glyf", glyf],
      ["head", head],
      ["hhea", hhea],
      ["hmtx", new Uint8Array(hmtx.buffer)],
      ["loca", new Uint8Array(loca.buffer)],
      ["maxp", maxp],
      ["name", opts.name ? nameTable(opts.name) : EMPTY_NAME],
      ["post", post],
      ["prep", copy("prep")],
    ]);
    return { file: assemble(tables), map };
  }
}

// PDF text addresses glyphs by CID (CIDToGIDMap Identity), so the subset maps no characters; the
// table is there (one format 4 terminator segment) for readers that insist on having one.
const EMPTY_CMAP = new Uint8Array([
  0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12, 0, 4, 0, 24, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0xff,
  0xff, 0, 1, 0, 0,
]);

/** A name table with no records (the PDF names the font; the table only has to exist). */
const EMPTY_NAME = new Uint8Array([0, 0, 0, 0, 0, 6]);

/**
 * A cmap of format 4 (Windows, Unicode BMP): one segment per character, the new glyph id as its
 * delta. Characters past the BMP are left out (the caller draws those texts otherwise).
 */
function cmapOf(chars: ReadonlyMap<number, number>, map: ReadonlyMap<number, number>): Uint8Array {
  const cps = [...chars.keys()]
    .filter((cp) => cp < 0xffff && map.has(chars.get(cp) ?? 0))
    .sort((a, b) => a - b);
  const seg = cps.length + 1;
  const len = 16 + seg * 8;
  const out = new Uint8Array(12 + len);
  const v = new DataView(out.buffer);
  v.setUint16(2, 1); // one encoding record: 3, 1 at offset 12
  v.setUint16(4, 3);
  v.setUint16(6, 1);
  v.setUint32(8, 12);
  const t = 12;
  v.setUint16(t, 4);
  v.setUint16(t + 2, len);
  v.setUint16(t + 6, seg * 2);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= seg) {
    pow *= 2;
    log++;
  }
  v.setUint16(t + 8, pow * 2);
  v.setUint16(t + 10, log);
  v.setUint16(t + 12, seg * 2 - pow * 2);
  const ends = t + 14;
  const starts = ends + seg * 2 + 2;
  const deltas = starts + seg * 2;
  cps.forEach((cp, i) => {
    v.setUint16(ends + i * 2, cp);
    v.setUint16(starts + i * 2, cp);
    v.setUint16(deltas + i * 2, ((map.get(chars.get(cp) ?? 0) ?? 0) - cp) & 0xffff);
  });
  // the terminating segment 0xFFFF → .notdef (delta 1), range offsets all 0
  v.setUint16(ends + (seg - 1) * 2, 0xffff);
  v.setUint16(starts + (seg - 1) * 2, 0xffff);
  v.setUint16(deltas + (seg - 1) * 2, 1);
  return out;
}

/** A name table naming the family (1), style (2), full name (4) and PostScript name (6), Windows Unicode. */
function nameTable(family: string): Uint8Array {
  const ps = family.replace(/[^A-Za-z0-9-]/g, "").slice(0, 63) || "Font";
  const records: [number, string][] = [
    [1, family],
    [2, "Regular"],
    [4, family],
    [6, ps],
  ];
  const strings = records.map(([, s]) => {
    const b = new Uint8Array(s.length * 2);
    for (let i = 0; i < s.length; i++) {
      b[i * 2] = s.charCodeAt(i) >> 8;
      b[i * 2 + 1] = s.charCodeAt(i) & 0xff;
    }
    return b;
  });
  const head = 6 + records.length * 12;
  const out = new Uint8Array(head + strings.reduce((k, b) => k + b.length, 0));
  const v = new DataView(out.buffer);
  v.setUint16(2, records.length);
  v.setUint16(4, head);
  let at = 0;
  records.forEach(([id], i) => {
    const r = 6 + i * 12;
    v.setUint16(r, 3);
    v.setUint16(r + 2, 1);
    v.setUint16(r + 4, 0x409);
    v.setUint16(r + 6, id);
    v.setUint16(r + 8, strings[i].length);
    v.setUint16(r + 10, at);
    out.set(strings[i], head + at);
    at += strings[i].length;
  });
  return out;
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array(data.length + ((4 - (data.length % 4)) % 4));
  padded.set(data);
  const v = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

function assemble(tables: Map<string, Uint8Array | null>): Uint8Array {
  const present = TAG_ORDER.filter((t) => tables.get(t));
  const n = present.length;
  let size = 12 + n * 16;
  for (const t of present) size += ((tables.get(t) as Uint8Array).length + 3) & ~3;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x00010000);
  v.setUint16(4, n);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= n) {
    pow *= 2;
    log++;
  }
  v.setUint16(6, pow * 16);
  v.setUint16(8, log);
  v.setUint16(10, n * 16 - pow * 16);
  let at = 12 + n * 16;
  let headAt = 0;
  present.forEach((tag, i) => {
    const data = tables.get(tag) as Uint8Array;
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
    v.setUint32(rec + 4, checksum(data));
    v.setUint32(rec + 8, at);
    v.setUint32(rec + 12, data.length);
    out.set(data, at);
    if (tag === "head") headAt = at;
    at += (data.length + 3) & ~3;
  });
  if (headAt) v.setUint32(headAt + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

const parsed = new WeakMap<ArrayBuffer, TrueTypeFont>();

/** The parsed font of a file's bytes, parsed once per buffer (fonts stay loaded across exports). */
export function trueTypeOf(bytes: ArrayBuffer): TrueTypeFont {
  let f = parsed.get(bytes);
  if (!f) {
    f = new TrueTypeFont(bytes);
    parsed.set(bytes, f);
  }
  return f;
}

// A font's character map read on demand (formats 4 and 12, the Unicode subtables), never turned
// into a whole-table map: a CJK face maps ~30,000 characters, and building that map was most of the
// cost of loading one (issue 41). Used by text layout (fonts.ts: opentype.js is given this lookup
// instead of parsing the table) and by the PDF writer's TrueType reader.

/** The offset and length of each table in an sfnt file, by tag. */
export function tableDirectory(view: DataView): Map<string, { offset: number; length: number }> {
  const tables = new Map<string, { offset: number; length: number }>();
  const n = view.getUint16(4);
  for (let i = 0; i < n; i++) {
    const rec = 12 + i * 16;
    let tag = "";
    for (let k = 0; k < 4; k++) tag += String.fromCharCode(view.getUint8(rec + k));
    tables.set(tag, { offset: view.getUint32(rec + 8), length: view.getUint32(rec + 12) });
  }
  return tables;
}

export class Cmap {
  private readonly sub: { format: number; offset: number } | null;
  private readonly cache = new Map<number, number>();

  /** `offset`: where the cmap table starts in `view` */
  constructor(
    private readonly view: DataView,
    offset: number,
  ) {
    this.sub = bestSubtable(view, offset);
  }

  /** The glyph of a code point (0 = .notdef when the font has none). */
  glyphId(cp: number): number {
    let g = this.cache.get(cp);
    if (g === undefined) {
      g = this.lookup(cp);
      this.cache.set(cp, g);
    }
    return g;
  }

  private lookup(cp: number): number {
    const c = this.sub;
    if (!c) return 0;
    const v = this.view;
    if (c.format === 12) {
      const n = v.getUint32(c.offset + 12);
      let lo = 0;
      let hi = n - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = c.offset + 16 + mid * 12;
        const start = v.getUint32(g);
        if (cp < start) hi = mid - 1;
        else if (cp > v.getUint32(g + 4)) lo = mid + 1;
        else return v.getUint32(g + 8) + (cp - start);
      }
      return 0;
    }
    if (cp > 0xffff) return 0;
    const segX2 = v.getUint16(c.offset + 6);
    const ends = c.offset + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let i = 0; i < segX2; i += 2) {
      if (v.getUint16(ends + i) < cp) continue;
      const start = v.getUint16(starts + i);
      if (cp < start) return 0;
      const delta = v.getUint16(deltas + i);
      const ro = v.getUint16(ranges + i);
      if (ro === 0) return (cp + delta) & 0xffff;
      const at = ranges + i + ro + 2 * (cp - start);
      const g = v.getUint16(at);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  }
}

/** The Unicode subtable to read: format 12 (all planes) before format 4 (the BMP). */
function bestSubtable(v: DataView, table: number): { format: number; offset: number } | null {
  const n = v.getUint16(table + 2);
  let best: { format: number; offset: number; rank: number } | null = null;
  for (let i = 0; i < n; i++) {
    const rec = table + 4 + i * 8;
    const platform = v.getUint16(rec);
    const encoding = v.getUint16(rec + 2);
    const offset = table + v.getUint32(rec + 4);
    const format = v.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode || (format !== 4 && format !== 12)) continue;
    const rank = format === 12 ? 2 : 1;
    if (!best || rank > best.rank) best = { format, offset, rank };
  }
  return best;
}

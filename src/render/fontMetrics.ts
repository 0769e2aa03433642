// The metrics text layout reads from a font file, straight from its tables: units per em, the
// ascent and descent (hhea, OS/2), caret-free decoration metrics (OS/2 strikeout, post underline),
// the character map (cmap.ts, on demand) and the advance of a glyph (hmtx, on demand). Nothing is
// parsed ahead: opentype.js built an object per glyph metric of a face at load (the default CJK face
// has ~65,000) and its 0.6 MB of script had to be compiled by every small CLI job (issue 41). The
// field names are opentype.js's, so a face it parses (a WOFF file) reads the same (fonts.ts).
import { Cmap, tableDirectory } from "./cmap";

export interface FaceMetrics {
  readonly unitsPerEm: number;
  /** hhea */
  readonly ascender: number;
  readonly descender: number;
  readonly tables: {
    readonly os2?: {
      readonly sTypoAscender: number;
      readonly sTypoDescender: number;
      /** OS/2 version 2 and later */
      readonly sCapHeight?: number;
      readonly yStrikeoutPosition: number;
      readonly yStrikeoutSize: number;
    };
    readonly post?: { readonly underlinePosition: number; readonly underlineThickness: number };
  };
  /** The glyph of a character (0 when the font has none). */
  charToGlyphIndex(ch: string): number;
  /** Advance width of a glyph in font units (undefined when the font does not say). */
  advanceOf(glyph: number): number | undefined;
}

/** sfnt versions read here: TrueType outlines, CFF outlines (the metrics tables are the same). */
const SFNT = new Set([0x00010000, 0x74727565 /* true */, 0x4f54544f /* OTTO */]);

/**
 * The metrics of an sfnt font file, or null when the file is not one (WOFF, or not a font: the
 * caller hands it to opentype.js, which reads WOFF or says what is wrong). Throws when a table it
 * needs is missing or lies outside the file.
 */
export function readFaceMetrics(bytes: ArrayBuffer): FaceMetrics | null {
  if (bytes.byteLength < 12) return null;
  const v = new DataView(bytes);
  if (!SFNT.has(v.getUint32(0))) return null;
  if (12 + v.getUint16(4) * 16 > bytes.byteLength) throw new Error("font: table directory cut short");
  const dir = tableDirectory(v);
  const table = (tag: string, min: number) => {
    const t = dir.get(tag);
    if (!t) return undefined;
    if (t.length < min || t.offset + t.length > bytes.byteLength)
      throw new Error(`font: ${tag} table outside the file`);
    return t.offset;
  };
  const need = (tag: string, min: number) => {
    const at = table(tag, min);
    if (at === undefined) throw new Error(`font: no ${tag} table`);
    return at;
  };
  const head = need("head", 54);
  const hhea = need("hhea", 36);
  const maxp = need("maxp", 6);
  const numberOfHMetrics = v.getUint16(hhea + 34);
  const hmtx = need("hmtx", numberOfHMetrics * 4);
  const numGlyphs = v.getUint16(maxp + 4);
  const os2At = table("OS/2", 78);
  const postAt = table("post", 12);
  const cmapAt = table("cmap", 4);
  const cmap = cmapAt === undefined ? null : new Cmap(v, cmapAt);
  const os2 =
    os2At === undefined
      ? undefined
      : {
          sTypoAscender: v.getInt16(os2At + 68),
          sTypoDescender: v.getInt16(os2At + 70),
          sCapHeight:
            v.getUint16(os2At) >= 2 && (dir.get("OS/2")?.length ?? 0) >= 90
              ? v.getInt16(os2At + 88)
              : undefined,
          yStrikeoutSize: v.getInt16(os2At + 26),
          yStrikeoutPosition: v.getInt16(os2At + 28),
        };
  const post =
    postAt === undefined
      ? undefined
      : { underlinePosition: v.getInt16(postAt + 8), underlineThickness: v.getInt16(postAt + 10) };
  return {
    unitsPerEm: v.getUint16(head + 18),
    ascender: v.getInt16(hhea + 4),
    descender: v.getInt16(hhea + 6),
    tables: { os2, post },
    charToGlyphIndex: (ch) => cmap?.glyphId(ch.codePointAt(0) ?? 0) ?? 0,
    // glyphs past the last long metric share its advance (the hmtx table's rule)
    advanceOf: (glyph) =>
      glyph < numGlyphs && numberOfHMetrics > 0
        ? v.getUint16(hmtx + Math.min(glyph, numberOfHMetrics - 1) * 4)
        : undefined,
  };
}

// The raster's text outlines parse a face with its character map read on demand
// (src/print/outlineFont.ts): no whole-table map built, every character maps to the glyph
// opentype.js's own reading gives, its outline is the same, and the file's bytes are left as they were.
import { readFileSync } from "node:fs";
import * as opentype from "opentype.js";
import { describe, expect, it } from "vitest";
import { parseOutlineFont } from "../../src/print/outlineFont";

const ot = opentype as unknown as { parse?: typeof opentype.parse; default?: typeof opentype };
const parse = ot.parse ?? (ot.default as typeof opentype).parse;
const file = (name: string) => {
  const b = readFileSync(`public/fonts/${name}`);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

const outline = (f: opentype.Font, g: number) =>
  (f.glyphs.get(g) as unknown as { path: { toPathData(decimals: number): string } }).path.toPathData(2);

describe("an outline face, its character map read on demand", () => {
  for (const name of ["NotoSansSC-Regular.ttf", "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf"])
    it(`${name}: the same glyphs and outlines as the whole table, no map built, the file untouched`, () => {
      const bytes = file(name);
      const before = new Uint8Array(bytes).slice();
      const font = parseOutlineFont(bytes);
      const map = (font.tables.cmap as { glyphIndexMap?: Record<number, number> }).glyphIndexMap ?? {};
      expect(Object.keys(map).length).toBeLessThan(2);
      expect(Buffer.from(new Uint8Array(bytes)).equals(Buffer.from(before))).toBe(true);
      const whole = parse(file(name), { lowMemory: true });
      let mapped = 0;
      for (let cp = 0; cp < 0x30000; cp += cp < 0x3000 ? 1 : 7) {
        const ch = String.fromCodePoint(cp);
        const g = font.charToGlyphIndex(ch);
        expect(g, `U+${cp.toString(16)}`).toBe(whole.charToGlyphIndex(ch));
        if (g && mapped++ % 97 === 0) expect(outline(font, g)).toBe(outline(whole, g));
      }
      expect(mapped).toBeGreaterThan(50);
    }, 120_000);
});

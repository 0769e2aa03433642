// A face's character map is read on demand (src/render/cmap.ts, issue 41): loading a CJK face builds
// no whole-table map, and every character maps to the glyph opentype.js's own reading gives.
import { readFileSync } from "node:fs";
import * as opentype from "opentype.js";
import { describe, expect, it } from "vitest";
import { FontRegistry } from "../../src/render/fonts";

const ot = opentype as unknown as { parse?: typeof opentype.parse; default?: typeof opentype };
const parse = ot.parse ?? (ot.default as typeof opentype).parse;
const file = (name: string) => {
  const b = readFileSync(`public/fonts/${name}`);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

describe("a face's character map, read on demand", () => {
  for (const [family, name] of [
    ["Noto Sans SC", "NotoSansSC-Regular.ttf"],
    ["Noto Sans", "NotoSans-Regular.ttf"],
    ["Noto Sans Arabic", "NotoSansArabic-Regular.ttf"],
  ])
    it(`${family}: the same glyphs as the whole table, no map built, the file untouched`, async () => {
      const bytes = file(name);
      const before = new Uint8Array(bytes).slice();
      const face = await new FontRegistry().registerFace(family, bytes);
      const { font } = face as unknown as {
        font: {
          charToGlyphIndex(ch: string): number;
          tables: { cmap: { glyphIndexMap: Record<number, number> } };
        };
      };
      // the registry did not turn the table into an object of every character
      expect(Object.keys(font.tables.cmap.glyphIndexMap).length).toBeLessThan(2);
      // the bytes kept for embedding are the file's own
      expect(Buffer.from(new Uint8Array(bytes)).equals(Buffer.from(before))).toBe(true);
      const whole = parse(file(name), { lowMemory: true });
      let mapped = 0;
      for (let cp = 0; cp < 0x30000; cp += cp < 0x3000 ? 1 : 7) {
        const ch = String.fromCodePoint(cp);
        const g = font.charToGlyphIndex(ch);
        expect(g, `U+${cp.toString(16)}`).toBe(whole.charToGlyphIndex(ch));
        if (g) mapped++;
      }
      expect(mapped).toBeGreaterThan(50);
    }, 120_000);
});

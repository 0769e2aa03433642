// A face's metrics are read from the font file's tables on demand (src/render/fontMetrics.ts, issue
// 41), without opentype.js: every metric text layout uses is the one opentype.js's own reading
// gives, so layouts (and the PDFs and prints made from them) are unchanged.
import { readFileSync } from "node:fs";
import * as opentype from "opentype.js";
import { describe, expect, it } from "vitest";
import { type FaceMetrics, readFaceMetrics } from "../../src/render/fontMetrics";
import { Face, FontRegistry } from "../../src/render/fonts";

const ot = opentype as unknown as { parse?: typeof opentype.parse; default?: typeof opentype };
const parse = ot.parse ?? (ot.default as typeof opentype).parse;
const file = (name: string) => {
  const b = readFileSync(`public/fonts/${name}`);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

/** The face opentype.js's reading of the file makes. */
function opentypeFace(family: string, bytes: ArrayBuffer): Face {
  const font = parse(bytes, { lowMemory: true });
  const metrics: FaceMetrics = {
    unitsPerEm: font.unitsPerEm,
    ascender: font.ascender,
    descender: font.descender,
    tables: font.tables,
    charToGlyphIndex: (ch) => font.charToGlyphIndex(ch),
    advanceOf: (g) => font.glyphs.get(g).advanceWidth,
  };
  return new Face(family, false, metrics, bytes);
}

describe("a face's metrics, read from the file's tables", () => {
  for (const [family, name] of [
    ["Noto Sans SC", "NotoSansSC-Regular.ttf"],
    ["Noto Sans", "NotoSans-Bold.ttf"],
    ["Roboto", "Roboto-Regular.ttf"],
    ["Roboto Mono", "RobotoMono-Regular.ttf"],
    ["Noto Sans Arabic", "NotoSansArabic-Regular.ttf"],
    ["Noto Sans Symbols 2", "NotoSansSymbols2-Regular.ttf"],
  ])
    it(`${family}: the metrics and every sampled character's advance opentype.js reads`, async () => {
      const bytes = file(name);
      const before = new Uint8Array(bytes).slice();
      const face = await new FontRegistry().registerFace(family, bytes);
      const whole = opentypeFace(family, file(name));
      for (const k of [
        "ascent",
        "descent",
        "capHeight",
        "underlinePosition",
        "underlineThickness",
        "strikePosition",
        "strikeThickness",
        "unitsPerEm",
      ] as const)
        expect(face[k], k).toBe(whole[k]);
      const differ: string[] = [];
      let mapped = 0;
      for (let cp = 0; cp < 0x30000; cp += cp < 0x3000 ? 1 : 7) {
        if (face.metric(cp) !== whole.metric(cp) || face.advance(cp) !== whole.advance(cp))
          differ.push(`U+${cp.toString(16)}`);
        if (face.has(cp)) mapped++;
      }
      expect(differ).toEqual([]);
      expect(mapped).toBeGreaterThan(50);
      // every glyph's advance, the ones past the last long metric too
      const own = readFaceMetrics(file(name)) as FaceMetrics;
      const font = parse(file(name), { lowMemory: true });
      const wrong: number[] = [];
      for (let g = 0; g < font.numGlyphs; g += font.numGlyphs > 5000 ? 7 : 1)
        if (own.advanceOf(g) !== font.glyphs.get(g).advanceWidth) wrong.push(g);
      expect(wrong).toEqual([]);
      // the bytes kept for embedding are the file's own
      expect(Buffer.from(new Uint8Array(bytes)).equals(Buffer.from(before))).toBe(true);
    }, 180_000);

  it("a font file cut short or not a font is refused (the editor's tip126), never half-read", async () => {
    const cut = file("Roboto-Regular.ttf").slice(0, 4096);
    const reg = new FontRegistry({ source: async () => cut.slice(0) });
    expect(await reg.load("Roboto")).toBe(false);
    const text = new FontRegistry({
      source: async () => new TextEncoder().encode("not a font at all").buffer,
    });
    expect(await text.load("Roboto")).toBe(false);
  });
});

// Shaping (HarfBuzz) and right-to-left layout (issue 35): Arabic joins, Devanagari vowel signs go
// before their consonant, right-to-left paragraphs start at the right edge and words and mixed runs
// come in the order the Unicode bidirectional algorithm gives.
import { describe, expect, it } from "vitest";
import { prepareRender, renderLabel } from "../../src/render/index";
import { layoutText, type TextLayout } from "../../src/render/text";
import { parseGlyphs } from "../../src/render/text/glyphsAttr";
import { loadShaper } from "../../src/render/text/shaper";
import { doc, el, loadedFonts } from "./helpers";

const spec = (text: string, over: Record<string, unknown> = {}) => ({
  text,
  family: "Noto Sans SC",
  sizePt: 12,
  align: 1 as const,
  boxLength: 60,
  ...over,
});

/** Left edge (mm) of the glyph drawing `word` (a shaped word, or one Latin character). */
const xOf = (l: TextLayout, word: string) => {
  const g = l.lines.flatMap((x) => x.glyphs).find((k) => k.ch === word);
  if (!g) throw new Error(`no ${word}`);
  return g.x;
};

describe("shaping and right-to-left", () => {
  it("Arabic is shaped into joining forms, Devanagari's i sign comes before its consonant", async () => {
    const fonts = await loadedFonts();
    expect(await loadShaper()).toBe(true);
    const arabic = layoutText(spec("زيت"), fonts).lines[0].glyphs;
    expect(arabic).toHaveLength(1);
    const face = arabic[0].face;
    expect(face.family).toBe("Noto Sans Arabic");
    const shaped = arabic[0].shaped ?? [];
    // visual order: the last letter (ت, cluster 2) is drawn leftmost; ي and ت join (ز joins no
    // letter after it, so it keeps its isolated form)
    expect(shaped[0].cl).toBe(2);
    const isolated = layoutText(spec("ز ي ت"), fonts)
      .lines[0].glyphs.flatMap((g) => g.shaped ?? [])
      .map((s) => s.g);
    const joined = shaped.filter((k) => k.ax > 0 && k.cl > 0);
    expect(joined).toHaveLength(2);
    for (const s of joined) expect(isolated).not.toContain(s.g);

    const hindi = layoutText(spec("कि"), fonts).lines[0].glyphs[0].shaped ?? [];
    const kaOnly = layoutText(spec("क"), fonts).lines[0].glyphs[0].shaped ?? [];
    expect(hindi).toHaveLength(2);
    // the first glyph drawn is the vowel sign, the consonant follows
    expect(hindi[1].g).toBe(kaOnly[0].g);
    expect(hindi[0].g).not.toBe(kaOnly[0].g);
  }, 60_000);

  it("a right-to-left paragraph starts at the right edge, its words right to left", async () => {
    const fonts = await loadedFonts();
    await loadShaper();
    const l = layoutText(spec("שמן זית"), fonts);
    const g = l.lines[0].glyphs;
    const right = Math.max(...g.map((k) => k.x)) + 0;
    expect(xOf(l, "שמן")).toBeGreaterThan(xOf(l, "זית"));
    // left alignment is the start: the right edge for right-to-left text
    expect(l.lines[0].start).toBeCloseTo(60 - l.lines[0].length, 3);
    expect(right).toBeGreaterThan(30);
    // the end is the left edge
    expect(layoutText(spec("שמן זית", { align: 2 }), fonts).lines[0].start).toBeCloseTo(0, 3);
  }, 60_000);

  it("mixed direction: numbers and Latin keep their order inside Arabic and the other way round", async () => {
    const fonts = await loadedFonts();
    await loadShaper();
    const rtl = layoutText(spec("زيت 500 ml"), fonts);
    // an Arabic paragraph (UAX #9): "500" and "ml" each read left to right, the space between them
    // takes the paragraph's direction, so the line reads "ml 500 زيت"
    expect(xOf(rtl, "m")).toBeLessThan(xOf(rtl, "l"));
    expect(xOf(rtl, "l")).toBeLessThan(xOf(rtl, "5"));
    expect(xOf(rtl, "5")).toBeLessThan(xOf(rtl, "0"));
    expect(xOf(rtl, "0")).toBeLessThan(xOf(rtl, "زيت"));
    // a Latin paragraph with an Arabic phrase: the phrase (with the number after it) reads right to
    // left inside the line: "Olive 2 الزيتون زيت"
    const ltr = layoutText(spec("Olive زيت الزيتون 2"), fonts);
    expect(xOf(ltr, "O")).toBeLessThan(xOf(ltr, "2"));
    expect(xOf(ltr, "2")).toBeLessThan(xOf(ltr, "الزيتون"));
    expect(xOf(ltr, "الزيتون")).toBeLessThan(xOf(ltr, "زيت"));
    expect(ltr.lines[0].start).toBe(0);
  }, 60_000);

  it("the SVG carries the shaped glyphs on the word's tspan, Latin text stays as it was", async () => {
    const fonts = await loadedFonts();
    const label = doc([el("Text", { Data: "زيت Olive" })]);
    await prepareRender(label, { fonts });
    const svg = renderLabel(label, { fonts, cache: false });
    const m = /<tspan [^>]*data-glyphs="([^"]*)"[^>]*>زيت<\/tspan>/.exec(svg);
    expect(m).not.toBeNull();
    expect(parseGlyphs(m?.[1])?.length).toBeGreaterThan(2);
    expect(svg).toMatch(/<tspan x="[\d.]+" y="[\d.]+">Olive<\/tspan>/);
    expect(parseGlyphs("1,0,5")).toBeNull();
  }, 60_000);
});

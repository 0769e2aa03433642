import { beforeAll, describe, expect, it } from "vitest";
import { TEXT_HEIGHT_FACTOR, VERTICAL_ASCII_WIDTH } from "../../src/model/constants";
import { ptToMm } from "../../src/model/units";
import type { FontRegistry } from "../../src/render/fonts";
import {
  layoutText,
  measureText,
  SPACING_UNIT_MM,
  type TextLayout,
  type TextSpec,
} from "../../src/render/text";
import { loadedFonts } from "./helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

const lineTexts = (l: TextLayout) => l.lines.map((ln) => ln.glyphs.map((g) => g.ch).join(""));
const base: TextSpec = { text: "", family: "Roboto", sizePt: 12 };
/** Width in mm of a string in the given face (no spacing). */
const width = (s: string, family = "Roboto", sizePt = 12) =>
  Array.from(s).reduce(
    (w, ch) =>
      w +
      fonts
        .chain(family)
        [fonts.chain(family)[0].has(ch.codePointAt(0) as number) ? 0 : 1].advance(
          ch.codePointAt(0) as number,
        ),
    0,
  ) * ptToMm(sizePt);

describe("wrapping", () => {
  it("keeps lines on explicit newlines only without auto line", () => {
    const l = layoutText({ ...base, text: "one two three\nfour" }, fonts);
    expect(lineTexts(l)).toEqual(["one two three", "four"]);
  });

  it("breaks Latin text at word boundaries, dropping the space at the break", () => {
    const w = width("alpha beta") + 0.01;
    const l = layoutText({ ...base, text: "alpha beta alpha beta", autoLine: true, wrapWidth: w }, fonts);
    expect(lineTexts(l)).toEqual(["alpha beta", "alpha beta"]);
    for (const ln of l.lines) expect(ln.length).toBeLessThanOrEqual(w + 1e-9);
  });

  it("breaks CJK text between any two characters", () => {
    const w = width("你好世", "Noto Sans SC") + 0.01;
    const l = layoutText(
      { ...base, family: "Noto Sans SC", text: "你好世界再见朋友", autoLine: true, wrapWidth: w },
      fonts,
    );
    expect(lineTexts(l)).toEqual(["你好世", "界再见", "朋友"]);
  });

  it("never starts a line with closing punctuation", () => {
    const w = width("你好", "Noto Sans SC") + 0.01;
    const l = layoutText(
      { ...base, family: "Noto Sans SC", text: "你好，世界", autoLine: true, wrapWidth: w },
      fonts,
    );
    for (const t of lineTexts(l)) expect(t.startsWith("，")).toBe(false);
    expect(lineTexts(l).join("")).toBe("你好，世界");
  });

  it("breaks a word longer than the box inside the word", () => {
    const w = width("abcde") + 0.01;
    const l = layoutText(
      { ...base, text: "abcdefghijklmnopqrstuvwxyz", autoLine: true, wrapWidth: w },
      fonts,
    );
    expect(l.lines.length).toBeGreaterThan(4);
    expect(lineTexts(l).join("")).toBe("abcdefghijklmnopqrstuvwxyz");
    for (const ln of l.lines) expect(ln.length).toBeLessThanOrEqual(w + 1e-9);
  });

  it("mixes scripts: Latin words stay whole next to CJK, each glyph in a font that has it", () => {
    const l = layoutText(
      { ...base, text: "Price 价格 Cotton 棉质衬衫 Large", autoLine: true, wrapWidth: 25 },
      fonts,
    );
    const all = lineTexts(l);
    for (const word of ["Price", "Cotton", "Large"]) expect(all.some((t) => t.includes(word))).toBe(true);
    for (const ln of l.lines)
      for (const g of ln.glyphs) {
        const cp = g.ch.codePointAt(0) as number;
        expect(g.face.family).toBe(cp > 0x2e80 ? "Noto Sans SC" : "Roboto");
      }
  });
});

describe("alignment", () => {
  const box = 60;
  const spec = (align: 0 | 1 | 2 | 3 | 4): TextSpec => ({
    ...base,
    text: "Hello label",
    align,
    boxLength: box,
  });
  const natural = () => layoutText(spec(1), fonts).lines[0].length;
  it("0 centres, 1 starts at the left, 2 ends at the right", () => {
    const n = natural();
    expect(layoutText(spec(1), fonts).lines[0].start).toBe(0);
    expect(layoutText(spec(0), fonts).lines[0].start).toBeCloseTo((box - n) / 2, 9);
    expect(layoutText(spec(2), fonts).lines[0].start).toBeCloseTo(box - n, 9);
  });
  it("3 spreads the characters over the whole width", () => {
    const l = layoutText(spec(3), fonts).lines[0];
    const last = l.glyphs[l.glyphs.length - 1];
    expect(l.glyphs[0].x).toBe(0);
    expect(last.x + last.face.advance(last.ch.codePointAt(0) as number) * ptToMm(12)).toBeCloseTo(box, 6);
    expect(l.natural).toBe(false);
  });
  it("4 stretches the line to the width", () => {
    const l = layoutText(spec(4), fonts).lines[0];
    expect(l.scale).toBeCloseTo(box / natural(), 9);
    expect(l.scale).toBeGreaterThan(1);
  });
});

describe("spacing and size", () => {
  it("letter spacing adds between glyphs, in editor units", () => {
    const a = layoutText({ ...base, text: "AB" }, fonts).lines[0];
    const b = layoutText({ ...base, text: "AB", letterSpacing: 4 }, fonts).lines[0];
    expect(b.glyphs[1].x - a.glyphs[1].x).toBeCloseTo(4 * SPACING_UNIT_MM, 9);
    expect(b.natural).toBe(false);
  });
  it("line height adds between lines; block height follows", () => {
    const size = ptToMm(12);
    const m0 = measureText({ ...base, text: "a\nb\nc" }, fonts);
    const m1 = measureText({ ...base, text: "a\nb\nc", lineSpacing: 6 }, fonts);
    expect(m0.height).toBeCloseTo(3 * size * TEXT_HEIGHT_FACTOR, 9);
    expect(m1.height - m0.height).toBeCloseTo(2 * 6 * SPACING_UNIT_MM, 9);
    const l = layoutText({ ...base, text: "a\nb", lineSpacing: 6 }, fonts);
    expect(l.lines[1].axis - l.lines[0].axis).toBeCloseTo(size * TEXT_HEIGHT_FACTOR + 6 * SPACING_UNIT_MM, 9);
  });
  it("bold uses the wider real bold face", () => {
    const r = measureText({ ...base, text: "Bold words" }, fonts).width;
    const b = measureText({ ...base, text: "Bold words", bold: true }, fonts).width;
    expect(b).toBeGreaterThan(r);
    expect(layoutText({ ...base, text: "x", bold: true }, fonts).syntheticBold).toBe(false);
  });
  it("underline and strike-through become rectangles spanning the line", () => {
    const l = layoutText({ ...base, text: "Under", underline: true, strike: true }, fonts);
    expect(l.decorations).toHaveLength(2);
    const [u, s] = l.decorations;
    expect(u.width).toBeCloseTo(l.lines[0].length, 9);
    expect(u.y).toBeGreaterThan(l.lines[0].axis); // below the baseline
    expect(s.y).toBeLessThan(l.lines[0].axis); // through the letters
  });
});

describe("vertical text", () => {
  const size = ptToMm(12);
  it("stacks upright characters one em apart; an ASCII-only column is 0.55 as wide", () => {
    const l = layoutText({ ...base, family: "Noto Sans SC", text: "中A文", vertical: true }, fonts);
    expect(l.lines).toHaveLength(1);
    expect(l.height).toBeCloseTo(size * 3, 9);
    expect(l.width).toBeCloseTo(size * TEXT_HEIGHT_FACTOR, 9);
    const ascii = layoutText({ ...base, text: "AB", vertical: true }, fonts);
    expect(ascii.width).toBeCloseTo(size * TEXT_HEIGHT_FACTOR * VERTICAL_ASCII_WIDTH, 9);
    expect(ascii.height).toBeCloseTo(size * 2, 9);
    const [a, b, c] = l.lines[0].glyphs;
    expect(b.y).toBeGreaterThan(a.y);
    expect(c.y).toBeGreaterThan(b.y);
    // every glyph is centred on the column axis
    for (const g of l.lines[0].glyphs) {
      const adv = g.face.advance(g.ch.codePointAt(0) as number) * size;
      expect(g.x + adv / 2).toBeCloseTo(l.lines[0].axis, 9);
    }
  });
  it("puts the first column on the right and wraps columns at the box length", () => {
    const l = layoutText(
      {
        ...base,
        family: "Noto Sans SC",
        text: "一二三四五",
        vertical: true,
        autoLine: true,
        wrapWidth: size * 2 + 0.01,
      },
      fonts,
    );
    expect(lineTexts(l)).toEqual(["一二", "三四", "五"]);
    expect(l.lines[0].axis).toBeGreaterThan(l.lines[1].axis);
    expect(l.lines[1].axis).toBeGreaterThan(l.lines[2].axis);
  });
});

describe("robustness", () => {
  it("lays out with an unknown family (default family metrics) and odd input", () => {
    const l = layoutText(
      { ...base, family: "Nope", text: "x\r\n\t\u0000y", sizePt: Number.NaN, autoLine: true, wrapWidth: -3 },
      fonts,
    );
    expect(l.lines.length).toBe(2);
    expect(Number.isFinite(l.width) && Number.isFinite(l.height)).toBe(true);
    expect(layoutText({ ...base, text: "" }, fonts).lines).toHaveLength(1);
    const wild = layoutText(
      {
        ...base,
        text: "ab",
        sizePt: Number.POSITIVE_INFINITY,
        letterSpacing: Number.NaN,
        lineSpacing: Number.NEGATIVE_INFINITY,
      },
      fonts,
    );
    for (const g of wild.lines[0].glyphs) expect(Number.isFinite(g.x) && Number.isFinite(g.y)).toBe(true);
  });
});

describe("measureTextElement (editor sizing)", () => {
  it("measures prefix + value + suffix; auto line is as wide as BoxWidth", async () => {
    const { measureTextElement } = await import("../../src/render/text");
    const { createElement } = await import("../../src/model/kinds");
    const t = {
      ...createElement("Text", [], { x: 0, y: 0 }),
      FontFamily: "Roboto",
      FontSize: 12,
    } as import("../../src/model/types").TextElement;
    const plain = measureTextElement(t, "Label", fonts);
    const withFix = measureTextElement({ ...t, TextPrefix: "No. ", TextSuffix: " pcs" }, "Label", fonts);
    expect(withFix.width).toBeGreaterThan(plain.width);
    expect(plain.width).toBeCloseTo(width("Label"), 9);
    expect(plain.height).toBeCloseTo(ptToMm(12) * TEXT_HEIGHT_FACTOR, 9);
    const auto = measureTextElement(
      { ...t, TextAutoLine: true, BoxWidth: 20 },
      "a long sentence that wraps onto several lines",
      fonts,
    );
    expect(auto.width).toBe(20);
    expect(auto.height).toBeGreaterThan(2 * ptToMm(12));
  });
});

describe("huge input", () => {
  it("lays out at most MAX_LAID_OUT_CHARS characters of a hostile value", async () => {
    const { MAX_LAID_OUT_CHARS } = await import("../../src/render/text/layout");
    const l = layoutText({ ...base, text: "x ".repeat(2_000_000), autoLine: true, wrapWidth: 40 }, fonts);
    const glyphs = l.lines.reduce((n, ln) => n + ln.glyphs.length, 0);
    expect(glyphs).toBeLessThanOrEqual(MAX_LAID_OUT_CHARS);
    expect(glyphs).toBeGreaterThan(MAX_LAID_OUT_CHARS / 3);
  });
});

describe("combining marks", () => {
  it("stay with their base character, also when every glyph is positioned", () => {
    const l = layoutText({ ...base, text: "Cafe\u0301 cafe\u0301", letterSpacing: 2 }, fonts);
    const chars = l.lines[0].glyphs.map((g) => g.ch);
    expect(chars).toContain("e\u0301");
    expect(chars).not.toContain("\u0301");
  });
});

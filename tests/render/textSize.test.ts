// Text style edits recompute the element's size with the shared text layout (spec §4), for one element
// or a multi-selection; other kinds get the patch as it is.
import { beforeAll, describe, expect, it } from "vitest";
import { patchesFor } from "../../src/editor/panels/fields/usePatch";
import { DEFAULT_FONT_FAMILY } from "../../src/model/constants";
import { createElement } from "../../src/model/kinds";
import type { LabelElement, TextElement } from "../../src/model/types";
import { getFontRegistry } from "../../src/render";
import { textSizePatch } from "../../src/render/text/size";

const fonts = getFontRegistry();
beforeAll(async () => {
  expect(await fonts.ensure(DEFAULT_FONT_FAMILY)).toBe(true);
});

const text = (over: Partial<TextElement> = {}): TextElement => ({
  ...(createElement("Text", [], { x: 0, y: 0 }) as TextElement),
  Data: "Inkless 标签",
  FontSize: 10,
  ...over,
});

describe("text size after a style change", () => {
  it("grows with the font size and the letter spacing", () => {
    const small = textSizePatch(text(), fonts);
    const big = textSizePatch(text({ FontSize: 20 }), fonts);
    const spaced = textSizePatch(text({ LetterSpacing: 12 }), fonts);
    expect(big.Width).toBeGreaterThan((small.Width ?? 0) * 1.8);
    expect(big.Height).toBeGreaterThan((small.Height ?? 0) * 1.8);
    expect(spaced.Width).toBeGreaterThan(small.Width ?? 0);
  });

  it("with auto line the width is the box width and long text wraps to more lines", () => {
    const one = textSizePatch(text({ TextAutoLine: true, BoxWidth: 200 }), fonts);
    const wrapped = textSizePatch(text({ TextAutoLine: true, BoxWidth: 12 }), fonts);
    expect(wrapped.Width).toBe(12);
    expect(wrapped.Height).toBeGreaterThan((one.Height ?? 0) * 1.5);
  });

  it("prefix and suffix count; vertical text is taller than wide", () => {
    const plain = textSizePatch(text(), fonts);
    const framed = textSizePatch(text({ TextPrefix: "No. ", TextSuffix: " pcs" }), fonts);
    expect(framed.Width).toBeGreaterThan(plain.Width ?? 0);
    const v = textSizePatch(text({ TextArrange: 1 }), fonts);
    expect(v.Height).toBeGreaterThan(v.Width ?? 0);
  });

  it("a multi-selection patch resizes the text elements only", () => {
    const a = text();
    const r = createElement("Rectangle", [a], { x: 0, y: 0 });
    const out = patchesFor([a, r] as LabelElement[], [a.Id, r.Id], { FontSize: 20, PenWidth: 2 });
    expect(out[0].patch).toMatchObject({ FontSize: 20 });
    const before = textSizePatch(a, fonts).Height ?? 0;
    expect((out[0].patch as TextElement).Height).toBeGreaterThan(before * 1.8);
    expect(out[1].patch).toEqual({ FontSize: 20, PenWidth: 2 });
  });
});

// Text style and content edits recompute the element's size with the shared text layout (spec §4):
// the editor store does it after every op (the Text kind's normalize with the injected measure), for
// one element or a multi-selection; other kinds get the patch as it is.
import { beforeAll, describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { editorMachine } from "../../machines/editor.machine";
import { DEFAULT_FONT_FAMILY } from "../../src/model/constants";
import { emptyDocument } from "../../src/model/defaults";
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

  it("the editor store fits a text's box to each edit (its kind's normalize), other kinds as patched", () => {
    const a = text({ Id: "t1" });
    const r = { ...createElement("Rectangle", [a], { x: 0, y: 0 }), Id: "r1" };
    const actor = createActor(editorMachine, {
      input: {
        doc: { ...emptyDocument(), elements: [a, r] },
        env: { measureText: (el) => textSizePatch(el, fonts) },
      },
    }).start();
    const get = (id: string) =>
      actor.getSnapshot().context.doc.elements.find((e) => e.Id === id) as LabelElement;
    const before = textSizePatch(a, fonts);

    actor.send({ type: "elements.update", ids: [a.Id], kind: "Text", patch: { FontSize: 20 } });
    expect(get("t1").Height).toBeGreaterThan((before.Height ?? 0) * 1.8);
    expect(get("r1")).toMatchObject({ Width: r.Width, Height: r.Height });

    const wide = get("t1").Width;
    actor.send({
      type: "element.update",
      id: "t1",
      kind: "Text",
      patch: { Data: "Inkless 标签 Inkless 标签" },
    });
    expect(get("t1").Width).toBeGreaterThan(wide * 1.8);

    // a move keeps the box as it is, even one the fonts would measure otherwise
    actor.send({ type: "element.update", id: "t1", kind: "Text", patch: { Width: 3 } });
    expect(get("t1").Width).toBeGreaterThan(3);
    const fitted = get("t1");
    actor.send({ type: "element.update", id: "t1", kind: "Text", patch: { StartX: 7 } });
    expect(get("t1")).toEqual({ ...fitted, StartX: 7 });
    actor.stop();
  });
});

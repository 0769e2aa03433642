// The canvas layers' maths: the CSS transform that shows a layer drawn for one viewport at another,
// and the check that lets a dragged selection move as one layer (only plain common translations).
import { describe, expect, it } from "vitest";
import { docToScreen } from "../../src/editor/canvas/geometry";
import { commonTranslation, translationOf } from "../../src/editor/canvas/lift";
import { layerTransform } from "../../src/editor/canvas/viewportLayer";
import { translateElement } from "../../src/model/geometry";
import { createElement } from "../../src/model/kinds";
import type { LabelElement } from "../../src/model/types";

/** Applies a CSS "translate(tx px, ty px) scale(k)" (origin 0 0) to a point. */
function applyCss(css: string, p: { x: number; y: number }) {
  if (css === "none") return p;
  const m = /^translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\)(?: scale\(([\d.e-]+)\))?$/.exec(css);
  if (!m) throw new Error(`unexpected transform ${css}`);
  const k = m[3] ? Number(m[3]) : 1;
  return { x: Number(m[1]) + k * p.x, y: Number(m[2]) + k * p.y };
}

describe("layerTransform", () => {
  it("is none when the layer is drawn for the live viewport", () => {
    expect(layerTransform({ x: 3, y: 4, zoom: 1.2 }, { x: 3, y: 4, zoom: 1.2 })).toBe("none");
  });

  it("puts every document point where the live viewport shows it (zoom and pan)", () => {
    const drawn = { x: 120, y: 80, zoom: 0.6 };
    for (const live of [
      { x: 120, y: 80, zoom: 1.5 },
      { x: -300, y: 42, zoom: 0.6 },
      { x: 10, y: -20, zoom: 4.2 },
      { x: 500, y: 300, zoom: 0.05 },
    ]) {
      const css = layerTransform(live, drawn);
      for (const mm of [
        { x: 0, y: 0 },
        { x: 100, y: 80 },
        { x: -12.5, y: 33 },
      ]) {
        const onLayer = docToScreen(drawn, mm);
        const shown = applyCss(css, onLayer);
        const want = docToScreen(live, mm);
        expect(shown.x).toBeCloseTo(want.x, 6);
        expect(shown.y).toBeCloseTo(want.y, 6);
      }
    }
  });

  it("only translates when the zoom is the same", () => {
    expect(layerTransform({ x: 5, y: 6, zoom: 1 }, { x: 1, y: 2, zoom: 1 })).toBe("translate(4px, 4px)");
  });
});

describe("translationOf / commonTranslation", () => {
  const rect: LabelElement = createElement("Rectangle", [], { x: 10, y: 20 });
  const line: LabelElement = { ...createElement("Line", [], { x: 1, y: 2 }), EndX: 30, EndY: 40 };

  it("reads the offset of a moved element, lines by both end points", () => {
    expect(translationOf(rect, translateElement(rect, 3, -4))).toEqual({ dx: 3, dy: -4 });
    const moved = translationOf(line, translateElement(line, -2.5, 7));
    expect(moved?.dx).toBeCloseTo(-2.5, 9);
    expect(moved?.dy).toBeCloseTo(7, 9);
    expect(translationOf(rect, rect)).toEqual({ dx: 0, dy: 0 });
  });

  it("refuses anything but a plain move", () => {
    expect(translationOf(rect, { ...rect, Width: rect.Width + 1 })).toBeNull();
    expect(translationOf(rect, { ...translateElement(rect, 1, 1), Rotate: 90 } as LabelElement)).toBeNull();
    // a line whose end moved differently from its start was reshaped, not moved
    expect(
      translationOf(line, { ...line, StartX: line.StartX + 1, EndX: line.EndX + 2 } as LabelElement),
    ).toBeNull();
    // a new key (e.g. a property added by an edit) is a change
    expect(translationOf(rect, { ...rect, Extra: 1 } as unknown as LabelElement)).toBeNull();
  });

  it("needs one offset shared by all", () => {
    const a = createElement("Ellipse", [rect], { x: 5, y: 5 });
    expect(
      commonTranslation([
        [rect, translateElement(rect, 2, 3)],
        [a, translateElement(a, 2, 3)],
        [line, translateElement(line, 2, 3)],
      ]),
    ).toMatchObject({ dx: 2, dy: 3 });
    expect(
      commonTranslation([
        [rect, translateElement(rect, 2, 3)],
        [a, translateElement(a, 2, 4)],
      ]),
    ).toBeNull();
    // an element that is gone cannot be shown by moving its old drawing
    expect(commonTranslation([[rect, undefined]])).toBeNull();
  });
});

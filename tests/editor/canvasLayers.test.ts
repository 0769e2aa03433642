// The canvas layers' maths: the CSS transform that shows a layer drawn for one viewport at another,
// and the check that lets a dragged selection move as one layer (only plain common translations);
// which moved elements are on layers of their own (the hot set), and when.
import { afterEach, describe, expect, it, vi } from "vitest";
import { docToScreen } from "../../src/editor/canvas/geometry";
import { createHotLayers, HEAT_MS, HOT_MAX } from "../../src/editor/canvas/hotLayers";
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

describe("hot layers", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  // no document here: the set is kept, the stylesheet is left out
  const ids = (h: ReturnType<typeof createHotLayers>) => [...h.ids()].sort();

  it("moved elements become hot after a pause, not at once; a new move waits again", () => {
    vi.useFakeTimers();
    const h = createHotLayers(undefined);
    h.moved(["a", "b"]);
    expect(ids(h)).toEqual([]);
    vi.advanceTimersByTime(HEAT_MS - 1);
    h.moved(["a", "b"]); // moved again before the pause ended: the wait starts again
    vi.advanceTimersByTime(HEAT_MS - 1);
    expect(ids(h)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ids(h)).toEqual(["a", "b"]);
  });

  it("the hot set stays through moves of the same elements (undo, redo) and gives way to others", () => {
    vi.useFakeTimers();
    const h = createHotLayers(undefined);
    h.set(["a", "b"]);
    h.moved(["b", "a"]);
    expect(ids(h)).toEqual(["a", "b"]);
    h.moved(["c"]);
    expect(ids(h)).toEqual(["a", "b"]); // until the pause
    vi.advanceTimersByTime(HEAT_MS);
    expect(ids(h)).toEqual(["c"]);
  });

  it("clear empties the set and cancels a waiting one; keep forgets removed elements", () => {
    vi.useFakeTimers();
    const h = createHotLayers(undefined);
    h.set(["a", "b", "c"]);
    h.keep((id) => id !== "b");
    expect(ids(h)).toEqual(["a", "c"]);
    h.moved(["d", "e"]);
    h.keep((id) => id !== "e");
    vi.advanceTimersByTime(HEAT_MS);
    expect(ids(h)).toEqual(["d"]);
    h.moved(["f"]);
    h.clear();
    vi.advanceTimersByTime(HEAT_MS);
    expect(ids(h)).toEqual([]);
  });

  it("more than HOT_MAX moved elements stay in the label's layer", () => {
    const h = createHotLayers(undefined);
    h.set(Array.from({ length: HOT_MAX + 1 }, (_, i) => `e${i}`));
    expect(h.ids().size).toBe(0);
    h.set(Array.from({ length: HOT_MAX }, (_, i) => `e${i}`));
    expect(h.ids().size).toBe(HOT_MAX);
  });
});

import { describe, expect, it } from "vitest";
import { PALETTE, PALETTE_TYPES, SHAPE_ITEMS } from "../../src/editor/palette/entries";
import { createAddGuard, pressOutcome } from "../../src/editor/palette/pressGesture";
import { ELEMENT_TYPES } from "../../src/model/types";

describe("palette entries", () => {
  it("lists every element kind of spec §2, shapes in a sub-list", () => {
    expect([...PALETTE_TYPES].sort()).toEqual([...ELEMENT_TYPES].sort());
    expect(SHAPE_ITEMS.map((i) => i.type)).toEqual([
      "Rectangle",
      "RoundRectangle",
      "Diamond",
      "Ellipse",
      "Triangle",
    ]);
    expect(PALETTE.map((e) => (e.kind === "item" ? e.type : e.id))).toEqual([
      "Text",
      "TimeText",
      "Barcode",
      "QRcode",
      "Image",
      "shape",
      "Line",
      "LineHorizontal",
      "LineVertical",
      "Table",
    ]);
  });
});

describe("press rules", () => {
  it("a press under 300 ms is a click; a longer moved press drops over the canvas only", () => {
    expect(pressOutcome(299, true, true)).toBe("click");
    expect(pressOutcome(300, true, true)).toBe("drop");
    expect(pressOutcome(800, true, false)).toBe("cancel");
    expect(pressOutcome(800, false, true)).toBe("click");
  });

  it("the double-click guard lets one add through per 500 ms", () => {
    let now = 1000;
    const g = createAddGuard(() => now);
    expect(g.allow()).toBe(true);
    now += 499;
    expect(g.allow()).toBe(false);
    now += 1;
    expect(g.allow()).toBe(true);
  });
});

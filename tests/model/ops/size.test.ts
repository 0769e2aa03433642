// Typed Width/Height (issue 23 item 8): the resize handles' rules, one history entry, bad input refused.
import { describe, expect, it } from "vitest";
import type { ImageElement, LineElement, TableElement, TextElement } from "../../../src/model";
import { PX_PER_MM } from "../../../src/model";
import { elementBox } from "../../../src/model/geometry";
import { isRefusal, setElementSize, sizedElement, typedSizeAxes } from "../../../src/model/ops";
import { docWith, ok } from "./helpers";

const MIN = 20 / PX_PER_MM;

describe("typed sizes", () => {
  it("a shape takes both sizes, keeps its top-left corner and the handles' minimum", () => {
    const d = docWith([{ type: "Rectangle", x: 10, y: 10, w: 30, h: 20 }]);
    const id = d.elements[0].Id;
    const r = ok(setElementSize(d, id, "width", 42)).doc.elements[0];
    expect([r.StartX, r.StartY, r.Width, r.Height]).toEqual([10, 10, 42, 20]);
    const h = ok(setElementSize(d, id, "height", 7.5)).doc.elements[0];
    expect(h.Height).toBeCloseTo(7.5);
    const tiny = ok(setElementSize(d, id, "width", -5)).doc.elements[0];
    expect(tiny.Width).toBeCloseTo(MIN);
    expect([tiny.StartX, tiny.StartY]).toEqual([10, 10]);
  });

  it("bad input is refused and changes nothing", () => {
    const d = docWith([{ type: "Rectangle", x: 10, y: 10, w: 30, h: 20 }]);
    const id = d.elements[0].Id;
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const r = setElementSize(d, id, "width", v);
      expect(isRefusal(r) && r.refused).toBe("editor.ops.noResize");
    }
    expect(isRefusal(setElementSize(d, "nope", "width", 5))).toBe(true);
    const locked = docWith([{ type: "Rectangle", x: 0, y: 0, over: { Lock: true } }]);
    const r = setElementSize(locked, locked.elements[0].Id, "width", 50);
    expect(isRefusal(r) && r.refused).toBe("tip.tip109");
  });

  it("on a 90° element the panel's width is the canvas width (its own height)", () => {
    const d = docWith([{ type: "Rectangle", x: 10, y: 10, w: 30, h: 20, over: { Rotate: 90 } }]);
    const el = d.elements[0];
    const before = elementBox(el);
    const r = sizedElement(el, "width", 25);
    if (!r) throw new Error("not sized");
    const after = elementBox(r);
    expect(after.width).toBeCloseTo(25);
    expect(after.height).toBeCloseTo(before.height);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(r.Height).toBeCloseTo(25);
  });

  it("an image keeping its proportion scales both sides, also down", () => {
    const d = docWith([
      { type: "Image", x: 0, y: 0, w: 20, h: 10, over: { ISParticipating: true } as never },
    ]);
    const el = d.elements[0] as ImageElement;
    const r = sizedElement(el, "width", 14);
    expect(r?.Width).toBeCloseTo(14);
    expect(r?.Height).toBeCloseTo(7);
    // never below the handles' minimum on either side
    const small = sizedElement(el, "width", 1);
    expect(small?.Height).toBeCloseTo(MIN);
    expect(small?.Width).toBeCloseTo(2 * MIN);
    const up = sizedElement(el, "height", 15);
    expect(up?.Width).toBeCloseTo(30);
  });

  it("a table spreads the new size over its cells in proportion", () => {
    const d = docWith([{ type: "Table", x: 0, y: 0 }]);
    const t = d.elements[0] as TableElement;
    const r = sizedElement(t, "width", t.Width * 2) as TableElement;
    expect(r.Width).toBeCloseTo(t.Width * 2, 2);
    expect(r.CellWidth[0]).toBeCloseTo(t.CellWidth[0] * 2, 2);
    expect(r.Height).toBeCloseTo(t.Height);
  });

  it("text: the width only with auto-line (it sets the box width); never for codes", () => {
    const d = docWith([
      { type: "Text", x: 0, y: 0 },
      { type: "Text", x: 0, y: 0, over: { TextAutoLine: true, BoxWidth: 30, Width: 30 } as never },
      { type: "Barcode", x: 0, y: 0 },
      { type: "QRcode", x: 0, y: 0 },
    ]);
    const [plain, auto, bar, qr] = d.elements;
    expect(typedSizeAxes(plain)).toEqual({ width: false, height: false });
    expect(typedSizeAxes(auto)).toEqual({ width: true, height: false });
    expect(typedSizeAxes(bar)).toEqual({ width: false, height: false });
    expect(typedSizeAxes(qr)).toEqual({ width: false, height: false });
    const r = sizedElement(auto, "width", 45) as TextElement;
    expect(r.Width).toBeCloseTo(45);
    expect(r.BoxWidth).toBeCloseTo(45);
    expect(sizedElement(auto, "height", 45)).toBeNull();
  });

  it("lines: a horizontal line takes its length as width; a free line both", () => {
    const d = docWith([
      { type: "LineHorizontal", x: 5, y: 5 },
      { type: "Line", x: 5, y: 5 },
    ]);
    const hl = d.elements[0] as LineElement;
    expect(typedSizeAxes(hl)).toEqual({ width: true, height: false });
    const r = sizedElement(hl, "width", 33) as LineElement;
    expect(Math.abs(r.EndX - r.StartX)).toBeCloseTo(33);
    expect(r.StartX).toBeCloseTo(Math.min(hl.StartX, hl.EndX));
    const free = d.elements[1] as LineElement;
    expect(typedSizeAxes(free)).toEqual({ width: true, height: true });
    const f = sizedElement(free, "height", 12) as LineElement;
    expect(Math.abs(f.EndY - f.StartY)).toBeCloseTo(12);
  });
});

import { describe, expect, it } from "vitest";
import type { LineElement, TableElement, TextElement } from "../../../src/model";
import { PX_PER_MM, ptToMm } from "../../../src/model";
import { elementBox } from "../../../src/model/geometry";
import { isRefusal, resizedElement, resizeElement, resizeHandles } from "../../../src/model/ops";
import { docWith, ok } from "./helpers";

const MIN = 20 / PX_PER_MM;

describe("resize handles by type (spec §4)", () => {
  it("matches the spec's table of handles", () => {
    const d = docWith([
      { type: "Rectangle", x: 0, y: 0 },
      { type: "Rectangle", x: 0, y: 0, over: { Lock: true } },
      { type: "Barcode", x: 0, y: 0, over: { ISParticipating: true } as never },
      { type: "Barcode", x: 0, y: 0, over: { ISParticipating: false } as never },
      { type: "Image", x: 0, y: 0, over: { ISParticipating: true } as never },
      { type: "QRcode", x: 0, y: 0, over: { ISParticipating: false } as never },
      { type: "Table", x: 0, y: 0 },
      { type: "Text", x: 0, y: 0 },
      { type: "Text", x: 0, y: 0, over: { TextAutoLine: true } as never },
      { type: "LineHorizontal", x: 0, y: 0 },
    ]);
    const h = d.elements.map(resizeHandles);
    expect(h[0]).toHaveLength(8);
    expect(h[1]).toEqual([]);
    expect(h[2]).toEqual(["se"]);
    expect(h[3]).toHaveLength(8);
    expect(h[4]).toEqual(["se"]);
    expect(h[5]).toEqual(["se"]);
    expect(h[6]).toEqual(["e", "s"]);
    expect(h[7]).toEqual([]);
    expect(h[8]).toEqual(["nw", "ne", "se", "sw", "e", "w"]);
    expect(h[9]).toEqual(["start", "end"]);
  });
});

describe("resizing", () => {
  it("keeps the opposite corner fixed and enforces the 20-unit minimum", () => {
    const d = docWith([{ type: "Rectangle", x: 10, y: 10, w: 30, h: 20 }]);
    const id = d.elements[0].Id;
    const r = ok(resizeElement(d, id, "nw", { x: 5, y: 2 })).doc.elements[0];
    expect([r.StartX, r.StartY, r.Width, r.Height]).toEqual([15, 12, 25, 18]);
    const tiny = ok(resizeElement(d, id, "se", { x: -100, y: -100 })).doc.elements[0];
    expect(tiny.Width).toBeCloseTo(MIN);
    expect(tiny.Height).toBeCloseTo(MIN);
    expect([tiny.StartX, tiny.StartY]).toEqual([10, 10]);
  });

  it("keeps the anchor fixed on the canvas for a rotated element", () => {
    const d = docWith([{ type: "Rectangle", x: 10, y: 10, w: 30, h: 20, over: { Rotate: 90 } }]);
    const el = d.elements[0];
    const before = elementBox(el);
    // on screen the 90° element's local right edge points down: dragging "e" down grows it downwards
    const after = elementBox(resizedElement(el, "e", { x: 0, y: 6 }) as never);
    expect(after.y).toBeCloseTo(before.y);
    expect(after.height).toBeCloseTo(before.height + 6);
    expect(after.width).toBeCloseTo(before.width);
  });

  it("scales proportional barcodes and QR codes uniformly from the bottom-right", () => {
    const d = docWith([{ type: "QRcode", x: 0, y: 0, w: 20, h: 20 }]);
    const r = ok(resizeElement(d, d.elements[0].Id, "se", { x: 10, y: 2 })).doc.elements[0];
    expect(r.Width).toBeCloseTo(30);
    expect(r.Height).toBeCloseTo(30);
    const refused = resizeElement(d, d.elements[0].Id, "nw", { x: 1, y: 1 });
    expect(isRefusal(refused) && refused.refused).toBe("editor.ops.noResize");
  });

  it("refuses resizing a locked element (tip109)", () => {
    const d = docWith([{ type: "Rectangle", x: 0, y: 0, over: { Lock: true } }]);
    const r = resizeElement(d, d.elements[0].Id, "se", { x: 1, y: 1 });
    expect(isRefusal(r) && r.refused).toBe("tip.tip109");
  });

  it("text corners change the font size; side handles change the box width", () => {
    const d = docWith([
      {
        type: "Text",
        x: 0,
        y: 0,
        w: 20,
        h: 8,
        over: { TextAutoLine: true, FontSize: 10, BoxWidth: 20 } as never,
      },
    ]);
    const id = d.elements[0].Id;
    const big = ok(resizeElement(d, id, "se", { x: 20, y: 0 })).doc.elements[0] as TextElement;
    expect(big.FontSize).toBe(20);
    expect(big.Width).toBeCloseTo(40);
    const wide = ok(resizeElement(d, id, "e", { x: 10, y: 0 })).doc.elements[0] as TextElement;
    expect(wide.FontSize).toBe(10);
    expect(wide.BoxWidth).toBe(30);
    // never below 1.1 × the font height
    const small = ok(resizeElement(d, id, "se", { x: -19, y: -7.9 })).doc.elements[0] as TextElement;
    expect(small.Height).toBeGreaterThanOrEqual(ptToMm(small.FontSize) * 1.1 - 1e-9);
  });

  it("distributes extra table size over cells in proportion", () => {
    const d = docWith([{ type: "Table", x: 0, y: 0 }]);
    const t0 = d.elements[0] as TableElement;
    const t = { ...t0, CellWidth: [10, 30], Width: 40 };
    const doc = { ...d, elements: [t] };
    const r = ok(resizeElement(doc, t.Id, "e", { x: 40, y: 0 })).doc.elements[0] as TableElement;
    expect(r.CellWidth).toEqual([20, 60]);
    expect(r.Width).toBe(80);
    const tiny = ok(resizeElement(doc, t.Id, "s", { x: 0, y: -1000 })).doc.elements[0] as TableElement;
    expect(tiny.Height).toBeCloseTo(t.Row * (2 / PX_PER_MM + t.PenWidth), 2);
  });

  it("moves a line end by its direction and keeps the 20-unit minimum length", () => {
    const d = docWith([{ type: "LineHorizontal", x: 0, y: 10 }]);
    const id = d.elements[0].Id;
    const r = ok(resizeElement(d, id, "end", { x: 5, y: 7 })).doc.elements[0] as LineElement;
    expect(r.EndY).toBe(10);
    expect(r.EndX).toBeCloseTo(100 / PX_PER_MM + 5);
    expect(r.Width).toBeCloseTo(100 / PX_PER_MM + 5);
    const short = ok(resizeElement(d, id, "end", { x: -25.5, y: 0 })).doc.elements[0] as LineElement;
    expect(Math.abs(short.EndX - short.StartX)).toBeCloseTo(MIN);
  });
});

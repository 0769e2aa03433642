import { describe, expect, it } from "vitest";
import {
  BOUNDS,
  clamp,
  createElement,
  ELEMENT_TYPES,
  emptyDocument,
  fromMm,
  newElementId,
  nextElementName,
  toMm,
  validate,
  validateLabelName,
} from "../../src/model";
import { isMirrorCopy, isMirrorId, mirrorIdOf, originalIdOf } from "../../src/model/types";

describe("units", () => {
  it("converts mm and inch by 25.4 to 3 decimals", () => {
    expect(fromMm(100, "inch")).toBe(3.937);
    expect(fromMm(80, "inch")).toBe(3.15);
    expect(toMm(3.937, "inch")).toBe(100);
    expect(toMm(1, "inch")).toBe(25.4);
    expect(fromMm(12.34567, "mm")).toBe(12.346);
  });

  it("stores 0.5 inch as 12.7 mm, and every inch value of 3 decimals comes back as typed", () => {
    expect(toMm(0.5, "inch")).toBe(12.7);
    expect(fromMm(12.7, "inch")).toBe(0.5);
    expect(toMm(0.039, "inch")).toBe(0.991);
    const drifts: number[] = [];
    for (let i = 1; i <= 20_000; i++) {
      const inch = i / 1000;
      if (fromMm(toMm(inch, "inch"), "inch") !== inch) drifts.push(inch);
    }
    expect(drifts).toEqual([]);
    // and mm typed to 3 decimals stays as typed
    for (const mm of [0.001, 0.125, 12.7, 99.999, 3000]) expect(toMm(fromMm(mm, "mm"), "mm")).toBe(mm);
  });
});

describe("bounds", () => {
  it("clamps font size into 1..100 at one decimal", () => {
    expect(clamp("FontSize", 0)).toBe(1);
    expect(clamp("FontSize", 250)).toBe(100);
    expect(clamp("FontSize", "12.345")).toBe(12.3);
    expect(clamp("FontSize", "abc", 12)).toBe(12);
  });
  it("keeps integers whole and pen width at least 0.3", () => {
    expect(clamp("LetterSpacing", 3.6)).toBe(4);
    expect(clamp("LetterSpacing", -5)).toBe(-1);
    expect(clamp("PenWidth", 0.1)).toBe(0.3);
    expect(clamp("ColumnsRows", 25)).toBe(20);
    expect(clamp(BOUNDS.LabelWidth, 0.0001)).toBe(0.001);
  });
  it("says why a value is refused", () => {
    expect(validate("LineHeight", 13)).toEqual({ ok: false, reason: "aboveMax" });
    expect(validate("Quantity", 1.5)).toEqual({ ok: false, reason: "notInteger" });
    expect(validate("Quantity", "")).toEqual({ ok: false, reason: "notNumber" });
    expect(validate("Quantity", "7")).toEqual({ ok: true, value: 7 });
  });
  it("checks label names", () => {
    expect(validateLabelName("  ")).toEqual({ ok: false, key: "tip.tip41" });
    expect(validateLabelName("a/b")).toEqual({ ok: false, key: "tip.tip42" });
    expect(validateLabelName("Shelf tag")).toEqual({ ok: true });
  });
});

describe("ids and names", () => {
  it("makes 8-character ids", () => {
    const ids = new Set(Array.from({ length: 1000 }, newElementId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{8}$/);
  });
  it("names elements by type and counter", () => {
    const doc = emptyDocument();
    const a = createElement("Text", doc.elements, { x: 0, y: 0 });
    const b = createElement("Text", [a], { x: 0, y: 0 });
    expect([a.Name, b.Name]).toEqual(["Text1", "Text2"]);
    expect(nextElementName([a, b], "Barcode")).toBe("Barcode1");
  });
  it("spells a mirror copy's id one way, both ways", () => {
    const copy = mirrorIdOf("abcd1234");
    expect(copy).toBe("abcd1234_mirror");
    expect([isMirrorId(copy), isMirrorId("abcd1234"), isMirrorCopy({ Id: copy })]).toEqual([
      true,
      false,
      true,
    ]);
    expect(originalIdOf(copy)).toBe("abcd1234");
    // any other id is its own original (a DOM id of the canvas, or one picked from the selection)
    expect(originalIdOf("abcd1234")).toBe("abcd1234");
  });
});

describe("element factories", () => {
  it("creates every kind with spec defaults", () => {
    for (const type of ELEMENT_TYPES) {
      const el = createElement(type, [], { x: 1, y: 2 });
      expect(el.Type).toBe(type);
      expect(el.StartX).toBe(1);
      expect(el.Width).toBeGreaterThanOrEqual(0);
    }
    const rr = createElement("RoundRectangle", [], { x: 0, y: 0 });
    expect(rr.CornerRadius).toBe(4);
    const table = createElement("Table", [], { x: 0, y: 0 }, 100);
    expect(table.CellWidth).toEqual([30, 30]);
    expect(table.CellHeight).toEqual([12, 12]);
    expect(table.cells).toHaveLength(4);
    const shape = createElement("Rectangle", [], { x: 0, y: 0, multiple: 2 });
    expect(shape.Width).toBeCloseTo(150 / 3.78 / 2, 5);
  });
});

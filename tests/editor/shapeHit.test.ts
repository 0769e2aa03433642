// Issue #34: an unfilled shape is hit on its outline only (with a tolerance of a few screen pixels),
// so its empty inside lets the pointer through to what lies below, or to the canvas (a frame).
import { describe, expect, it } from "vitest";
import { hitPad, targetAt } from "../../src/editor/canvas/gestures";
import { PX_PER_MM } from "../../src/model/constants";
import { elementHit, hitTest } from "../../src/model/geometry";
import type { LabelElement, ShapeType } from "../../src/model/types";
import { docWith, ids } from "../model/ops/helpers";

const PEN = 0.5;
/** A 40 × 20 mm shape at (10, 10) with a 0.5 mm pen. */
const shape = (type: ShapeType, over: Partial<LabelElement> = {}) =>
  docWith([{ type, x: 10, y: 10, w: 40, h: 20, over: { PenWidth: PEN, Fill: false, ...over } as never }])
    .elements[0];

/** A stand-in for the DOM node the browser found under the pointer (a `g[data-id]` or nothing). */
const drawnNode = (id: string | null) =>
  ({
    closest: (sel: string) => (sel.includes("g[data-id]") && id ? { getAttribute: () => id } : null),
  }) as unknown as Element;

describe("hit-testing shapes", () => {
  it("an unfilled rectangle is hit on its stroke, not in its empty inside", () => {
    const r = shape("Rectangle");
    expect(elementHit(r, { x: 30, y: 20 })).toBe(false); // the centre
    expect(elementHit(r, { x: 15, y: 15 })).toBe(false); // inside, 5 mm from the edges
    expect(elementHit(r, { x: 10 + PEN / 2, y: 20 })).toBe(true); // on the left stroke
    expect(elementHit(r, { x: 30, y: 30 - PEN / 2 })).toBe(true); // on the bottom stroke
    // just inside the stroke: missed without a tolerance, hit with one
    expect(elementHit(r, { x: 11.5, y: 20 })).toBe(false);
    expect(elementHit(r, { x: 11.5, y: 20 }, 1)).toBe(true);
  });

  it("a filled shape is still hit anywhere in its box", () => {
    for (const type of ["Rectangle", "Ellipse", "Diamond", "Triangle"] as const) {
      expect(elementHit(shape(type, { Fill: true }), { x: 30, y: 20 }), type).toBe(true);
    }
  });

  it("ellipses, diamonds, triangles and rounded rectangles follow their own outline", () => {
    const e = shape("Ellipse");
    expect(elementHit(e, { x: 30, y: 20 })).toBe(false);
    expect(elementHit(e, { x: 11, y: 11 })).toBe(false); // the box corner lies outside the ellipse
    expect(elementHit(e, { x: 30, y: 10 + PEN / 2 })).toBe(true); // its top
    expect(elementHit(e, { x: 10 + PEN / 2, y: 20 })).toBe(true); // its left end
    const d = shape("Diamond");
    expect(elementHit(d, { x: 11, y: 11 })).toBe(false);
    // halfway along the top-right edge, from (30, 10.25) to (49.75, 20)
    expect(elementHit(d, { x: (30 + 49.75) / 2, y: (10.25 + 20) / 2 })).toBe(true);
    const t = shape("Triangle");
    expect(elementHit(t, { x: 30, y: 25 })).toBe(false);
    expect(elementHit(t, { x: 30, y: 30 - PEN / 2 })).toBe(true); // its base
    const rr = shape("RoundRectangle", { CornerRadius: 5 } as never);
    expect(elementHit(rr, { x: 10 + PEN / 2, y: 10 + PEN / 2 })).toBe(false); // the cut corner
    expect(elementHit(rr, { x: 10 + PEN / 2, y: 20 })).toBe(true);
  });

  it("a rotated unfilled shape is hit on its turned outline", () => {
    // 40 × 20 turned 90° about its centre (30, 20): it covers x 20..40, y 0..40
    const r = shape("Rectangle", { Rotate: 90 });
    expect(elementHit(r, { x: 20 + PEN / 2, y: 20 })).toBe(true);
    expect(elementHit(r, { x: 30, y: 0 + PEN / 2 })).toBe(true);
    expect(elementHit(r, { x: 30, y: 20 })).toBe(false);
  });

  it("the inside of an unfilled shape selects what lies below, or nothing", () => {
    const doc = docWith([
      { type: "Text", x: 20, y: 15, w: 10, h: 5 },
      { type: "Rectangle", x: 10, y: 10, w: 40, h: 20, over: { PenWidth: PEN, Fill: false } as never },
    ]);
    const [text, rect] = ids(doc);
    expect(hitTest(doc.elements, { x: 25, y: 17 })?.Id).toBe(text);
    expect(hitTest(doc.elements, { x: 40, y: 25 })).toBeNull();
    expect(hitTest(doc.elements, { x: 10.2, y: 25 })?.Id).toBe(rect);
  });
});

describe("the press target on the canvas", () => {
  const doc = docWith([
    { type: "Text", x: 20, y: 15, w: 10, h: 5 },
    { type: "Rectangle", x: 10, y: 10, w: 40, h: 20, over: { PenWidth: PEN, Fill: false } as never },
  ]);
  const [text, rect] = ids(doc);

  it("the tolerance is the same few screen pixels at every zoom", () => {
    for (const zoom of [0.1, 0.5, 1, 4]) expect(hitPad(zoom) * PX_PER_MM * zoom).toBeCloseTo(5);
  });

  it("a press the browser gives to an unfilled shape's box goes through its empty inside", () => {
    const pad = hitPad(1);
    // the box catches the press; the shape's inside does not keep it
    expect(targetAt(drawnNode(rect), { x: 40, y: 25 }, doc.elements, pad)).toEqual({ kind: "canvas" });
    expect(targetAt(drawnNode(rect), { x: 25, y: 17 }, doc.elements, pad)).toEqual({
      kind: "element",
      id: text,
    });
    // on its stroke, and within a few pixels of it, it is the shape
    expect(targetAt(drawnNode(rect), { x: 10.3, y: 25 }, doc.elements, pad)).toEqual({
      kind: "element",
      id: rect,
    });
    expect(targetAt(drawnNode(null), { x: 9.5, y: 25 }, doc.elements, pad)).toEqual({
      kind: "element",
      id: rect,
    });
    // zoomed out, the same few pixels are more millimetres: a press 3 mm off still hits
    expect(targetAt(drawnNode(null), { x: 7.3, y: 25 }, doc.elements, hitPad(1))).toEqual({ kind: "canvas" });
    expect(targetAt(drawnNode(null), { x: 7.3, y: 25 }, doc.elements, hitPad(0.25))).toEqual({
      kind: "element",
      id: rect,
    });
  });

  it("other elements keep the browser's answer", () => {
    expect(targetAt(drawnNode(text), { x: 25, y: 17 }, doc.elements, hitPad(1))).toEqual({
      kind: "element",
      id: text,
    });
  });
});

// The kind list: every element type has exactly one kind, and each kind's parts agree with the type.
import { describe, expect, it } from "vitest";
import { BOX_HANDLES, createElement, KIND_MODELS, kindModel, SHARED_FIELDS } from "../../src/model/kinds";
import { ELEMENT_TYPES } from "../../src/model/types";

describe("the kind list", () => {
  it("names every element type exactly once", () => {
    const listed = KIND_MODELS.flatMap((k) => [...k.types]);
    expect([...listed].sort()).toEqual([...ELEMENT_TYPES].sort());
  });

  it("finds each type's kind, and the kind creates elements of that type", () => {
    for (const type of ELEMENT_TYPES) {
      const kind = kindModel(type);
      expect(kind.types).toContain(type);
      const el = createElement(type, [], { x: 1, y: 2 });
      expect(el.Type).toBe(type);
      expect(el.Name).toBe(`${type}1`);
      for (const f of kind.shared(type)) expect(SHARED_FIELDS).toContain(f);
    }
  });

  it("an unknown type has no kind", () => {
    expect(() => kindModel("Sticker" as never)).toThrow(/no kind/);
  });

  it("handles of the defaults follow the spec's table (§4 Handles by type)", () => {
    const handles = (type: (typeof ELEMENT_TYPES)[number]) => {
      const el = createElement(type, [], { x: 0, y: 0 });
      return kindModel(type).handles(el);
    };
    expect(handles("QRcode")).toEqual(["se"]);
    expect(handles("Image")).toEqual(["se"]);
    expect(handles("Barcode")).toEqual(BOX_HANDLES);
    expect(handles("Table")).toEqual(["e", "s"]);
    expect(handles("Text")).toEqual([]);
    expect(handles("LineVertical")).toEqual(["start", "end"]);
    expect(handles("Ellipse")).toEqual(BOX_HANDLES);
  });
});

// The box width a text wraps at when "wrap lines" is turned on (src/model/kinds/text.ts).
import { describe, expect, it } from "vitest";
import { MIN_BOX } from "../../../src/model/kinds/parts";
import { createText, wrapStartWidth } from "../../../src/model/kinds/text";

const text = (over: Record<string, unknown>) => ({ ...createText([], { x: 0, y: 0 }), ...over });

describe("wrapStartWidth", () => {
  it("keeps a one-line width that fits the label", () => {
    expect(wrapStartWidth(text({ StartX: 10, Width: 40 }), 100)).toBe(40);
  });
  it("caps a line longer than the label at the room right of where it starts", () => {
    expect(wrapStartWidth(text({ StartX: 10, Width: 180 }), 100)).toBe(90);
  });
  it("never below the smallest box, even starting at or past the right edge", () => {
    expect(wrapStartWidth(text({ StartX: 100, Width: 180 }), 100)).toBeCloseTo(MIN_BOX, 2);
    expect(wrapStartWidth(text({ StartX: 130, Width: 180 }), 100)).toBeCloseTo(MIN_BOX, 2);
  });
  it("leaves turned and vertical texts their width", () => {
    expect(wrapStartWidth(text({ StartX: 10, Width: 180, Rotate: 90 }), 100)).toBe(180);
    expect(wrapStartWidth(text({ StartX: 10, Width: 180, TextArrange: 1 }), 100)).toBe(180);
  });
});

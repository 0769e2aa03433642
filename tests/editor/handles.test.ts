// Resize handles follow a rotated element: each handle is drawn where its side of the element's own
// box has turned to, with the cursor turned too, so dragging it outwards grows the box.
import { describe, expect, it } from "vitest";
import { handleCursor, handlePoint, handlePoints } from "../../src/editor/canvas/handles";
import { elementBox } from "../../src/model/geometry";
import { resizedElement } from "../../src/model/ops";
import type { LineElement } from "../../src/model/types";
import { docWith } from "../model/ops/helpers";

describe("handles on rotated elements", () => {
  const rect = (Rotate: 0 | 90 | 180 | 270) =>
    docWith([{ type: "Rectangle", x: 10, y: 20, w: 40, h: 10, over: { Rotate } }]).elements[0];

  it("unrotated: the handles sit on the box's sides", () => {
    const el = rect(0);
    expect(handlePoint(el, "e")).toEqual({ x: 50, y: 25 });
    expect(handlePoint(el, "nw")).toEqual({ x: 10, y: 20 });
    expect(handleCursor("e", 0)).toBe("ew-resize");
  });

  it("at 90° the east side lies at the bottom of the turned box, and dragging it down widens", () => {
    const el = rect(90);
    const box = elementBox(el); // 10 wide, 40 high, same centre (30, 25)
    expect(box).toEqual({ x: 25, y: 5, width: 10, height: 40 });
    expect(handlePoint(el, "e")).toEqual({ x: 30, y: 45 });
    expect(handlePoint(el, "s")).toEqual({ x: 25, y: 25 });
    expect(handlePoint(el, "nw")).toEqual({ x: 35, y: 5 });
    expect(handleCursor("e", 90)).toBe("ns-resize");
    expect(handleCursor("nw", 90)).toBe("nesw-resize");
    const grown = resizedElement(el, "e", { x: 0, y: 6 });
    expect(grown?.Width).toBeCloseTo(46);
    // the opposite (west) side stays where it was on the canvas
    expect(elementBox(grown as typeof el).y).toBeCloseTo(box.y);
  });

  it("at 180° and 270° too", () => {
    expect(handlePoint(rect(180), "e")).toEqual({ x: 10, y: 25 });
    expect(handlePoint(rect(270), "e")).toEqual({ x: 30, y: 5 });
    expect(handleCursor("ne", 270)).toBe("nwse-resize");
  });

  it("a rotated line's end points turn about its centre", () => {
    const line = docWith([{ type: "Line", x: 0, y: 0 }]).elements[0] as LineElement;
    const el: LineElement = { ...line, StartX: 0, StartY: 0, EndX: 20, EndY: 10, Rotate: 90 };
    expect(handlePoint(el, "start")).toEqual({ x: 15, y: -5 });
    expect(handlePoint(el, "end")).toEqual({ x: 5, y: 15 });
    const [s] = handlePoints(el, ["start"], { x: 100, y: 50, zoom: 1 });
    expect(s.x).toBeCloseTo(100 + 15 * 3.78);
    expect(s.y).toBeCloseTo(50 - 5 * 3.78);
  });
});

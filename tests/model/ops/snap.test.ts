import { describe, expect, it } from "vitest";
import { PX_PER_MM } from "../../../src/model";
import { snapMove } from "../../../src/model/snap";

const canvas = { width: 100, height: 80 };
const T = 5 / PX_PER_MM; // 5 units

describe("snapping", () => {
  it("snaps to the canvas middle and edges within 5 units with red guides", () => {
    const box = { x: 10, y: 10, width: 20, height: 10 };
    // centre x would be 20 + 29 = 49, 1 mm from the middle (50)
    const r = snapMove(box, { x: 29, y: 0.3 }, { canvas, others: [] });
    expect(r.dx).toBeCloseTo(30);
    expect(r.guides).toContainEqual({ axis: "x", at: 50, kind: "canvas", color: "red" });
    // y: top at 10.3, nothing within reach (0 is 10.3 away, 40 is 14.7 from middle)
    expect(r.dy).toBeCloseTo(0.3);
    const edge = snapMove(box, { x: -9, y: 0 }, { canvas, others: [] });
    expect(edge.dx).toBeCloseTo(-10);
  });

  it("snaps to other elements' edges and centres with orange guides", () => {
    const box = { x: 0, y: 0, width: 10, height: 10 };
    const other = { x: 40, y: 60, width: 10, height: 10 };
    const r = snapMove(box, { x: 29.2, y: 59 }, { canvas, others: [other] });
    // right edge 39.2 → 40 (other's left); top 59 → 60
    expect(r.dx).toBeCloseTo(30);
    expect(r.dy).toBeCloseTo(60);
    expect(r.guides).toContainEqual({ axis: "x", at: 40, kind: "object", color: "orange" });
    expect(r.guides.filter((g) => g.axis === "y").every((g) => g.kind === "object")).toBe(true);
  });

  it("does not snap beyond the threshold", () => {
    const box = { x: 10, y: 10, width: 20, height: 10 };
    const r = snapMove(
      box,
      { x: 20 - T * 1.2 - 10 + 10, y: 0 },
      { canvas: { width: 1000, height: 1000 }, others: [] },
    );
    expect(r.guides).toEqual([]);
    expect(r.dx).toBeCloseTo(20 - T * 1.2);
  });
});

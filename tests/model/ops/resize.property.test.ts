import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PX_PER_MM } from "../../../src/model";
import { localBox, rotateVector } from "../../../src/model/geometry";
import { BOX_HANDLES, type Handle, resizedElement } from "../../../src/model/ops";
import { docWith } from "./helpers";

const MIN = 20 / PX_PER_MM;

/** The canvas point of a box handle (rotation about the box centre). */
function handlePoint(
  el: { StartX: number; StartY: number; Width: number; Height: number; Rotate: number },
  h: Handle,
) {
  const b = localBox(el as never);
  const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const lx = h.includes("e") ? b.width / 2 : h.includes("w") ? -b.width / 2 : 0;
  const ly = h.startsWith("s") ? b.height / 2 : h.startsWith("n") ? -b.height / 2 : 0;
  const r = rotateVector({ x: lx, y: ly }, el.Rotate);
  return { x: c.x + r.x, y: c.y + r.y };
}

const OPPOSITE: Record<string, Handle> = {
  nw: "se",
  n: "s",
  ne: "sw",
  e: "w",
  se: "nw",
  s: "n",
  sw: "ne",
  w: "e",
};

describe("resize properties", () => {
  it("a box never shrinks below the minimum and the opposite handle stays put, at any rotation", () => {
    fc.assert(
      fc.property(
        fc.record({
          w: fc.double({ min: 6, max: 80, noNaN: true }),
          h: fc.double({ min: 6, max: 80, noNaN: true }),
          rot: fc.constantFrom(0, 90, 180, 270),
          handle: fc.constantFrom(...BOX_HANDLES),
          dx: fc.double({ min: -100, max: 100, noNaN: true }),
          dy: fc.double({ min: -100, max: 100, noNaN: true }),
        }),
        ({ w, h, rot, handle, dx, dy }) => {
          const d = docWith([{ type: "Rectangle", x: 20, y: 20, w, h, over: { Rotate: rot as 0 } }]);
          const el = d.elements[0];
          const out = resizedElement(el, handle, { x: dx, y: dy });
          if (!out) throw new Error("rectangles have every box handle");
          expect(out.Width).toBeGreaterThanOrEqual(MIN - 1e-9);
          expect(out.Height).toBeGreaterThanOrEqual(MIN - 1e-9);
          const before = handlePoint(el, OPPOSITE[handle]);
          const after = handlePoint(out, OPPOSITE[handle]);
          expect(after.x).toBeCloseTo(before.x, 6);
          expect(after.y).toBeCloseTo(before.y, 6);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("proportional elements keep their aspect ratio", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 6, max: 60, noNaN: true }),
        fc.double({ min: 6, max: 60, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        (w, h, dx, dy) => {
          const d = docWith([{ type: "Image", x: 0, y: 0, w, h, over: { ISParticipating: true } as never }]);
          const out = resizedElement(d.elements[0], "se", { x: dx, y: dy });
          if (!out) throw new Error("no se handle");
          expect(out.Width / out.Height).toBeCloseTo(w / h, 6);
          expect(Math.min(out.Width, out.Height)).toBeGreaterThanOrEqual(MIN - 1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// Box editing on the page preview: drawing in any direction, clamping to the page, too-small drags,
// keyboard-added boxes that do not sit on each other, moving and resizing kept on the page.
import { describe, expect, it } from "vitest";
import { ADDED_BOX, addedBox, drawnBox, MIN_BOX, movedBox, resizedBox } from "../../src/docprint/boxEdit";

const close = (b: { x: number; y: number; w: number; h: number } | null, e: typeof b) => {
  expect(b).not.toBeNull();
  for (const k of ["x", "y", "w", "h"] as const) expect(b?.[k]).toBeCloseTo(e?.[k] ?? Number.NaN, 9);
};

describe("drawn boxes", () => {
  it("is the rectangle between the two corners, whichever way it is drawn", () => {
    const want = { x: 0.1, y: 0.2, w: 0.5, h: 0.3 };
    close(drawnBox({ x: 0.1, y: 0.2 }, { x: 0.6, y: 0.5 }), want);
    close(drawnBox({ x: 0.6, y: 0.5 }, { x: 0.1, y: 0.2 }), want);
    close(drawnBox({ x: 0.6, y: 0.2 }, { x: 0.1, y: 0.5 }), want);
  });
  it("stops at the page's edges when the pointer leaves the page", () => {
    close(drawnBox({ x: 0.5, y: 0.5 }, { x: 1.7, y: -0.4 }), { x: 0.5, y: 0, w: 0.5, h: 0.5 });
    close(drawnBox({ x: -1, y: -1 }, { x: 2, y: 2 }), { x: 0, y: 0, w: 1, h: 1 });
  });
  it("a click or a thin drag is not a box; bad numbers are not either", () => {
    expect(drawnBox({ x: 0.3, y: 0.3 }, { x: 0.3, y: 0.3 })).toBeNull();
    expect(drawnBox({ x: 0.3, y: 0.3 }, { x: 0.8, y: 0.3 + MIN_BOX / 2 })).toBeNull();
    expect(drawnBox({ x: Number.NaN, y: 0 }, { x: Number.NaN, y: 1 })).toBeNull();
  });
});

describe("keyboard-added boxes", () => {
  it("starts centred at ADDED_BOX of the page", () => {
    close(addedBox([]), { x: 0.3, y: 0.3, w: ADDED_BOX, h: ADDED_BOX });
  });
  it("steps past boxes already in the same place, staying on the page", () => {
    const first = addedBox([]);
    const second = addedBox([first]);
    expect(second.x).toBeGreaterThan(first.x);
    expect(second.y).toBeGreaterThan(first.y);
    const many = [first];
    for (let i = 0; i < 12; i++) many.push(addedBox(many));
    for (const b of many) {
      expect(b.x + b.w).toBeLessThanOrEqual(1 + 1e-9);
      expect(b.y + b.h).toBeLessThanOrEqual(1 + 1e-9);
    }
  });
});

describe("moving and resizing", () => {
  const b = { x: 0.2, y: 0.2, w: 0.5, h: 0.5 };
  it("moves, and stops with the whole box on the page", () => {
    close(movedBox(b, 0.1, -0.1), { x: 0.3, y: 0.1, w: 0.5, h: 0.5 });
    close(movedBox(b, 0.9, -0.9), { x: 0.5, y: 0, w: 0.5, h: 0.5 });
  });
  it("resizes from the corner between MIN_BOX and the page's edge", () => {
    close(resizedBox(b, 0.1, 0.2), { x: 0.2, y: 0.2, w: 0.6, h: 0.7 });
    close(resizedBox(b, 5, -5), { x: 0.2, y: 0.2, w: 0.8, h: MIN_BOX });
  });
});

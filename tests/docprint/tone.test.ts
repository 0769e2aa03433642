// Thresholding for 1-bit printers: a crisp threshold keeps text and codes sharp (mid grey is all white
// or all black), dithering renders grey as a share of dots.
import { describe, expect, it } from "vitest";
import { composeGray, composeLabel, toBitmap } from "../../src/docprint/compose";
import type { GrayImage } from "../../src/docprint/image";

const flat = (v: number, w = 64, h = 64): GrayImage => ({
  width: w,
  height: h,
  data: new Uint8Array(w * h).fill(v),
});
const share = (b: ReturnType<typeof toBitmap>) => {
  let on = 0;
  for (const x of b.data) for (let k = 0; k < 8; k++) on += (x >> k) & 1;
  return on / (b.width * b.height);
};

describe("tone", () => {
  it("threshold: grey above the threshold is white, below is black", () => {
    expect(share(toBitmap(flat(140)))).toBe(0);
    expect(share(toBitmap(flat(100)))).toBe(1);
    expect(share(toBitmap(flat(140), "threshold", 160))).toBe(1);
  });
  it("dither: 25 % grey prints about a quarter of the dots, 50 % about half", () => {
    expect(share(toBitmap(flat(191), "dither"))).toBeCloseTo(0.25, 1);
    expect(share(toBitmap(flat(128), "dither"))).toBeCloseTo(0.5, 1);
  });
  it("composing copies a region rendered at the printer's dpi dot for dot (no resampling)", () => {
    const w = 40;
    const h = 24;
    const page: GrayImage = {
      width: w,
      height: h,
      data: Uint8Array.from({ length: w * h }, (_, i) => (i * 37) % 256),
    };
    // a label exactly the region's size at 203 dpi (dots rounded up to 8: 40 × 24)
    const label = { width: (w / 203) * 25.4, height: (h / 203) * 25.4 };
    const g = composeGray(page, { x: 0, y: 0, w, h }, { pageDpi: 203, dpi: 203, label });
    expect([g.width, g.height]).toEqual([w, h]);
    expect(Array.from(g.data)).toEqual(Array.from(page.data));
  });

  it("a thresholded label packed straight from the page is the grey label thresholded, turned or not", () => {
    // a page of every grey in a pseudo-random order, 300 × 200 pixels at 203 dpi
    const w = 300;
    const h = 200;
    let seed = 7;
    const data = Uint8Array.from({ length: w * h }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 256;
    });
    const page = { width: w, height: h, data };
    const box = { x: 11, y: 7, w: 250, h: 150 };
    for (const label of [
      { width: 40, height: 25 }, // same orientation, true scale
      { width: 20, height: 30 }, // portrait: turned and scaled down
    ])
      for (const threshold of [60, 128, 200]) {
        const o = { pageDpi: 203, dpi: 203, label, threshold };
        const packed = composeLabel(page, box, o);
        expect(packed).toEqual(toBitmap(composeGray(page, box, o), "threshold", threshold));
        expect(share(packed)).toBeGreaterThan(0);
      }
  });
});

// Thresholding for 1-bit printers: a crisp threshold keeps text and codes sharp (mid grey is all white
// or all black), dithering renders grey as a share of dots.
import { describe, expect, it } from "vitest";
import {
  type ComposeOptions,
  composeGray,
  composeLabel,
  placeRegion,
  toBitmap,
} from "../../src/docprint/compose";
import { type GrayImage, grayFromRgba } from "../../src/docprint/image";
import { dotsFor } from "../../src/print/dots";

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

/** The label's grey dot by dot, the plain way: centred, each dot the page pixel under its centre. */
function referenceGray(
  page: GrayImage,
  box: { x: number; y: number; w: number; h: number },
  o: ComposeOptions,
) {
  const W = dotsFor(o.label.width, o.dpi);
  const H = dotsFor(o.label.height, o.dpi);
  const out = new Uint8Array(W * H).fill(255);
  const mm = 25.4 / o.pageDpi;
  const place = placeRegion(box.w * mm, box.h * mm, o.label);
  const k = o.pageDpi / (o.dpi * place.scale);
  const cw = (place.rotate ? box.h : box.w) / k;
  const ch = (place.rotate ? box.w : box.h) / k;
  const ox = Math.round(((o.label.width / 25.4) * o.dpi - cw) / 2);
  const oy = Math.round(((o.label.height / 25.4) * o.dpi - ch) / 2);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (x < ox || y < oy || x >= Math.round(ox + cw) || y >= Math.round(oy + ch)) continue;
      const cx = Math.floor((x - ox + 0.5) * k);
      const cy = Math.floor((y - oy + 0.5) * k);
      // turned a quarter clockwise: the region's left column is the label's top row
      const sx = place.rotate ? box.x + cy : box.x + cx;
      const sy = place.rotate ? box.y + box.h - 1 - cx : box.y + cy;
      if (sx >= 0 && sy >= 0 && sx < page.width && sy < page.height)
        out[y * W + x] = page.data[sy * page.width + sx];
    }
  return { width: W, height: H, data: out };
}

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
      { width: 50, height: 28 }, // larger than the region: white around it
    ])
      for (const threshold of [60, 128, 200]) {
        const o = { pageDpi: 203, dpi: 203, label, threshold };
        const packed = composeLabel(page, box, o);
        const grey = composeGray(page, box, o);
        const ref = referenceGray(page, box, o);
        const bits = toBitmap(grey, "threshold", threshold);
        const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;
        expect([grey.width, grey.height, same(grey.data, ref.data)]).toEqual([ref.width, ref.height, true]);
        expect([packed.width, packed.height, same(packed.data, bits.data)]).toEqual([
          bits.width,
          bits.height,
          true,
        ]);
        expect(share(packed)).toBeGreaterThan(0);
      }
  });

  it("grey from RGBA: Rec. 601 luma over white, opaque or not", () => {
    const px = [
      [255, 255, 255, 255],
      [0, 0, 0, 255],
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [10, 200, 77, 255],
      [0, 0, 0, 0],
      [0, 0, 0, 128],
    ];
    const g = grayFromRgba(Uint8Array.from(px.flat()), px.length, 1);
    // 0.299 × 255 = 76.2, 0.587 × 255 = 149.7, 0.114 × 255 = 29.1; 10, 200, 77 → 129.2; half black → 127
    expect(Array.from(g.data)).toEqual([255, 0, 76, 150, 29, 129, 255, 127]);
  });

  it("grey from RGBA is the same read as whole pixels or byte by byte (a view off a 4-byte boundary)", () => {
    const px = [255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 128, 254, 255, 255, 255];
    const rgba = Uint8Array.from([...px, ...px, ...px]);
    const shifted = new Uint8Array(rgba.length + 1);
    shifted.set(rgba, 1);
    const aligned = grayFromRgba(rgba, 5, 3);
    const unaligned = grayFromRgba(shifted.subarray(1), 5, 3);
    expect(Array.from(aligned.data)).toEqual(Array.from(unaligned.data));
    expect(Array.from(aligned.data.subarray(0, 5))).toEqual([255, 0, 76, 127, 255]);
  });

  it("grey of the next page written over the last one's buffer when it fits, a new one when not", () => {
    const white = new Uint8Array(4 * 4 * 4).fill(255);
    const black = Uint8Array.from({ length: 4 * 4 * 4 }, (_, i) => (i % 4 === 3 ? 255 : 0));
    const first = grayFromRgba(white, 4, 4);
    const second = grayFromRgba(black, 4, 4, first.data);
    expect(second.data.buffer).toBe(first.data.buffer);
    expect(Array.from(second.data)).toEqual(new Array(16).fill(0));
    const smaller = grayFromRgba(white, 2, 2, second.data);
    expect([smaller.data.buffer === first.data.buffer, smaller.data.length]).toEqual([true, 4]);
    const larger = grayFromRgba(new Uint8Array(8 * 8 * 4).fill(255), 8, 8, smaller.data);
    expect([larger.data.buffer === first.data.buffer, larger.data.length]).toEqual([false, 64]);
    expect(Array.from(larger.data)).toEqual(new Array(64).fill(255));
  });
});

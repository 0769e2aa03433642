// Thresholding the rasteriser's RGBA into printer dots (src/print/bitmap.ts) remembers the last
// pixel's answer (issue 41): every dot must be what the per-pixel formula gives, for any colours,
// alpha, threshold, row width and buffer alignment.
import { describe, expect, it } from "vitest";
import { thresholdRgba } from "../../src/print/bitmap";

/** The formula, pixel by pixel: Rec. 601 luma over white below the threshold is black. */
function reference(rgba: Uint8Array, width: number, height: number, threshold: number): Uint8Array {
  const bytesPerRow = Math.ceil(width / 8);
  const out = new Uint8Array(bytesPerRow * height);
  const t = Math.max(1, Math.min(255, threshold));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const a = rgba[p + 3] / 255;
      const l = (0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2]) * a + 255 * (1 - a);
      if (l < t) out[y * bytesPerRow + (x >> 3)] |= 0x80 >> (x & 7);
    }
  return out;
}

/** A label-like picture: runs of paper and ink, grey edges, some transparent and random pixels. */
function picture(width: number, height: number, seed: number, offset: number): Uint8Array {
  let s = seed;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 16;
  };
  const buf = new Uint8Array(offset + width * height * 4);
  const px = buf.subarray(offset);
  let colour = [255, 255, 255, 255];
  for (let i = 0; i < width * height; i++) {
    const r = rnd() % 100;
    if (r < 8) colour = [0, 0, 0, 255];
    else if (r < 16) colour = [255, 255, 255, 255];
    else if (r < 20) colour = [rnd() & 255, rnd() & 255, rnd() & 255, rnd() & 255];
    else if (r < 22) colour = [0, 0, 0, 0];
    else if (r < 24) colour = [128, 128, 128, 255];
    px.set(colour, i * 4);
  }
  return px;
}

describe("thresholdRgba", () => {
  it("gives every dot the per-pixel formula's answer", () => {
    let cases = 0;
    for (const [width, height] of [
      [1, 1],
      [7, 3],
      [33, 17],
      [203, 40],
    ])
      for (const offset of [0, 1, 2, 4])
        for (const threshold of [0, 1, 100, 128, 200, 254, 255, 300]) {
          const rgba = picture(width, height, width * 31 + offset * 7 + threshold, offset);
          const got = thresholdRgba(rgba, width, height, threshold);
          expect(got.bytesPerRow).toBe(Math.ceil(width / 8));
          expect(Buffer.from(got.data).equals(Buffer.from(reference(rgba, width, height, threshold)))).toBe(
            true,
          );
          cases++;
        }
    expect(cases).toBe(128);
  });

  it("reads a buffer shorter than the picture as the formula does (past its end: white)", () => {
    const rgba = new Uint8Array(4 * 5).fill(0);
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    expect(Array.from(thresholdRgba(rgba, 4, 2).data)).toEqual(Array.from(reference(rgba, 4, 2, 128)));
  });
});

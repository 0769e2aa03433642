// Two renderings of one picture compared with a little room for anti-aliasing: a pixel differs when
// no pixel within `radius` of the same place in the other image is within `tolerance` in luminance.
import type { Pixels } from "../../../src/export/pdf/png";

const lum = (d: Uint8ClampedArray, i: number) => 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];

function oneWay(a: Pixels, b: Pixels, tolerance: number, radius: number): number {
  let differ = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      const l = lum(a.data, (y * a.width + x) * 4);
      let near = false;
      for (let dy = -radius; dy <= radius && !near; dy++)
        for (let dx = -radius; dx <= radius && !near; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= b.height || xx >= b.width) continue;
          near = Math.abs(l - lum(b.data, (yy * b.width + xx) * 4)) <= tolerance;
        }
      if (!near) differ++;
    }
  return differ;
}

/** Share of pixels (0–1) that differ either way; 1 when the sizes differ. */
export function pixelDifference(a: Pixels, b: Pixels, tolerance = 64, radius = 1): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  return Math.max(oneWay(a, b, tolerance, radius), oneWay(b, a, tolerance, radius)) / (a.width * a.height);
}

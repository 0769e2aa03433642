// Comparing two pictures of a label by their ink: shared by the export unit tests and e2e specs.
export interface Pixels {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** An opaque pixel darker than mid-grey. */
const dark = (p: Pixels, x: number, y: number) => {
  const i = (y * p.width + x) * 4;
  return p.data[i + 3] > 127 && p.data[i] + p.data[i + 1] + p.data[i + 2] < 3 * 128;
};

/** Share of a's dark pixels with no dark pixel of b within `r` px (and how many a has). */
export function unmatchedInk(a: Pixels, b: Pixels, r: number): { share: number; inked: number } {
  let inked = 0;
  let miss = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      if (!dark(a, x, y)) continue;
      inked++;
      let found = false;
      for (let dy = -r; dy <= r && !found; dy++)
        for (let dx = -r; dx <= r && !found; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < b.width && yy < b.height && dark(b, xx, yy)) found = true;
        }
      if (!found) miss++;
    }
  return { share: miss / Math.max(1, inked), inked };
}

// Perspective correction: the label's 4 corners in the picture are mapped onto an upright rectangle
// (a homography solved from the 4 point pairs, sampled bilinearly).
import type { Quad } from "../../image/quad";
import type { Gray } from "./pixels";

/** Solves the 8×8 system of a homography taking rectangle (0,0)-(w,h) corners to `q`. */
export function homography(w: number, h: number, q: Quad): number[] {
  const src: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i];
    const [u, v] = q[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    const d = a[c][c] || 1e-12;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / d;
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  return [...a.map((row, i) => row[8] / (a[i][i] || 1e-12)), 1];
}

/** The picture inside `q`, straightened to `width` × `height` pixels. */
export function warp(g: Gray, q: Quad, width: number, height: number): Gray {
  const m = homography(width, height, q);
  const out = new Uint8Array(width * height);
  const { width: sw, height: sh, data } = g;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      const z = m[6] * cx + m[7] * cy + m[8];
      const u = (m[0] * cx + m[1] * cy + m[2]) / z - 0.5;
      const v = (m[3] * cx + m[4] * cy + m[5]) / z - 0.5;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      if (x0 < 0 || y0 < 0 || x0 >= sw - 1 || y0 >= sh - 1) {
        out[y * width + x] = 255;
        continue;
      }
      const fx = u - x0;
      const fy = v - y0;
      const i = y0 * sw + x0;
      const top = data[i] * (1 - fx) + data[i + 1] * fx;
      const bottom = data[i + sw] * (1 - fx) + data[i + sw + 1] * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data: out };
}

const dist = (a: readonly [number, number], b: readonly [number, number]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The quad's own size in pixels: the longer of each pair of opposite sides. */
export function quadSize(q: Quad): { width: number; height: number } {
  return {
    width: Math.max(dist(q[0], q[1]), dist(q[3], q[2])),
    height: Math.max(dist(q[0], q[3]), dist(q[1], q[2])),
  };
}

// Test pictures of known labels: the label rendered by our own renderer (Node, resvg) and turned
// into a "photo" (on a table, turned, in perspective, blurred, noisy, unevenly lit, JPEG 60) or a
// clean "scan". Deterministic: every random choice comes from the seed. Used by the unit tests,
// the e2e spec and bench/ai.
import jpeg from "jpeg-js";
import { decodePng, type Pixels } from "../../../src/export/pdf/png";
import type { Quad } from "../../../src/image/quad";
import type { LabelDocument } from "../../../src/model/types";
import { nodeImages } from "../../../src/print/nodeImages";
import { homography } from "../../../src/server/picture/warp";

/** The label as a PNG at 300 dpi (the export's raster path). */
export async function renderPng(doc: LabelDocument): Promise<Uint8Array> {
  const out = await nodeImages(doc, { format: "png" } as never);
  for await (const png of out.images) return png;
  throw new Error("no image");
}

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function invert(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

export interface PhotoOptions {
  readonly seed?: number;
  /** degrees, default ±10 from the seed */
  readonly rotate?: number;
  /** corner jitter as a share of the label's size (perspective), default 0.04 */
  readonly perspective?: number;
  readonly jpegQuality?: number;
}

export interface Photo {
  readonly jpeg: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** where the label's corners are in the photo (tl, tr, br, bl) */
  readonly corners: Quad;
}

/** A phone photo of the label lying on a darker table. */
export function photoOf(label: Pixels, opts: PhotoOptions = {}): Photo {
  const r = rng(opts.seed ?? 1);
  const lw = label.width;
  const lh = label.height;
  const W = Math.round(lw * 1.35);
  const H = Math.round(lh * 1.35);
  const angle = ((opts.rotate ?? (r() * 2 - 1) * 10) * Math.PI) / 180;
  const jitter = opts.perspective ?? 0.04;
  const cx = W / 2 + (r() - 0.5) * lw * 0.05;
  const cy = H / 2 + (r() - 0.5) * lh * 0.05;
  const scale = 0.92;
  const corners = (
    [
      [-lw / 2, -lh / 2],
      [lw / 2, -lh / 2],
      [lw / 2, lh / 2],
      [-lw / 2, lh / 2],
    ] as const
  ).map(([x, y]) => {
    const jx = (r() * 2 - 1) * jitter * lw;
    const jy = (r() * 2 - 1) * jitter * lh;
    const rx = (x * Math.cos(angle) - y * Math.sin(angle)) * scale;
    const ry = (x * Math.sin(angle) + y * Math.cos(angle)) * scale;
    return [cx + rx + jx, cy + ry + jy] as [number, number];
  }) as unknown as Quad;
  const inv = invert(homography(lw, lh, corners));
  const out = new Uint8Array(W * H * 4);
  const gx = r() * 2 - 1;
  const gy = r() * 2 - 1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const z = inv[6] * x + inv[7] * y + inv[8];
      const u = (inv[0] * x + inv[1] * y + inv[2]) / z;
      const v = (inv[3] * x + inv[4] * y + inv[5]) / z;
      // light: brighter on one side (0.7 … 1.0)
      const light = 0.85 + 0.15 * ((gx * (x / W - 0.5) + gy * (y / H - 0.5)) * 2);
      const noise = (r() - 0.5) * 24;
      let rgb: [number, number, number];
      if (u >= 0 && v >= 0 && u < lw - 1 && v < lh - 1) {
        // bilinear, a slight blur
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const at = (xx: number, yy: number, c: number) => label.data[(yy * lw + xx) * 4 + c];
        rgb = [0, 1, 2].map(
          (c) =>
            (at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx) * (1 - fy) +
            (at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx) * fy,
        ) as [number, number, number];
        // paper is a little warm
        rgb = [rgb[0] * 0.98, rgb[1] * 0.96, rgb[2] * 0.9];
      } else {
        // a wooden-brown table
        const grain = 12 * Math.sin(y / 7 + Math.sin(x / 40));
        rgb = [110 + grain, 82 + grain, 60 + grain];
      }
      const o = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = Math.max(0, Math.min(255, rgb[c] * light + noise));
      out[o + 3] = 255;
    }
  const blurred = boxBlur(out, W, H);
  const enc = jpeg.encode({ data: blurred, width: W, height: H }, opts.jpegQuality ?? 60);
  return { jpeg: new Uint8Array(enc.data), width: W, height: H, corners };
}

/** 3 × 3 box blur (a slightly out-of-focus camera). */
function boxBlur(src: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 4; c++) {
        let s = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            s += src[(yy * w + xx) * 4 + c];
            n++;
          }
        out[(y * w + x) * 4 + c] = s / n;
      }
  return out;
}

/** The label PNG decoded. */
export function pixelsOf(png: Uint8Array): Pixels {
  const p = decodePng(png);
  if (!p) throw new Error("bad png");
  return p;
}

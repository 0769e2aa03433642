// Pictures for recognition: decoded to RGBA (PNG, JPEG), turned grey, scaled, thresholded (Otsu).
import jpeg from "jpeg-js";
import { decodePng, type Pixels } from "../../export/pdf/png";
import { checkImage, ImageTooLarge, MAX_IMAGE_PIXELS } from "../../image/guard";

/** One byte per pixel, 0 black … 255 white. */
export interface Gray {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * A PNG or JPEG (by its bytes) → RGBA; null when it is neither or cannot be read. Throws
 * ImageTooLarge (src/image/guard.ts) above the pixel cap or for a PNG whose data outgrows its header:
 * a decompression bomb never reaches memory.
 */
export function decodePicture(bytes: Uint8Array): Pixels | null {
  const header = checkImage(bytes);
  try {
    if (header?.kind === "png") return decodePng(bytes);
    if (header?.kind === "jpeg") {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6,
        // RGBA of the largest picture plus jpeg-js's own component planes
        maxMemoryUsageInMB: Math.ceil((MAX_IMAGE_PIXELS * 8) / 1e6),
      });
      return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer) };
    }
  } catch (e) {
    if (e instanceof ImageTooLarge) throw e;
    return null;
  }
  return null;
}

/** RGBA → grey (Rec. 601 luma; transparent pixels count as white paper). */
export function toGray(p: Pixels): Gray {
  const n = p.width * p.height;
  const data = new Uint8Array(n);
  const d = p.data;
  for (let i = 0; i < n; i++) {
    const a = d[i * 4 + 3] / 255;
    const y = 0.299 * d[i * 4] + 0.587 * d[i * 4 + 1] + 0.114 * d[i * 4 + 2];
    data[i] = Math.round(y * a + 255 * (1 - a));
  }
  return { width: p.width, height: p.height, data };
}

/** Grey → RGBA (opaque). */
export function toRgba(g: Gray): Pixels {
  const data = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0; i < g.data.length; i++) {
    const v = g.data[i];
    data[i * 4] = v;
    data[i * 4 + 1] = v;
    data[i * 4 + 2] = v;
    data[i * 4 + 3] = 255;
  }
  return { width: g.width, height: g.height, data };
}

/** Box-filtered downscale by an integer factor (1: the picture itself). */
export function shrink(g: Gray, factor: number): Gray {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return g;
  const width = Math.max(1, Math.floor(g.width / f));
  const height = Math.max(1, Math.floor(g.height / f));
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * g.width + x * f;
        for (let dx = 0; dx < f; dx++) s += g.data[row + dx];
      }
      data[y * width + x] = Math.round(s / (f * f));
    }
  return { width, height, data };
}

/** Otsu's threshold of the grey levels in `data`. */
export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of data) hist[v]++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let at = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}

/**
 * Ink mask (1 = dark) against the local background: a pixel is ink when it is darker than the mean
 * of its `radius` neighbourhood by `margin` grey levels (copes with uneven light), computed with an
 * integral image.
 */
export function inkMask(g: Gray, radius: number, margin = 18): Uint8Array {
  const { width: w, height: h, data } = g;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w, x + radius + 1);
      const s =
        integral[y1 * (w + 1) + x1] -
        integral[y0 * (w + 1) + x1] -
        integral[y1 * (w + 1) + x0] +
        integral[y0 * (w + 1) + x0];
      const mean = s / ((x1 - x0) * (y1 - y0));
      out[y * w + x] = data[y * w + x] < mean - margin || data[y * w + x] < 60 ? 1 : 0;
    }
  }
  return out;
}

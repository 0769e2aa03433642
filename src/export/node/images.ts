// Label images for resvg in Node (CLI raster export): resvg draws PNG (interlaced too), JPEG (grey
// ones too) and GIF itself; WebP (@cwasm/webp) and BMP (below) are decoded here and handed on as PNG,
// and a BLACKWHITE image is thresholded per element as in the browser export and the PDF.
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-wasm";
import { checkImage, checkPixels } from "../../image/guard";
import { thresholdPixels } from "../../render/imageThreshold";
import { encodePng, type Pixels } from "../pdf/png";

/** BMP (Windows 3.x and later: 1, 4, 8, 16, 24, 32 bits, uncompressed or bit fields) → RGBA. */
export function decodeBmp(b: Uint8Array): Pixels | null {
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const offset = v.getUint32(10, true);
  const dib = v.getUint32(14, true);
  if (dib < 40) return null;
  const width = v.getInt32(18, true);
  const rawHeight = v.getInt32(22, true);
  const bpp = v.getUint16(28, true);
  const compression = v.getUint32(30, true);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) return null;
  checkPixels(width, height);
  if (compression !== 0 && compression !== 3 && compression !== 6) return null;
  const colours = v.getUint32(46, true) || (bpp <= 8 ? 1 << bpp : 0);
  const palette = 14 + dib;
  let masks = bpp === 16 ? [0x7c00, 0x3e0, 0x1f, 0] : [0xff0000, 0xff00, 0xff, 0];
  if (compression !== 0) {
    const at = dib >= 52 ? 54 : palette;
    masks = [0, 1, 2, 3].map((i) => (at + i * 4 + 4 <= b.length ? v.getUint32(at + i * 4, true) : 0));
    if (dib < 56 && compression === 3) masks[3] = 0;
  } else if (bpp === 32) masks[3] = 0;
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset + stride * height > b.length) return null;
  const channel = (px: number, mask: number) => {
    if (!mask) return -1;
    const low = 31 - Math.clz32(mask & -mask);
    const bits = 32 - Math.clz32(mask >>> low);
    const val = (px & mask) >>> low;
    return bits >= 8 ? val >>> (bits - 8) : Math.round((val * 255) / ((1 << bits) - 1));
  };
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (bpp <= 8) {
        const bit = x * bpp;
        const index = (b[row + (bit >> 3)] >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const p = palette + Math.min(index, colours - 1) * 4;
        data.set([b[p + 2], b[p + 1], b[p], 255], o);
      } else if (bpp === 24) {
        const p = row + x * 3;
        data.set([b[p + 2], b[p + 1], b[p], 255], o);
      } else if (bpp === 16 || bpp === 32) {
        const px = bpp === 16 ? v.getUint16(row + x * 2, true) : v.getUint32(row + x * 4, true);
        const a = channel(px, masks[3]);
        data.set([channel(px, masks[0]), channel(px, masks[1]), channel(px, masks[2]), a < 0 ? 255 : a], o);
      } else return null;
    }
  }
  return { width, height, data };
}

let webp: ((b: Uint8Array) => { width: number; height: number; data: Uint8ClampedArray }) | null = null;

/** WebP → RGBA with libwebp (wasm, shipped in @cwasm/webp). */
function decodeWebp(bytes: Uint8Array): Pixels | null {
  if (!checkImage(bytes)) return null;
  try {
    webp ??= (createRequire(import.meta.url)("@cwasm/webp") as { decode: typeof webp & object }).decode;
    const img = webp(bytes);
    return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data) };
  } catch {
    return null;
  }
}

/** PNG, JPEG or GIF → RGBA, drawn by resvg at its natural size (un-premultiplied). */
function decodeWithResvg(bytes: Uint8Array, mime: string): Pixels | null {
  const size = checkImage(bytes);
  if (!size || size.width <= 0 || size.height <= 0) return null;
  const { width, height } = size;
  const href = `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
  const r = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" preserveAspectRatio="none" href="${href}"/></svg>`,
    { font: { fontBuffers: [], loadSystemFonts: false } as never },
  );
  try {
    const img = r.render();
    try {
      const data = new Uint8ClampedArray(img.pixels);
      for (let i = 0; i < data.length; i += 4) {
        const a = data[i + 3];
        if (a > 0 && a < 255) for (let k = 0; k < 3; k++) data[i + k] = (data[i + k] * 255) / a;
      }
      return { width: img.width, height: img.height, data };
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}

/** Any label image format → RGBA; null when it cannot be decoded; ImageTooLarge above the cap. */
export function decodeImage(bytes: Uint8Array, mime: string): Pixels | null {
  if (mime === "image/webp") return decodeWebp(bytes);
  if (mime === "image/bmp") return decodeBmp(bytes);
  return decodeWithResvg(bytes, mime);
}

const DRAWN_BY_RESVG = new Set(["image/png", "image/jpeg", "image/gif"]);

/**
 * The href resvg should draw for a label image: the image itself when resvg reads it, else (WebP,
 * BMP, or `threshold` given: BLACKWHITE) a PNG data URI. Unreadable images stay as they are.
 */
export function hrefForResvg(href: string, threshold?: number): string {
  const m = /^data:(image\/[a-z+.-]+);base64,(.*)$/s.exec(href);
  if (!m) return href;
  const mime = m[1] === "image/jpg" ? "image/jpeg" : m[1];
  const bytes = new Uint8Array(Buffer.from(m[2], "base64"));
  // resvg decodes the picture itself: its header is checked against the cap first
  checkImage(bytes);
  if (threshold === undefined && DRAWN_BY_RESVG.has(mime)) return href;
  const px = decodeImage(bytes, mime);
  if (!px) return href;
  if (threshold !== undefined) thresholdPixels(px.data, threshold);
  return `data:image/png;base64,${Buffer.from(encodePng(px)).toString("base64")}`;
}

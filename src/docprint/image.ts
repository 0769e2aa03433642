// A page as grey levels (0 black … 255 white), one byte a pixel, row-major: what auto crop reads and
// what labels are cut from. Made from RGBA (canvas, pdf.js, decoded pictures) composited over white.

export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Opaque white and opaque black RGBA pixels as 32-bit words (in this machine's byte order). */
const WHITE = 0xffffffff;
const BLACK = new Uint32Array(Uint8Array.of(0, 0, 0, 255).buffer)[0];
/** red in a word's low byte (then alpha in its high byte) */
const LITTLE = BLACK === 0xff000000;

/**
 * RGBA over white → grey (Rec. 601 luma, the same weights as the print path's threshold). `reuse`:
 * the grey of a page that is no longer needed, written over when it is large enough (page after page
 * without a new 4 MB buffer each).
 */
export function grayFromRgba(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  reuse?: Uint8Array,
): GrayImage {
  const n = width * height;
  const data =
    reuse && reuse.byteOffset === 0 && reuse.buffer.byteLength >= n
      ? new Uint8Array(reuse.buffer, 0, n)
      : new Uint8Array(n);
  // most of a page is white paper and black ink: whole pixels compared as 32-bit words, the others
  // read channel by channel (lumaAt)
  if (rgba.byteOffset % 4 === 0) {
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, n);
    for (let i = 0; i < n; i++) data[i] = wordGray(words[i], rgba, i);
  } else for (let i = 0; i < n; i++) data[i] = lumaAt(rgba, i << 2);
  return { width, height, data };
}

/** The grey of RGBA pixel `i` whose 32-bit word is `w` (grayFromRgba's grey of one pixel). */
export function wordGray(w: number, rgba: Uint8Array | Uint8ClampedArray, i: number): number {
  if (w === WHITE) return 255;
  if (w === BLACK) return 0;
  if (LITTLE && w >>> 24 === 255)
    return ((299 * (w & 255) + 587 * ((w >>> 8) & 255) + 114 * ((w >>> 16) & 255) + 500) / 1000) | 0;
  return lumaAt(rgba, i << 2);
}

/** RGBA pixels read as grey one at a time (wordGray), without a grey image. */
export interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array | Uint8ClampedArray;
  /** the pixels as 32-bit words */
  readonly words: Uint32Array;
}

/** The RGBA pixels of `width × height` as RgbaPixels; null when they are not on a 4-byte boundary. */
export function rgbaPixels(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): RgbaPixels | null {
  if (rgba.byteOffset % 4 !== 0 || rgba.length < width * height * 4) return null;
  return { width, height, rgba, words: new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) };
}

/** The grey of pixel `i` of a grey image or of RGBA pixels. */
export function grayReader(img: GrayImage | RgbaPixels): (i: number) => number {
  if ("words" in img) {
    const { words, rgba } = img;
    return (i) => wordGray(words[i], rgba, i);
  }
  const { data } = img;
  return (i) => data[i];
}

/** The grey of the RGBA pixel at byte `p`, over white. */
function lumaAt(rgba: Uint8Array | Uint8ClampedArray, p: number): number {
  if (rgba[p + 3] === 255)
    // opaque (every drawn page): the same luma in whole thousandths, rounded, without floats
    return ((299 * rgba[p] + 587 * rgba[p + 1] + 114 * rgba[p + 2] + 500) / 1000) | 0;
  const a = rgba[p + 3] / 255;
  const l = (0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2]) * a + 255 * (1 - a);
  return l < 0 ? 0 : l > 255 ? 255 : Math.round(l);
}

/** A blank (white) image. */
export function blankGray(width: number, height: number): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

/** A pixel rectangle. */
export interface PixelBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Intersection over union of two boxes (0 when they do not overlap). */
export function iou(a: PixelBox, b: PixelBox): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w);
  const y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

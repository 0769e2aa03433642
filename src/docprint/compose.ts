// One label from a page region: turned to the label's orientation, placed at true scale when it fits
// (else scaled down to fit), centred, and made 1-bit at the printer's resolution — a crisp threshold
// (text and codes) or Floyd–Steinberg dithering (photos). Sides are whole bytes (multiples of 8 dots)
// like every page of the print path, and a region rendered at the printer's dpi is copied dot for dot.
import { dotsToMm, mmToDots } from "../model/units";
import type { Bitmap } from "../print/bitmap";
import { dotsFor } from "../print/dots";
import { type GrayImage, grayFromRgba, type PixelBox, type RgbaPixels, wordGray } from "./image";

export type ToneMode = "threshold" | "dither";

export interface LabelSize {
  /** mm */
  readonly width: number;
  readonly height: number;
}

export interface Placement {
  /** quarter turn clockwise when the region's orientation is not the label's */
  readonly rotate: boolean;
  /** 1 = true scale; below 1 when the region is larger than the label */
  readonly scale: number;
}

/** How a region of `w × h` mm goes on the label. */
export function placeRegion(w: number, h: number, label: LabelSize): Placement {
  const landscape = (a: number, b: number) => a > b * 1.05;
  const portrait = (a: number, b: number) => b > a * 1.05;
  const rotate =
    (landscape(w, h) && portrait(label.width, label.height)) ||
    (portrait(w, h) && landscape(label.width, label.height));
  const rw = rotate ? h : w;
  const rh = rotate ? w : h;
  const scale = Math.min(1, label.width / Math.max(rw, 1e-9), label.height / Math.max(rh, 1e-9));
  return { rotate, scale };
}

export interface ComposeOptions {
  /** the page image's resolution */
  readonly pageDpi: number;
  /** the printer's resolution */
  readonly dpi: number;
  readonly label: LabelSize;
  readonly tone?: ToneMode;
  /** grey below this prints (threshold mode); default 128 */
  readonly threshold?: number;
}

/**
 * Where each label dot comes from: the page pixel of dot (x, y) is `rows[y] + cols[x]` (dots with -1
 * on either side stay white). Rows and columns are separable, turned or not, so the loops read pixels
 * without any arithmetic but one addition.
 */
interface DotMap {
  readonly W: number;
  readonly H: number;
  readonly rows: Int32Array;
  readonly cols: Int32Array;
}

function dotMap(
  page: { readonly width: number; readonly height: number },
  box: PixelBox,
  o: ComposeOptions,
): DotMap {
  const W = dotsFor(o.label.width, o.dpi);
  const H = dotsFor(o.label.height, o.dpi);
  const mmPerPx = dotsToMm(1, o.pageDpi);
  const place = placeRegion(box.w * mmPerPx, box.h * mmPerPx, o.label);
  const k = o.pageDpi / (o.dpi * place.scale); // page pixels per output dot
  const cw = (place.rotate ? box.h : box.w) / k;
  const ch = (place.rotate ? box.w : box.h) / k;
  // centred on the label's exact size (the rounding-up dots are white at the right and bottom)
  const ox = Math.round((mmToDots(o.label.width, o.dpi) - cw) / 2);
  const oy = Math.round((mmToDots(o.label.height, o.dpi) - ch) / 2);
  const x1 = Math.min(W, Math.round(ox + cw));
  const y1 = Math.min(H, Math.round(oy + ch));
  const rows = new Int32Array(H).fill(-1);
  const cols = new Int32Array(W).fill(-1);
  for (let y = Math.max(0, oy); y < y1; y++) {
    const cy = Math.floor((y - oy + 0.5) * k);
    // rotated clockwise: the region's left column becomes the label's top row
    const s = place.rotate ? box.x + cy : box.y + cy;
    if (s >= 0 && s < (place.rotate ? page.width : page.height)) rows[y] = place.rotate ? s : s * page.width;
  }
  for (let x = Math.max(0, ox); x < x1; x++) {
    const cx = Math.floor((x - ox + 0.5) * k);
    const s = place.rotate ? box.y + box.h - 1 - cx : box.x + cx;
    if (s >= 0 && s < (place.rotate ? page.height : page.width)) cols[x] = place.rotate ? s * page.width : s;
  }
  return { W, H, rows, cols };
}

/** The region as grey at the printer's dots (white around it). */
export function composeGray(page: GrayImage, box: PixelBox, o: ComposeOptions): GrayImage {
  const { W, H, rows, cols } = dotMap(page, box, o);
  const out = new Uint8Array(W * H).fill(255);
  for (let y = 0; y < H; y++) {
    const r = rows[y];
    if (r < 0) continue;
    for (let x = 0; x < W; x++) if (cols[x] >= 0) out[y * W + x] = page.data[r + cols[x]];
  }
  return { width: W, height: H, data: out };
}

/** Grey → 1 bit: threshold (default) or Floyd–Steinberg error diffusion. */
export function toBitmap(g: GrayImage, tone: ToneMode = "threshold", threshold = 128): Bitmap {
  const bytesPerRow = Math.ceil(g.width / 8);
  const data = new Uint8Array(bytesPerRow * g.height);
  const set = (x: number, y: number) => {
    data[y * bytesPerRow + (x >> 3)] |= 0x80 >> (x & 7);
  };
  if (tone === "dither") {
    let cur = new Float32Array(g.width + 2);
    let next = new Float32Array(g.width + 2);
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        const v = g.data[y * g.width + x] + cur[x + 1];
        const black = v < 128;
        if (black) set(x, y);
        const err = v - (black ? 0 : 255);
        cur[x + 2] += (err * 7) / 16;
        next[x] += (err * 3) / 16;
        next[x + 1] += (err * 5) / 16;
        next[x + 2] += err / 16;
      }
      [cur, next] = [next, cur];
      next.fill(0);
    }
  } else {
    const t = Math.max(1, Math.min(255, threshold));
    for (let y = 0; y < g.height; y++)
      for (let x = 0; x < g.width; x++) if (g.data[y * g.width + x] < t) set(x, y);
  }
  return { width: bytesPerRow * 8, height: g.height, bytesPerRow, data };
}

/** A label cut from a page (grey, or RGBA read as grey pixel by pixel), ready for the printer. */
export function composeLabel(page: GrayImage | RgbaPixels, box: PixelBox, o: ComposeOptions): Bitmap {
  if (o.tone === "dither") {
    const grey = "words" in page ? grayFromRgba(page.rgba, page.width, page.height) : page;
    return toBitmap(composeGray(grey, box, o), "dither");
  }
  // threshold: dots packed straight from the page's pixels, no grey label in between
  const { W, H, rows, cols } = dotMap(page, box, o);
  const bytesPerRow = Math.ceil(W / 8);
  const data = new Uint8Array(bytesPerRow * H);
  const t = Math.max(1, Math.min(255, o.threshold ?? 128));
  const grey = "words" in page ? null : page.data;
  const words = "words" in page ? page.words : null;
  const rgba = "words" in page ? page.rgba : null;
  for (let y = 0; y < H; y++) {
    const r = rows[y];
    if (r < 0) continue;
    // eight dots gathered in a byte, written once
    let at = y * bytesPerRow;
    let bits = 0;
    for (let x = 0; x < W; x++) {
      const c = cols[x];
      const i = r + c;
      const dark =
        c >= 0 && (grey ? grey[i] : wordGray((words as Uint32Array)[i], rgba as Uint8Array, i)) < t;
      bits = (bits << 1) | (dark ? 1 : 0);
      if ((x & 7) === 7) {
        data[at++] = bits;
        bits = 0;
      }
    }
    if (W & 7) data[at] = bits << (8 - (W & 7));
  }
  return { width: bytesPerRow * 8, height: H, bytesPerRow, data };
}

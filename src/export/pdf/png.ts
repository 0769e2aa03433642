// PNG → RGBA without a DOM (Node: CLI, tests, benchmark): every colour type, bit depths 1–16,
// palette transparency; not interlaced images (null: the caller decodes them another way).
import { zlibSync } from "fflate";
import { checkPixels, inflateAtMost } from "../../image/guard";
import { pngChunk as chunk } from "../../image/pngChunk";
import { concat } from "./writer";

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 8 bits per channel */
  readonly data: Uint8ClampedArray;
}

const SIG = [137, 80, 78, 71, 13, 10, 26, 10];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Throws ImageTooLarge (../../image/guard) for a picture over the pixel cap or a bomb of data. */
export function decodePng(bytes: Uint8Array): Pixels | null {
  if (bytes.length < 33 || SIG.some((b, i) => bytes[i] !== b)) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = 0;
  let palette: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (let p = 8; p + 8 <= bytes.length; ) {
    const len = v.getUint32(p);
    const kind = String.fromCharCode(...bytes.subarray(p + 4, p + 8));
    const data = bytes.subarray(p + 8, p + 8 + len);
    if (kind === "IHDR") {
      width = v.getUint32(p + 8);
      height = v.getUint32(p + 12);
      depth = bytes[p + 16];
      type = bytes[p + 17];
      if (bytes[p + 20] !== 0) return null; // interlaced
    } else if (kind === "PLTE") palette = data;
    else if (kind === "tRNS") trns = data;
    else if (kind === "IDAT") idat.push(data);
    else if (kind === "IEND") break;
    p += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[type];
  if (!channels || !width || !height) return null;
  checkPixels(width, height);
  let total = 0;
  for (const c of idat) total += c.length;
  const z = new Uint8Array(total);
  let at = 0;
  for (const c of idat) {
    z.set(c, at);
    at += c.length;
  }
  const bpp = Math.max(1, (channels * depth) >> 3);
  const stride = (width * channels * depth + 7) >> 3;
  const raw = inflateAtMost(z, (stride + 1) * height);
  const lines = new Uint8Array(stride * height);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const line = lines.subarray(y * stride, (y + 1) * stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? line[x - bpp] : 0;
      const b = prev[x];
      const c = x >= bpp ? prev[x - bpp] : 0;
      const s = src[x] ?? 0;
      line[x] =
        f === 1 ? s + a : f === 2 ? s + b : f === 3 ? s + ((a + b) >> 1) : f === 4 ? s + paeth(a, b, c) : s;
    }
    prev = line;
  }
  const out = new Uint8ClampedArray(width * height * 4);
  const sample = (line: Uint8Array, i: number): number => {
    if (depth === 8) return line[i];
    if (depth === 16) return line[i * 2];
    const perByte = 8 / depth;
    const byte = line[Math.floor(i / perByte)];
    const shift = 8 - depth * ((i % perByte) + 1);
    return (byte >> shift) & ((1 << depth) - 1);
  };
  const scale = depth < 8 ? 255 / ((1 << depth) - 1) : 1;
  for (let y = 0; y < height; y++) {
    const line = lines.subarray(y * stride, (y + 1) * stride);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (type === 3) {
        const i = sample(line, x);
        r = palette?.[i * 3] ?? 0;
        g = palette?.[i * 3 + 1] ?? 0;
        b = palette?.[i * 3 + 2] ?? 0;
        if (trns && i < trns.length) a = trns[i];
      } else if (type === 0 || type === 4) {
        const raw0 = sample(line, x * channels);
        r = g = b = type === 0 && depth < 8 ? raw0 * scale : raw0;
        if (type === 4) a = sample(line, x * channels + 1);
        else if (trns && trns.length >= 2 && raw0 === (depth === 16 ? trns[0] : (trns[0] << 8) | trns[1]))
          a = 0;
      } else {
        r = sample(line, x * channels);
        g = sample(line, x * channels + 1);
        b = sample(line, x * channels + 2);
        if (type === 6) a = sample(line, x * channels + 3);
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return { width, height, data: out };
}

export interface PngEncodeOptions {
  /** drop the alpha channel (an opaque picture, e.g. drawn on white): an RGB PNG, a quarter smaller */
  readonly opaque?: boolean;
  /** zlib compression of the filtered rows (default fflate, level 6; Node passes its native zlib) */
  readonly deflate?: (raw: Uint8Array) => Uint8Array;
}

/**
 * RGBA → an 8-bit RGBA (or, `opaque`, RGB) PNG, each row "Up"-filtered (the difference to the row
 * above: label art is mostly runs that repeat down the page, so it compresses well).
 */
export function encodePng(
  p: Pixels | { width: number; height: number; data: Uint8Array },
  opts: PngEncodeOptions = {},
): Uint8Array {
  const channels = opts.opaque ? 3 : 4;
  const row = p.width * channels;
  const raw = new Uint8Array((row + 1) * p.height);
  const d = p.data;
  for (let y = 0; y < p.height; y++) {
    const o = y * (row + 1);
    raw[o] = 2; // Up
    for (let x = 0; x < p.width; x++) {
      const s = (y * p.width + x) * 4;
      const t = o + 1 + x * channels;
      for (let k = 0; k < channels; k++)
        raw[t + k] = y ? (d[s + k] - d[s + k - p.width * 4]) & 255 : d[s + k];
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, p.width);
  v.setUint32(4, p.height);
  ihdr.set([8, opts.opaque ? 2 : 6, 0, 0, 0], 8);
  const deflate = opts.deflate ?? ((b: Uint8Array) => zlibSync(b, { level: 6 }));
  return concat([
    new Uint8Array(SIG),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflate(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * A 1-bit greyscale PNG of packed rows (8 pixels a byte, most significant bit first, bit 1 = black,
 * as print bitmaps are): PNG's 1-bit grey has 1 = white, so the bits are inverted. A label of
 * 800 × 1200 dots is 120 KB of rows before compression instead of 2.9 MB as RGB.
 */
export function encodePng1(b: {
  width: number;
  height: number;
  bytesPerRow: number;
  data: Uint8Array;
}): Uint8Array {
  const raw = new Uint8Array((b.bytesPerRow + 1) * b.height);
  for (let y = 0; y < b.height; y++) {
    const o = y * (b.bytesPerRow + 1);
    raw[o] = 0; // filter None
    for (let x = 0; x < b.bytesPerRow; x++) raw[o + 1 + x] = ~b.data[y * b.bytesPerRow + x] & 0xff;
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, b.width);
  v.setUint32(4, b.height);
  ihdr.set([1, 0, 0, 0, 0], 8);
  return concat([
    new Uint8Array(SIG),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibSync(raw, { level: 6 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

// A fast PNG encoder for drawn labels (Node: the CLI's image export, in raster workers). A label is
// mostly white paper with black or grey ink, so: 8-bit greyscale when every pixel is grey (a third
// of RGB's bytes), else RGB; every row filtered with Up (a row like the one above becomes zeros);
// Node's zlib with the run-length strategy, which is several times faster than the default
// strategy on such rows for a file about as small (bench/export/png.bench.ts measures the choice).
import { constants, deflateSync } from "node:zlib";
import { pngChunk as chunk } from "./pngChunk";

const SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface OpaqueImage {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel, drawn on an opaque background (alpha is ignored) */
  readonly data: Uint8Array | Uint8ClampedArray;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// one scratch buffer for the filtered rows (deflated synchronously, so never shared): a 300 dpi
// label's rows are megabytes, and allocating them per image costs more than filtering them
let scratch = new Uint8Array(0);
function rows(size: number): Uint8Array {
  if (scratch.length < size) scratch = new Uint8Array(size);
  return scratch.subarray(0, size);
}

/**
 * The rows as 8-bit grey filtered with Up, each led by its filter byte; null as soon as a pixel is
 * not grey (R = G = B). A label is mostly rows like the one above (paper, bars, the sides of
 * boxes): such a row is found by one native compare and is all zeros; in the others only the
 * pixels that differ from the one above are looked at (an equal one is grey as that one was).
 */
function greyRows(img: OpaqueImage): Uint8Array | null {
  const { width, height, data } = img;
  if (!LITTLE_ENDIAN || data.byteOffset % 4 !== 0) return null;
  const px = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const bytes = Buffer.from(data.buffer, data.byteOffset, width * height * 4);
  const row = width + 1;
  const stride = width * 4;
  const raw = rows(row * height);
  // bytes R G B A: grey when R = G and G = B
  const grey = (p: number) => ((p ^ (p >>> 8)) & 0xffff) === 0;
  raw[0] = 2; // Up (nothing above: the row itself)
  for (let x = 0; x < width; x++) {
    const p = px[x];
    if (!grey(p)) return null;
    raw[1 + x] = p;
  }
  for (let y = 1; y < height; y++) {
    const o = y * row + 1;
    raw[o - 1] = 2; // Up
    raw.fill(0, o, o + width);
    const s = y * stride;
    if (bytes.compare(bytes, s - stride, s, s, s + stride) === 0) continue;
    for (let i = y * width, end = i + width, k = o; i < end; i++, k++) {
      const p = px[i];
      const above = px[i - width];
      if (p === above) continue;
      if (!grey(p)) return null;
      raw[k] = p - above; // Up: the low byte of the difference
    }
  }
  return raw;
}

/** The rows as RGB filtered with Up, each led by its filter byte. */
function rgbRows(img: OpaqueImage): Uint8Array {
  const { width, height, data } = img;
  const row = width * 3 + 1;
  const raw = rows(row * height);
  const above = width * 4;
  for (let y = 0; y < height; y++) {
    let o = y * row;
    raw[o++] = 2; // Up
    for (let x = 0, s = y * above; x < width; x++, s += 4, o += 3) {
      if (y === 0) {
        raw[o] = data[s];
        raw[o + 1] = data[s + 1];
        raw[o + 2] = data[s + 2];
      } else {
        raw[o] = (data[s] - data[s - above]) & 255;
        raw[o + 1] = (data[s + 1] - data[s + 1 - above]) & 255;
        raw[o + 2] = (data[s + 2] - data[s + 2 - above]) & 255;
      }
    }
  }
  return raw;
}

/** The image as a PNG; `dpi` adds its pHYs chunk (print dialogs size the picture by it). */
export function encodeOpaquePng(img: OpaqueImage, opts: { dpi?: number } = {}): Uint8Array {
  const greyRaw = greyRows(img);
  const grey = greyRaw !== null;
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, img.width);
  v.setUint32(4, img.height);
  ihdr.set([8, grey ? 0 : 2, 0, 0, 0], 8);
  const idat = deflateSync(greyRaw ?? rgbRows(img), {
    level: 6,
    strategy: constants.Z_RLE,
  });
  const parts = [new Uint8Array(SIG), chunk("IHDR", ihdr)];
  if (opts.dpi) {
    const ppm = Math.round(opts.dpi / 0.0254);
    const phys = new Uint8Array(9);
    const pv = new DataView(phys.buffer);
    pv.setUint32(0, ppm);
    pv.setUint32(4, ppm);
    phys[8] = 1; // unit: metre
    parts.push(chunk("pHYs", phys));
  }
  parts.push(chunk("IDAT", new Uint8Array(idat.buffer, idat.byteOffset, idat.byteLength)));
  parts.push(chunk("IEND", new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

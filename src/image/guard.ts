// Decompression bombs (docs/security.md): every picture we decode — on the server, in the CLI, in the
// browser's document printing — is measured from its header first and refused above a pixel cap
// before anything is allocated, and PNG data is inflated in a stream that stops once it passes what
// the header says it holds (a 1×1 PNG whose data inflates to 1 GiB is refused after ~64 KiB).
import { Unzlib } from "fflate";

/** The most pixels of one picture we decode (40 MP: a 7,300 × 5,500 photo; RGBA ≈ 160 MB). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What a PNG's data may inflate to beyond the size its header implies before it is refused. */
const INFLATE_SLACK = 64 * 1024;
/** Compressed bytes handed to the inflater at once: at most ~4 MiB of output each (deflate ≤ 1032:1). */
const INFLATE_STEP = 4 * 1024;

/**
 * pdf.js options for every PDF we draw: pictures inside the PDF (JPEG, JPX, JBIG2, CCITT/TIFF-style
 * Flate images) over the cap are not decoded (the page is drawn without them), and no eval (the
 * app's Content-Security-Policy forbids it).
 */
export const PDFJS_LIMITS = { maxImageSize: MAX_IMAGE_PIXELS, isEvalSupported: false } as const;

/** The picture is larger than we open (its `reason` is for logs; the user sees a translated message). */
export class ImageTooLarge extends Error {
  constructor(reason: string) {
    super(`picture too large: ${reason}`);
    // the name survives a worker's error message (the PDF export's worker passes name and message)
    this.name = "ImageTooLarge";
  }
}

/** An error (or one rebuilt from a worker's message) that is a refused picture. */
export const isImageTooLarge = (e: unknown): boolean =>
  e instanceof ImageTooLarge || (e instanceof Error && e.name === "ImageTooLarge");

export type ImageKind = "png" | "jpeg" | "gif" | "bmp" | "webp";

export interface ImageHeader {
  readonly kind: ImageKind;
  readonly width: number;
  readonly height: number;
}

/** Width, height and components of a baseline/progressive JPEG (SOF marker), or null. */
export function jpegInfo(b: Uint8Array): { width: number; height: number; components: number } | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let p = 2;
  while (p + 9 < b.length) {
    if (b[p] !== 0xff) return null;
    const marker = b[p + 1];
    const len = (b[p + 2] << 8) | b[p + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: (b[p + 5] << 8) | b[p + 6], width: (b[p + 7] << 8) | b[p + 8], components: b[p + 9] };
    p += 2 + len;
  }
  return null;
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** The kind and size a picture's header claims (PNG, JPEG, GIF, BMP, WebP), or null when unknown. */
export function imageHeader(b: Uint8Array): ImageHeader | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === "PNG" && ascii(b, 12, 4) === "IHDR")
    return { kind: "png", width: v.getUint32(16), height: v.getUint32(20) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    const j = jpegInfo(b);
    return j && { kind: "jpeg", width: j.width, height: j.height };
  }
  if (b.length >= 10 && ascii(b, 0, 3) === "GIF")
    return { kind: "gif", width: v.getUint16(6, true), height: v.getUint16(8, true) };
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d)
    return { kind: "bmp", width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") {
    const chunk = ascii(b, 12, 4);
    if (chunk === "VP8 ")
      return { kind: "webp", width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = v.getUint32(21, true);
      return { kind: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") {
      const w = b[24] | (b[25] << 8) | (b[26] << 16);
      const h = b[27] | (b[28] << 8) | (b[29] << 16);
      return { kind: "webp", width: w + 1, height: h + 1 };
    }
  }
  return null;
}

/** Throws ImageTooLarge when `width × height` is over the cap. */
export function checkPixels(width: number, height: number): void {
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooLarge(`${width} × ${height} pixels`);
}

/**
 * The picture's header, checked against the cap before decoding: throws ImageTooLarge above it;
 * null when the header cannot be read (the decoder then refuses the picture as unreadable).
 */
export function checkImage(bytes: Uint8Array): ImageHeader | null {
  const h = imageHeader(bytes);
  if (h) checkPixels(h.width, h.height);
  return h;
}

/**
 * A zlib stream inflated in steps, refused (ImageTooLarge) as soon as its output passes `expected`
 * bytes (plus a little slack): the output never grows much beyond what the header promised.
 */
export function inflateAtMost(z: Uint8Array, expected: number): Uint8Array {
  const limit = expected + INFLATE_SLACK;
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > limit) throw new ImageTooLarge(`data inflates past ${expected} bytes`);
    parts.push(chunk);
  });
  for (let at = 0; at < z.length; at += INFLATE_STEP) {
    const end = Math.min(z.length, at + INFLATE_STEP);
    inflater.push(z.subarray(at, end), end === z.length);
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

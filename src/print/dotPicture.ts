// A label that is nothing but one black-and-white picture placed dot for dot at the printer's
// resolution (each document-printing label is one: src/docprint/labelImage.ts) is already the page's
// dots. Its bitmap is read straight from the PNG, without drawing the label as SVG and resampling it
// with resvg (which cost most of a cut label's print time). Any other label: null, the usual path.

import { concat } from "../export/pdf/writer";
import { checkPixels, ImageTooLarge, inflateAtMost } from "../image/guard";
import { isPicture } from "../model/kinds/caps";
import type { ImageElement, LabelDocument } from "../model/types";
import type { Bitmap } from "./bitmap";
import { dotsFor, mmOfDots } from "./dots";
import { pageSize } from "./pageSvg";

const PNG_URL = "data:image/png;base64,";
const SIG = [137, 80, 78, 71, 13, 10, 26, 10];
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

function pictureOnly(doc: LabelDocument): ImageElement | null {
  const a = doc.attrs;
  if (doc.elements.length !== 1 || a.columns > 1 || a.rows > 1 || a.canvasRotate) return null;
  if (a.printBackground && a.background) return null;
  if (a.paddingTop || a.paddingLeft || a.paddingBottom || a.paddingRight) return null;
  const el = doc.elements[0];
  if (!isPicture(el)) return null;
  const img = el as ImageElement;
  const plain = !img.Rotate && !img.MirrorImage && !img.CopyMirrorImage && !img.AntiMirror;
  return plain && img.StartX === 0 && img.StartY === 0 && img.imageSrc.startsWith(PNG_URL) ? img : null;
}

/**
 * A 1-bit grey PNG with unfiltered rows (what encodePng1 writes) as a bitmap, read without expanding
 * it to RGBA; null for any other PNG (the label is then drawn the usual way).
 */
function bitmapOfPng1(bytes: Uint8Array): Bitmap | null {
  if (bytes.length < 33 || SIG.some((b, i) => bytes[i] !== b)) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint32(12) !== 0x49484452) return null; // IHDR first
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  // bit depth 1, grey, deflate, no filter method, not interlaced
  if (bytes[24] !== 1 || bytes[25] !== 0 || bytes[28] !== 0 || width % 8 || !width || !height) return null;
  const idat: Uint8Array[] = [];
  for (let p = 8; p + 8 <= bytes.length; ) {
    const len = v.getUint32(p);
    const kind = v.getUint32(p + 4);
    if (kind === 0x49444154) idat.push(bytes.subarray(p + 8, p + 8 + len));
    else if (kind === 0x49454e44)
      break; // IEND
    else if (kind === 0x504c5445 || kind === 0x74524e53) return null; // PLTE, tRNS
    p += 12 + len;
  }
  checkPixels(width, height);
  const bytesPerRow = width / 8;
  let raw: Uint8Array;
  try {
    raw = inflateAtMost(idat.length === 1 ? idat[0] : concat(idat), (bytesPerRow + 1) * height);
  } catch (e) {
    if (e instanceof ImageTooLarge) throw e;
    return null;
  }
  if (raw.length < (bytesPerRow + 1) * height) return null;
  const data = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++) {
    const o = y * (bytesPerRow + 1);
    if (raw[o] !== 0) return null; // a filtered row: not one of ours
    // PNG grey 1 = white; our bitmaps: 1 = black
    for (let x = 0; x < bytesPerRow; x++) data[y * bytesPerRow + x] = ~raw[o + 1 + x] & 0xff;
  }
  return { width, height, bytesPerRow, data };
}

/** The page's dots when the label is one 1-bit picture of exactly its dots at `dpi`; otherwise null. */
export function dotForDotPicture(doc: LabelDocument, dpi: number): Bitmap | null {
  const img = pictureOnly(doc);
  if (!img) return null;
  const size = pageSize(doc);
  const bytes = Buffer.from(img.imageSrc.slice(PNG_URL.length), "base64");
  const b = bitmapOfPng1(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  if (!b || b.width !== dotsFor(size.width, dpi) || b.height !== dotsFor(size.height, dpi)) return null;
  if (!near(img.Width, mmOfDots(b.width, dpi)) || !near(img.Height, mmOfDots(b.height, dpi))) return null;
  return b;
}

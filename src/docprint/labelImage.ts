// A cut label as an image: 1-bit dots → opaque PNG (black on white), one pixel a dot, and the label
// document that prints it through the ordinary print paths (one Image element covering the label,
// sized so that each pixel is exactly one printer dot: the print path's rounding-up is already done).
import { emptyDocument } from "../model/defaults";
import { createElement } from "../model/kinds";
import type { ImageElement, LabelDocument } from "../model/types";
import type { Bitmap } from "../print/bitmap";
import { mmOfDots } from "../print/dots";
import { bitmapPng, type LabelBitmap } from "./labelPng";

/** The bitmap as RGBA pixels (black dots on white). */
export function bitmapRgba(b: Bitmap): Uint8ClampedArray {
  const out = new Uint8ClampedArray(b.width * b.height * 4).fill(255);
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++)
      if (b.data[y * b.bytesPerRow + (x >> 3)] & (0x80 >> (x & 7))) {
        const p = (y * b.width + x) * 4;
        out[p] = out[p + 1] = out[p + 2] = 0;
      }
  return out;
}

export { bitmapPng, type LabelBitmap };

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The data URL of the label's PNG. */
export function bitmapDataUrl(b: LabelBitmap): string {
  return `data:image/png;base64,${base64(bitmapPng(b))}`;
}

/** A label of `widthMm × heightMm` that is just this picture, placed dot for dot at `dpi`. */
export function imageLabel(
  b: LabelBitmap,
  dpi: number,
  size: { readonly width: number; readonly height: number },
  name: string,
): LabelDocument {
  const base = createElement("Image", [], { x: 0, y: 0 });
  const image: ImageElement = {
    ...base,
    StartX: 0,
    StartY: 0,
    Width: mmOfDots(b.width, dpi),
    Height: mmOfDots(b.height, dpi),
    imageSrc: bitmapDataUrl(b),
    imageDisplayMode: "COLORFUL",
    ISParticipating: false,
  };
  return {
    attrs: { ...emptyDocument().attrs, name, width: size.width, height: size.height },
    elements: [image],
  };
}

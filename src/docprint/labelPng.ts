// A label's 1-bit PNG (black dots on white), made once: by the worker that made the label
// (regionWork.ts) or when the label document is made (labelImage.ts).
import { encodePng1 } from "../export/pdf/png";
import type { Bitmap } from "../print/bitmap";

/** A label's bitmap, with its PNG when that was made already. */
export type LabelBitmap = Bitmap & { readonly png?: Uint8Array };

/** The bitmap as a 1-bit PNG (black dots on white). */
export function bitmapPng(b: LabelBitmap): Uint8Array {
  return b.png ?? encodePng1(b);
}

// A cut label's barcode read back (zxing-wasm): what the docprint tests check each label by.
import { bitmapRgba } from "../../../src/docprint/labelImage";
import type { Bitmap } from "../../../src/print/bitmap";
import { decode } from "../../codes/support/zxing";

/** The text of the Code 128 barcode on a label's dots, or undefined when none scans. */
export async function scanCode128(label: Bitmap): Promise<string | undefined> {
  const [r] = await decode(
    { data: bitmapRgba(label), width: label.width, height: label.height },
    { formats: ["Code128"] },
  );
  return r?.text;
}

// A ZPL graphic as an image element: its dots as a 1-bit PNG, sized dot for dot.
import { encodePng1 } from "../export/pdf/png";
import type { ImageElement } from "../model/types";
import type { DotBitmap } from "./graphic";

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** `base` (a new image element) showing the bitmap, `mmPerDot` the size of one dot on the label. */
export function imageElement(base: ImageElement, bitmap: DotBitmap, mmPerDot: number): ImageElement {
  return {
    ...base,
    imageSrc: `data:image/png;base64,${base64(encodePng1(bitmap))}`,
    imageDisplayMode: "BLACKWHITE",
    Width: bitmap.width * mmPerDot,
    Height: bitmap.height * mmPerDot,
  };
}

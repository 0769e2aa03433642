// A label that is nothing but one black-and-white picture placed dot for dot at the printer's
// resolution (each document-printing label is one: src/docprint/labelImage.ts) is already the page's
// dots. Its bitmap is read straight from the PNG, without drawing the label as SVG and resampling it
// with resvg (which cost most of a cut label's print time). Any other label: null, the usual path.
import { decodePng } from "../export/pdf/png";
import type { ImageElement, LabelDocument } from "../model/types";
import { type Bitmap, thresholdRgba } from "./bitmap";
import { dotsFor, mmOfDots } from "./dots";
import { pageSize } from "./pageSvg";

const PNG_URL = "data:image/png;base64,";
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

function pictureOnly(doc: LabelDocument): ImageElement | null {
  const a = doc.attrs;
  if (doc.elements.length !== 1 || a.columns > 1 || a.rows > 1 || a.canvasRotate) return null;
  if (a.printBackground && a.background) return null;
  if (a.paddingTop || a.paddingLeft || a.paddingBottom || a.paddingRight) return null;
  const el = doc.elements[0];
  if (el.Type !== "Image") return null;
  const img = el as ImageElement;
  const plain = !img.Rotate && !img.MirrorImage && !img.CopyMirrorImage && !img.AntiMirror;
  return plain && img.StartX === 0 && img.StartY === 0 && img.imageSrc.startsWith(PNG_URL) ? img : null;
}

/** The page's dots when the label is one picture of exactly its dots at `dpi`; otherwise null. */
export function dotForDotPicture(doc: LabelDocument, dpi: number, threshold = 128): Bitmap | null {
  const img = pictureOnly(doc);
  if (!img) return null;
  const size = pageSize(doc);
  const bytes = Buffer.from(img.imageSrc.slice(PNG_URL.length), "base64");
  const px = decodePng(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  if (!px || px.width !== dotsFor(size.width, dpi) || px.height !== dotsFor(size.height, dpi)) return null;
  if (!near(img.Width, mmOfDots(px.width, dpi)) || !near(img.Height, mmOfDots(px.height, dpi))) return null;
  // a picture with greys (not one of ours) is drawn the usual way, so it prints the same as before
  for (let i = 0; i < px.data.length; i += 4) {
    const v = px.data[i];
    if ((v !== 0 && v !== 255) || px.data[i + 1] !== v || px.data[i + 2] !== v || px.data[i + 3] !== 255)
      return null;
  }
  return thresholdRgba(px.data, px.width, px.height, threshold);
}

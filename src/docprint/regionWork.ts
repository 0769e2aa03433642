// The work on one drawn rectangle of a page, the same on any thread (regionWorker.ts runs it off the
// page's thread): its grey, its ink box, the label made from it, or (a whole page's small picture) the
// labels auto crop finds on it. Drawing stays where the canvas is;
// what comes after reading the pixels back is done here.
import { findLabelsCoarse, inkBox } from "./autocrop";
import { type ComposeOptions, composeLabel } from "./compose";
import { type GrayImage, grayFromRgba, type PixelBox, rgbaPixels } from "./image";
import { bitmapPng, type LabelBitmap } from "./labelPng";

/** A drawing as a canvas gives it (RGBA, 4 bytes a pixel) or already grey (1 byte a pixel). */
export interface Drawing {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

export interface RegionJob {
  readonly drawing: Drawing;
  /** trim to the ink, grey below this; without it the whole drawing is the label's box */
  readonly ink?: number;
  /** make the label from the box */
  readonly compose?: ComposeOptions;
  /** the drawing is a whole page at this dpi: find its labels (auto crop's small picture) */
  readonly find?: number;
}

export interface RegionDone {
  /** the box (pixels of the drawing); null: no ink */
  readonly ink: PixelBox | null;
  /** the drawing's size */
  readonly width: number;
  readonly height: number;
  /** the drawing's grey, unless a label was made of it (then its buffer serves the next drawing) */
  readonly gray?: GrayImage;
  /** the label and its PNG, when asked */
  readonly label?: LabelBitmap;
  /** the labels found on a whole page, when asked (pixels of the drawing) */
  readonly boxes?: PixelBox[];
}

/** a grey that was not handed out, written over by the next drawing's (grayFromRgba's `reuse`) */
let spare: Uint8Array | undefined;

/** The drawing's grey (as it is when it already is). */
function drawingGray(d: Drawing, reuse?: Uint8Array): GrayImage {
  if (d.data.length === d.width * d.height)
    return { width: d.width, height: d.height, data: d.data as Uint8Array };
  return grayFromRgba(d.data, d.width, d.height, reuse);
}

export function regionWork(job: RegionJob): RegionDone {
  const d = job.drawing;
  const { width, height } = d;
  const keep = !job.compose;
  // a threshold label from RGBA is trimmed and packed reading each pixel as grey: no grey image
  const direct =
    job.compose && job.compose.tone !== "dither" && job.find === undefined && d.data.length !== width * height
      ? rgbaPixels(d.data, width, height)
      : null;
  const image = direct ?? drawingGray(d, keep ? undefined : spare);
  const whole = { x: 0, y: 0, w: width, h: height };
  const ink = job.ink === undefined ? whole : inkBox(image, whole, job.ink);
  const dots = ink && job.compose ? composeLabel(image, ink, job.compose) : undefined;
  const label = dots && { ...dots, png: bitmapPng(dots) };
  if ("words" in image) return { ink, width, height, label };
  const boxes = job.find === undefined ? undefined : findLabelsCoarse(image, { dpi: job.find });
  if (keep) return { ink, width, height, gray: image, boxes };
  if (image.data.buffer !== d.data.buffer) spare = image.data;
  return { ink, width, height, label, boxes };
}

// The BLACKWHITE display mode of images: what a thermal printer will print, i.e. every pixel black
// or white at the image's threshold (127 by default). Computed in the browser (canvas) while
// preparing a render and kept by source, so `renderLabel` stays synchronous; where no canvas exists
// (Node) the colour image is shown and the printer raster thresholds it anyway.
import { IMAGE_THRESHOLD } from "../model/constants";

/** In place: RGBA pixels → pure black/white by luminance; transparent pixels become white. */
export function thresholdPixels(data: Uint8ClampedArray, threshold = IMAGE_THRESHOLD): void {
  for (let i = 0; i < data.length; i += 4) {
    const lum = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    const v = data[i + 3] < 128 || lum > threshold ? 255 : 0;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
}

const MAX_ENTRIES = 64;
const done = new Map<string, string>();
const pending = new Map<string, Promise<string | null>>();

const keyOf = (src: string, threshold: number) => `${threshold}|${src}`;

/** The black/white version of an image prepared earlier, if any. */
export function thresholdedImage(src: string, threshold = IMAGE_THRESHOLD): string | undefined {
  return done.get(keyOf(src, threshold));
}

function canvasFor(w: number, h: number): HTMLCanvasElement | null {
  if (typeof document === "undefined") return null;
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  return c;
}

/** Compute (once per source and threshold) the black/white PNG data URI; null without a canvas. */
export function prepareThreshold(src: string, threshold = IMAGE_THRESHOLD): Promise<string | null> {
  const key = keyOf(src, threshold);
  const hit = done.get(key);
  if (hit) return Promise.resolve(hit);
  let p = pending.get(key);
  if (p) return p;
  p = (async () => {
    if (typeof createImageBitmap === "undefined") return null;
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const canvas = canvasFor(bitmap.width, bitmap.height);
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return null;
    ctx.drawImage(bitmap, 0, 0);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    thresholdPixels(img.data, threshold);
    ctx.putImageData(img, 0, 0);
    const url = canvas.toDataURL("image/png");
    if (done.size >= MAX_ENTRIES) done.delete(done.keys().next().value as string);
    done.set(key, url);
    return url;
  })()
    .catch(() => null)
    .finally(() => pending.delete(key));
  pending.set(key, p);
  return p;
}

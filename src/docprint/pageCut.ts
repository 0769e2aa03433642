// Cutting a page without drawing all of it at full resolution (issue 20's throughput): auto crop finds
// the labels on a small picture of the page (FIND_DPI, a sixteenth of the pixels), then each label's
// box is drawn alone at the printer's resolution and trimmed to its ink there; that drawing is also
// what the label is made from. Printing boxes already settled draws each box alone as well. Paper
// around and between the labels is never drawn at full resolution, nor turned grey.

import type { Bitmap } from "../print/bitmap";
import { findLabelsCoarse, inkBox } from "./autocrop";
import { type ComposeOptions, composeLabel } from "./compose";
import type { GrayImage, PixelBox } from "./image";
import { CUT_DPI } from "./limits";
import { boxOnPage, type FracBox } from "./split";

/** The resolution auto crop reads a page at: a quarter of the cut resolution, about 50 dpi. */
export const FIND_DPI = CUT_DPI / 4;

/** A document's pages as grey at any resolution. */
export interface PageSource {
  /** page `n` (1-based) at `dpi`, pixels (the size of `gray(n, dpi)`) */
  size(n: number, dpi: number): Promise<{ readonly width: number; readonly height: number }>;
  /** page `n` at `dpi` as grey; with `region` (pixels of the page at that dpi) only that rectangle */
  gray(n: number, dpi: number, region?: PixelBox): Promise<GrayImage>;
}

/** A label found on a page, with the drawing it was trimmed on. */
export interface FoundLabel {
  /** the label, page pixels at the cut's dpi */
  readonly box: PixelBox;
  /** the rectangle of the page that was drawn (page pixels), holding the box */
  readonly region: PixelBox;
  /** that rectangle's grey */
  readonly image: GrayImage;
}

/** grey below this is ink (as findLabels) */
const INK = 160;
/** a box whose ink reaches the edge of its drawing is drawn again this many small pixels larger there */
const GROW = 4;

/**
 * Auto crop of page `n`: the label boxes in reading order, found on its picture at FIND_DPI (`small`,
 * drawn here when not given) and trimmed to their ink on drawings of just those boxes at `dpi`.
 */
export async function findPageLabels(
  pages: PageSource,
  n: number,
  dpi: number,
  small?: GrayImage,
): Promise<{ readonly width: number; readonly height: number; readonly labels: FoundLabel[] }> {
  const picture = small ?? (await pages.gray(n, FIND_DPI));
  const { width, height } = await pages.size(n, dpi);
  const kx = width / picture.width;
  const ky = height / picture.height;
  const labels: FoundLabel[] = [];
  for (const c of findLabelsCoarse(picture, { dpi: FIND_DPI })) {
    let x0 = Math.max(0, Math.floor(c.x * kx));
    let y0 = Math.max(0, Math.floor(c.y * ky));
    let x1 = Math.min(width, Math.ceil((c.x + c.w) * kx));
    let y1 = Math.min(height, Math.ceil((c.y + c.h) * ky));
    for (let tries = 0; ; tries++) {
      const region = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
      const image = await pages.gray(n, dpi, region);
      const ink = inkBox(image, { x: 0, y: 0, w: image.width, h: image.height }, INK);
      if (!ink) break;
      // ink touching an inner edge of the drawing may go on past it (the small picture is coarse)
      const grow = {
        left: ink.x === 0 && x0 > 0,
        top: ink.y === 0 && y0 > 0,
        right: ink.x + ink.w === image.width && x1 < width,
        bottom: ink.y + ink.h === image.height && y1 < height,
      };
      if (tries >= 3 || !(grow.left || grow.top || grow.right || grow.bottom)) {
        labels.push({ box: { ...ink, x: ink.x + x0, y: ink.y + y0 }, region, image });
        break;
      }
      if (grow.left) x0 = Math.max(0, x0 - Math.ceil(GROW * kx));
      if (grow.top) y0 = Math.max(0, y0 - Math.ceil(GROW * ky));
      if (grow.right) x1 = Math.min(width, x1 + Math.ceil(GROW * kx));
      if (grow.bottom) y1 = Math.min(height, y1 + Math.ceil(GROW * ky));
    }
  }
  return { width, height, labels };
}

/** A found label at the printer's dots, made from the drawing it was found on (the cut's dpi). */
export function foundLabel(found: FoundLabel, o: ComposeOptions): Bitmap {
  const { box, region } = found;
  return composeLabel(found.image, { ...box, x: box.x - region.x, y: box.y - region.y }, o);
}

/** The labels of page `n` from settled boxes, each box drawn alone at `o.dpi` (`o.pageDpi` the same). */
export async function* drawnLabels(
  pages: PageSource,
  n: number,
  boxes: readonly FracBox[],
  o: ComposeOptions,
): AsyncGenerator<Bitmap> {
  if (!boxes.length) return;
  const { width, height } = await pages.size(n, o.dpi);
  for (const b of boxes) {
    const box = boxOnPage(b, width, height);
    const image = await pages.gray(n, o.dpi, box);
    yield composeLabel(image, { x: 0, y: 0, w: image.width, h: image.height }, { ...o, pageDpi: o.dpi });
  }
}

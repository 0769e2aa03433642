// Cutting a page without drawing all of it at full resolution (issue 20's throughput): auto crop finds
// the labels on a small picture of the page (FIND_DPI, a sixteenth of the pixels), then each label's
// box is drawn alone at the printer's resolution and trimmed to its ink there; that drawing is also
// what the label is made from. Printing boxes already settled draws each box alone as well. Paper
// around and between the labels is never drawn at full resolution, nor turned grey.

import type { Bitmap } from "../print/bitmap";
import { type ComposeOptions, composeLabel } from "./compose";
import type { GrayImage, PixelBox } from "./image";
import type { LabelBitmap } from "./labelPng";
import { CUT_DPI } from "./limits";
import { type RegionRunner, regionsHere } from "./regionClient";
import type { Drawing } from "./regionWork";
import { boxOnPage, type FracBox } from "./split";

/** The resolution auto crop reads a page at: a quarter of the cut resolution, about 50 dpi. */
export const FIND_DPI = CUT_DPI / 4;

/** A document's pages as grey at any resolution. */
export interface PageSource {
  /** page `n` (1-based) at `dpi`, pixels (the size of `gray(n, dpi)`) */
  size(n: number, dpi: number): Promise<{ readonly width: number; readonly height: number }>;
  /** page `n` at `dpi` as grey; with `region` (pixels of the page at that dpi) only that rectangle */
  gray(n: number, dpi: number, region?: PixelBox): Promise<GrayImage>;
  /** the same drawing as the canvas holds it (RGBA), not yet grey: region work turns it grey where it
   * runs (sources that only have grey leave this out) */
  drawing?(n: number, dpi: number, region?: PixelBox): Promise<Drawing>;
}

/** Where the drawings are turned grey, trimmed and made labels (regionClient.ts; default this thread),
 * and the label to make of each box (none: boxes only). */
export interface CutOptions {
  readonly run?: RegionRunner;
  readonly compose?: ComposeOptions;
}

const drawn = (pages: PageSource, n: number, dpi: number, region: PixelBox) =>
  pages.drawing ? pages.drawing(n, dpi, region) : pages.gray(n, dpi, region);
const drawnWhole = (pages: PageSource, n: number, dpi: number) =>
  pages.drawing ? pages.drawing(n, dpi) : pages.gray(n, dpi);

/** A label found on a page, with the drawing it was trimmed on. */
export interface FoundLabel {
  /** the label, page pixels at the cut's dpi */
  readonly box: PixelBox;
  /** the rectangle of the page that was drawn (page pixels), holding the box */
  readonly region: PixelBox;
  /** that rectangle's grey (not kept when the label was made with it) */
  readonly image?: GrayImage;
  /** the label made from it, when findPageLabels was given compose options (the same as foundLabel) */
  readonly label?: LabelBitmap;
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
  o: CutOptions = {},
): Promise<{ readonly width: number; readonly height: number; readonly labels: FoundLabel[] }> {
  const run = o.run ?? regionsHere;
  const picture = small ?? (await drawnWhole(pages, n, FIND_DPI));
  const { width, height } = await pages.size(n, dpi);
  const kx = width / picture.width;
  const ky = height / picture.height;
  const trimmed = async (c: PixelBox): Promise<FoundLabel | null> => {
    let x0 = Math.max(0, Math.floor(c.x * kx));
    let y0 = Math.max(0, Math.floor(c.y * ky));
    let x1 = Math.min(width, Math.ceil((c.x + c.w) * kx));
    let y1 = Math.min(height, Math.ceil((c.y + c.h) * ky));
    for (let tries = 0; ; tries++) {
      const region = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
      const drawing = await drawn(pages, n, dpi, region);
      const done = await run({ drawing, ink: INK, compose: o.compose });
      const { ink, gray: image, label } = done;
      if (!ink) return null;
      // ink touching an inner edge of the drawing may go on past it (the small picture is coarse)
      const grow = {
        left: ink.x === 0 && x0 > 0,
        top: ink.y === 0 && y0 > 0,
        right: ink.x + ink.w === done.width && x1 < width,
        bottom: ink.y + ink.h === done.height && y1 < height,
      };
      if (tries >= 3 || !(grow.left || grow.top || grow.right || grow.bottom))
        return { box: { ...ink, x: ink.x + x0, y: ink.y + y0 }, region, image, label };
      if (grow.left) x0 = Math.max(0, x0 - Math.ceil(GROW * kx));
      if (grow.top) y0 = Math.max(0, y0 - Math.ceil(GROW * ky));
      if (grow.right) x1 = Math.min(width, x1 + Math.ceil(GROW * kx));
      if (grow.bottom) y1 = Math.min(height, y1 + Math.ceil(GROW * ky));
    }
  };
  const { boxes = [] } = await run({ drawing: picture, find: FIND_DPI });
  // every box drawn at once: on a worker, the next box is drawn while the last one is trimmed
  const found = await Promise.all(settling(boxes.map(trimmed)));
  return { width, height, labels: found.filter((l): l is FoundLabel => l !== null) };
}

/** Promises whose failure is reported where they are awaited, never left unhandled (a consumer that
 * stops at the first failure leaves the others). */
function settling<T>(all: Promise<T>[]): Promise<T>[] {
  for (const p of all) p.catch(() => undefined);
  return all;
}

/**
 * Work on a run of items started one item ahead of what is handed out: while this page's results are
 * awaited and go out, the next page is already being drawn (and its drawings worked on elsewhere).
 * `start` begins an item's work as promises, handed out in order.
 */
export async function* oneAhead<P, T>(
  items: Iterable<P>,
  start: (item: P) => Promise<T>[],
): AsyncGenerator<T> {
  const it = items[Symbol.iterator]();
  const begin = () => {
    const r = it.next();
    return r.done ? null : settling(start(r.value));
  };
  let current = begin();
  while (current) {
    const next = begin();
    for (const p of current) yield await p;
    current = next;
  }
}

/** A found label at the printer's dots, made from the drawing it was found on (the cut's dpi). */
export function foundLabel(found: FoundLabel, o: ComposeOptions): Bitmap {
  const { box, region } = found;
  if (!found.image) throw new Error("the label's drawing was not kept");
  return composeLabel(found.image, { ...box, x: box.x - region.x, y: box.y - region.y }, o);
}

/** The labels of page `n` from settled boxes, each box drawn alone at `o.dpi` (`o.pageDpi` the same). */
export function drawnLabels(
  pages: PageSource,
  n: number,
  boxes: readonly FracBox[],
  o: ComposeOptions,
  run?: RegionRunner,
): AsyncGenerator<Bitmap> {
  return printedLabels(pages, [{ n, boxes }], o, run);
}

/** The labels of pages with settled boxes, page after page, the next page drawn while this one's
 * labels go out (each box drawn alone at `o.dpi`, made a label where `run` runs; default this thread). */
export function printedLabels(
  pages: PageSource,
  cut: Iterable<{ readonly n: number; readonly boxes: readonly FracBox[] }>,
  o: ComposeOptions,
  run: RegionRunner = regionsHere,
): AsyncGenerator<Bitmap> {
  const compose = { ...o, pageDpi: o.dpi };
  return oneAhead(cut, ({ n, boxes }) => {
    if (!boxes.length) return [];
    const size = pages.size(n, o.dpi);
    return boxes.map(async (b) => {
      const { width, height } = await size;
      const drawing = await drawn(pages, n, o.dpi, boxOnPage(b, width, height));
      const { label } = await run({ drawing, compose });
      if (!label) throw new Error("no label made");
      return label;
    });
  });
}

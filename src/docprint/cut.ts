// The three ways of cutting a page into labels, as boxes in fractions of the page (so a preview drawn
// at any size can show and move them): auto crop, the member's custom box (the same on every page)
// and the member's rows × columns split. And the labels of a page once its boxes are settled.
import type { Bitmap } from "../print/bitmap";
import { findLabels } from "./autocrop";
import { type ComposeOptions, composeLabel } from "./compose";
import type { GrayImage } from "./image";
import { CUT_DPI } from "./limits";
import { findPageLabels, type PageSource } from "./pageCut";
import type { RegionRunner } from "./regionClient";
import { boxOnPage, type FracBox, fracOf, splitGrid } from "./split";

export type CutMode =
  | { readonly kind: "auto" }
  | { readonly kind: "custom"; readonly box: FracBox }
  | { readonly kind: "split"; readonly rows: number; readonly columns: number };

/** Cutting other than auto crop is for members (application.md §6). */
export const isMemberCut = (m: CutMode) => m.kind !== "auto";

/** The label boxes of one page (reading order). */
export function cutPage(page: GrayImage, mode: CutMode, dpi: number): FracBox[] {
  const frac = (b: { x: number; y: number; w: number; h: number }) => fracOf(b, page.width, page.height);
  if (mode.kind === "custom") return [mode.box];
  if (mode.kind === "split") return splitGrid(page, mode.rows, mode.columns).map(frac);
  return findLabels(page, { dpi }).map(frac);
}

/**
 * The label boxes of page `n` of a document (reading order): auto crop from `small`, the page at
 * FIND_DPI, and drawings of just its labels (pageCut.ts; their work where `run` runs); a custom box
 * without drawing anything; a split from the whole page at CUT_DPI.
 */
export async function cutDocPage(
  pages: PageSource,
  n: number,
  mode: CutMode,
  small: GrayImage,
  run?: RegionRunner,
): Promise<FracBox[]> {
  if (mode.kind === "custom") return [mode.box];
  if (mode.kind === "split") return cutPage(await pages.gray(n, CUT_DPI), mode, CUT_DPI);
  const found = await findPageLabels(pages, n, CUT_DPI, small, { run });
  return found.labels.map((l) => fracOf(l.box, found.width, found.height));
}

/** The page's labels at the printer's dots, one per box. */
export function* pageLabels(
  page: GrayImage,
  boxes: readonly FracBox[],
  o: ComposeOptions,
): Generator<Bitmap> {
  for (const b of boxes) yield composeLabel(page, boxOnPage(b, page.width, page.height), o);
}

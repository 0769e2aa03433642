// Helpers of the save and export specs: adding elements, the save menu, toasts, the route's label
// attributes, a fresh label (no drafts), opening a label file, and pixels / barcodes of images.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { pixelsOf as chromiumPixels } from "../../src/export/node/chromium";
import { serializeTprts } from "../../src/model/file";
import type { LabelDocument } from "../../src/model/types";
import { decode } from "../../tests/codes/support/zxing";
import { type Pixels, unmatchedInk } from "../../tests/export/support/ink";
import { gotoEditor, waitForCount } from "../editor/helpers";
import { addFromPalette, appUrl, screenshot } from "../support";

export { type Pixels, unmatchedInk };

/** Adds an element by double-click (the shape flyout opened first for a rectangle). */
export async function addElement(page: Page, kind: string): Promise<void> {
  if (kind === "Rectangle")
    await page
      .getByTestId("palette-shape")
      .click({ timeout: 10_000 })
      .catch(async (e) => {
        await screenshot(page, "export-failed-palette-shape");
        throw e;
      });
  await addFromPalette(page, kind).catch(async (e) => {
    await screenshot(page, `export-failed-palette-${kind}`);
    throw e;
  });
}

/** Picks an entry of the top bar's save dropdown. */
export async function menu(page: Page, item: string): Promise<void> {
  await page.getByTestId("save-menu").click();
  await page.getByTestId(`save-${item}`).click();
}

export const toast = (page: Page, text: string) =>
  page.locator(".toast", { hasText: text }).first().waitFor();

export function labelAttr(page: Page): Record<string, unknown> {
  return JSON.parse(new URL(page.url()).searchParams.get("labelAttr") ?? "{}");
}

export const clearDrafts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const r = indexedDB.deleteDatabase("inkless-drafts");
        r.onsuccess = r.onerror = r.onblocked = () => resolve(null);
      }),
  );

/** Waits until the editor has opened its label: the cloud file, then the check for a draft of it. */
export const labelOpened = (page: Page) =>
  page.locator('[data-testid="editor"][aria-busy="false"]').waitFor();

/** Whether the editor offers to restore a draft, once it has opened its label. */
export async function offersDraft(page: Page): Promise<boolean> {
  await labelOpened(page);
  return page.getByTestId("draft-dialog").isVisible();
}

/**
 * A new, empty label; drafts of earlier labels would be offered back, so the store is cleared,
 * from a page without an editor (whose pending draft write could land after the clearing).
 */
export async function newLabel(page: Page, baseUrl: string): Promise<void> {
  await page.goto(appUrl(baseUrl, "/index"));
  await clearDrafts(page);
  await gotoEditor(
    page,
    baseUrl,
    `?labelStatus=add&labelAttr=${encodeURIComponent(JSON.stringify({ name: `L${Date.now()}` }))}`,
  );
}

/** Opens `doc` as a local .tprts through the menu's file input and waits for its elements. */
export async function openDoc(page: Page, dir: string, doc: LabelDocument, name: string): Promise<void> {
  const file = join(dir, `${name}.tprts`);
  writeFileSync(file, serializeTprts(doc));
  await page.getByTestId("open-file-input").setInputFiles(file);
  await waitForCount(page, doc.elements.length);
}

/** Decodes an image file in the page (Chromium's decoder) into RGBA pixels, over white paper. */
export const pixelsOf = (page: Page, bytes: Uint8Array, type = "image/png"): Promise<Pixels> =>
  chromiumPixels(page, bytes, type, true);

/**
 * Widths of the alternating dark and light runs of row `y`, from the first dark pixel to the last
 * (a 1D code's bars and spaces when the row crosses them).
 */
export function darkRuns(p: Pixels, y: number): number[] {
  const dark = (x: number) => p.data[(y * p.width + x) * 4] < 128;
  let x0 = 0;
  while (x0 < p.width && !dark(x0)) x0++;
  let x1 = p.width - 1;
  while (x1 > x0 && !dark(x1)) x1--;
  const runs: number[] = [];
  let run = 0;
  for (let x = x0; x <= x1; x++) {
    if (x > x0 && dark(x) !== dark(x - 1)) {
      runs.push(run);
      run = 0;
    }
    run++;
  }
  if (run > 0) runs.push(run);
  return runs;
}

/** The texts of every barcode / 2D code zxing finds in an image (pixels or a PNG file). */
export async function decodedTexts(input: Pixels | Uint8Array): Promise<string[]> {
  const found = await decode(input as never, { maxNumberOfSymbols: 8 });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

// Helpers of the code specs: reading the code panel, waiting for a code to be drawn on the canvas,
// and decoding what the canvas shows (element screenshot → zxing-wasm, as tests/codes does).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { ReaderOptions } from "zxing-wasm/reader";
import { decode } from "../../tests/codes/support/zxing";
import { canvasRect, renderedIds } from "../editor/helpers";
import { addFromPalette, SCREEN_DIR, screenshot } from "../support";

export const codeNode = (page: Page, id: string) => page.locator(`.ink-label g[data-id="${id}"]`);

/** Clicks empty canvas (outside the paper) so no selection box or handle covers the codes. */
export async function deselect(page: Page): Promise<void> {
  const c = await canvasRect(page);
  await page.mouse.click(c.x + 12, c.y + 12);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length === 0);
  await page.mouse.move(c.x + 4, c.y + 4);
}

/** Clicks a rendered element and waits until the attribute panel shows its code fields. */
export async function selectCode(page: Page, id: string): Promise<void> {
  const r = await codeNode(page, id).boundingBox();
  if (!r) throw new Error(`${id} not rendered`);
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await page.waitForFunction(
    (want) => !!document.querySelector(`[data-testid="selection-box"][data-for="${want}"]`),
    id,
  );
  await page.getByTestId("panel-code-type").waitFor();
}

/** Waits until the element is drawn as a code (a path, no placeholder). */
export async function waitForCode(page: Page, id: string): Promise<void> {
  await page.waitForFunction((want) => {
    const g = document.querySelector(`.ink-label g[data-id="${want}"]`);
    return !!g && !!g.querySelector("path") && !g.querySelector("[data-code-error]");
  }, id);
}

/** Waits until the element is drawn as the placeholder of a failed code with this error key. */
export async function waitForPlaceholder(page: Page, id: string, key: string): Promise<void> {
  await codeNode(page, id).locator(`[data-code-error="${key}"]`).first().waitFor({ state: "attached" });
}

/** Screenshot of one element with a white margin around it (the paper), saved for looking at. */
export async function shootElement(page: Page, id: string, name: string): Promise<Uint8Array> {
  const r = await codeNode(page, id).boundingBox();
  if (!r) throw new Error(`${id} not rendered`);
  const pad = 6;
  const png = await page.screenshot({
    clip: { x: r.x - pad, y: r.y - pad, width: r.width + 2 * pad, height: r.height + 2 * pad },
    type: "png",
  });
  mkdirSync(SCREEN_DIR, { recursive: true });
  writeFileSync(join(SCREEN_DIR, `${name}.png`), png);
  return new Uint8Array(png);
}

/**
 * Decodes the code the canvas shows for an element; retried until it reads `expected` (the drawing
 * may still be catching up with the last edit) or the time is up. Returns the last text read.
 */
export async function readFromCanvas(
  page: Page,
  id: string,
  expected: string,
  options: ReaderOptions,
  name: string,
): Promise<string> {
  let last = "";
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const [r] = await decode(await shootElement(page, id, name), options);
    last = r?.text ?? "";
    if (last === expected) break;
    // poll interval while the canvas catches up
    await page.waitForTimeout(200);
  }
  return last;
}

/** The values an element's select offers. */
export function optionValues(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((s) => [...(s as HTMLSelectElement).options].map((o) => o.value));
}

/** Waits until a toast with this text is shown. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator(".toast-text", { hasText: text }).first().waitFor();
}

/**
 * Adds a code by double-clicking its palette entry (placed at the canvas centre), then moves it to
 * (x, y) mm with the panel's position fields, so several codes never overlap.
 */
export async function addCode(page: Page, kind: "Barcode" | "QRcode", x: number, y: number): Promise<string> {
  const before = await renderedIds(page);
  await addFromPalette(page, kind).catch(async (e) => {
    await screenshot(page, `codes-add-failed-${kind}`);
    throw e;
  });
  const id = (await renderedIds(page)).find((i) => !before.includes(i));
  if (!id) throw new Error("no new element");
  for (const [field, v] of [
    ["panel-x", x],
    ["panel-y", y],
  ] as const) {
    await page.getByTestId(field).fill(String(v));
    await page.getByTestId(field).press("Enter");
  }
  // leave the field: a focused panel field commits its text again on blur, which a later click on
  // another element can turn into a move of that element
  await page.getByTestId("panel-y").blur();
  await page.waitForFunction(
    ([want, tx]) =>
      document.querySelector(`.ink-label g[data-id="${want}"]`)?.getAttribute("transform")?.startsWith(tx),
    [id, `translate(${x} ${y}`] as const,
  );
  return id;
}

// Helpers for the editor specs: a logged-in page on /editLabel, canvas geometry, element boxes.
import type { Page } from "playwright-core";
import { gotoEditor, openEditor, waitForEditor } from "../support";

// the editor's start lives with the rest of the e2e support (openSignedInEditor)
export { gotoEditor, openEditor, waitForEditor };

/** Ids of the label's elements in z-order, as rendered. */
export function renderedIds(page: Page): Promise<string[]> {
  return page.$$eval(".ink-label g[data-id]", (gs) =>
    gs.map((g) => g.getAttribute("data-id") ?? "").filter((id) => !id.endsWith("_mirror")),
  );
}

/** Client rectangle of the canvas viewport. */
export async function canvasRect(page: Page) {
  const box = await page.getByTestId("canvas").boundingBox();
  if (!box) throw new Error("no canvas");
  return box;
}

/** Client rectangle of a rendered element (its g[data-id]). */
export async function elementRect(page: Page, id: string) {
  const box = await page.locator(`.ink-label g[data-id="${id}"]`).boundingBox();
  if (!box) throw new Error(`element ${id} not rendered`);
  return box;
}

/** Client rectangle of the white label paper. */
export async function paperRect(page: Page) {
  const box = await page.locator(".ink-label-paper").boundingBox();
  if (!box) throw new Error("no paper");
  return box;
}

/** Waits until the number of rendered elements is n. */
export async function waitForCount(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelectorAll(".ink-label g[data-id]:not([data-id$='_mirror'])").length === want,
    n,
  );
}

/** The ids currently selected (selection boxes in the overlay). */
export function selectedIds(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="selection-box"]', (rs) =>
    rs.map((r) => r.getAttribute("data-for") ?? ""),
  );
}

/** Drags a palette entry onto the canvas at client point (x, y), holding longer than a click. */
export async function dragFromPalette(page: Page, testId: string, x: number, y: number): Promise<void> {
  const entry = page.getByTestId(testId);
  await entry.scrollIntoViewIfNeeded();
  const src = await entry.boundingBox();
  if (!src) throw new Error(`no ${testId}`);
  await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
  await page.mouse.down();
  await page.mouse.move(src.x + src.width / 2 + 20, src.y + src.height / 2, { steps: 4 });
  await page.mouse.move(x, y, { steps: 10 });
  // a press shorter than 300 ms is a click (spec §2): wait until the press has lasted long enough
  await page.waitForTimeout(350);
  await page.mouse.up();
}

/** Centre of a rectangle. */
export const centre = (r: { x: number; y: number; width: number; height: number }) => ({
  x: r.x + r.width / 2,
  y: r.y + r.height / 2,
});

/** Selection box (model box on screen) of a selected element. */
export async function selectionBox(page: Page, id: string) {
  const box = await page.locator(`[data-testid="selection-box"][data-for="${id}"]`).boundingBox();
  if (!box) throw new Error(`${id} is not selected`);
  return box;
}

/** Adds a kind by dragging it from the palette to a point given as fractions of the label paper. */
export async function addAt(page: Page, kind: string, fx: number, fy: number): Promise<string> {
  const before = await renderedIds(page);
  const paper = await paperRect(page);
  if (!(await page.getByTestId(`palette-${kind}`).isVisible()))
    await page.getByTestId("palette-shape").click();
  await dragFromPalette(page, `palette-${kind}`, paper.x + paper.width * fx, paper.y + paper.height * fy);
  await waitForCount(page, before.length + 1);
  const after = await renderedIds(page);
  const id = after.find((x) => !before.includes(x));
  if (!id) throw new Error("no new element");
  return id;
}

/** Presses at a point, moves in steps to another, and releases (a drag on the canvas). */
export async function dragPath(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  hold?: () => Promise<void>,
) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 2, from.y + (to.y - from.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  if (hold) await hold();
  await page.mouse.up();
}

/** The text of the toasts currently shown. */
export function toasts(page: Page): Promise<string[]> {
  return page.$$eval(".toast-text", (ns) => ns.map((n) => n.textContent ?? ""));
}

/**
 * A client point that hits a rendered element: the middle of its box, or a point on the outline of
 * an unfilled shape (whose empty inside lets the pointer through to what lies below, issue #34).
 */
export async function hitPoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate((id) => {
    const g = document.querySelector(`.ink-label g[data-id="${CSS.escape(id)}"]`);
    if (!g) return null;
    const only = g.children.length === 1 ? g.children[0] : null;
    if (only instanceof SVGGeometryElement && only.getAttribute("fill") === "none") {
      // of points round the outline, the one farthest from the handles shown (a press on a handle
      // is a resize, not a press on the shape) and from where this shape's own handles appear once
      // it is selected (its box's corners and mid-edges), so the point stays good after a first
      // click; how near they come depends on the shape's size and the zoom, so no fixed fraction
      // of the way round is safe
      const m = only.getScreenCTM();
      if (m) {
        const box = g.getBoundingClientRect();
        const own = [0, 0.5, 1].flatMap((fx) =>
          [0, 0.5, 1].map((fy) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy })),
        );
        const shown = [...document.querySelectorAll("[data-handle]")].map((h) => {
          const b = h.getBoundingClientRect();
          return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
        });
        const handles = [...own, ...shown];
        const length = only.getTotalLength();
        let best: { x: number; y: number } | null = null;
        let bestGap = -1;
        for (let i = 0; i < 64; i++) {
          const p = only.getPointAtLength((length * (i + 0.5)) / 64);
          const at = { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
          const gap = Math.min(...handles.map((h) => Math.hypot(h.x - at.x, h.y - at.y)));
          if (gap > bestGap) {
            bestGap = gap;
            best = at;
          }
        }
        if (best) return best;
      }
    }
    const r = g.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, id);
  if (!at) throw new Error(`${id} not rendered`);
  return at;
}

/**
 * `hitPoint`, once nothing lies over it: the point must be the canvas's, not under a toast, tooltip
 * or closing dialog that would take the click.
 */
export async function canvasHitPoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  const at = await hitPoint(page, id);
  await page.waitForFunction(
    ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-testid="canvas"]'),
    at,
  );
  return at;
}

/** Clicks a rendered element where it is hit (`hitPoint`), with modifiers held. */
export async function clickElement(
  page: Page,
  id: string,
  modifiers: ("Control" | "Shift")[] = [],
): Promise<void> {
  const at = await canvasHitPoint(page, id);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(at.x, at.y);
  for (const m of modifiers) await page.keyboard.up(m);
}

/** The "done when": every editor spec runs in English and in Chinese. */
export const LANGUAGES = [
  { lang: "en", locale: "en-US" },
  { lang: "zh", locale: "zh-CN" },
] as const;

/** The interface strings of a language, by key. */
export async function messagesOf(lang: string): Promise<Record<string, string>> {
  const m = (await import(`../../locales/${lang}.json`)) as { default: Record<string, string> };
  return m.default;
}

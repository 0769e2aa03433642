// Resize handles by kind (spec §4), Escape abandoning a drag, the canvas mirror copy, rotation in
// 90° steps (Ctrl+R / Ctrl+Shift+R, toolbar, menu, panel; handles on the turned box; one undo step
// each), and the table row/column shortcuts (Ctrl+Shift+L/C insert, Ctrl+Alt+L/C delete) on a
// single selected table; in English and Chinese.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";
import {
  addAt,
  canvasRect,
  centre,
  clickElement,
  hitPoint,
  LANGUAGES,
  paperRect,
  selectionBox,
} from "./helpers";

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.each(LANGUAGES)("$lang", ({ lang, locale }) => {
  beforeAll(async () => {
    ({ page } = await openSignedInEditor(browser, app.baseUrl, { locale }));
  });
  afterAll(() => page?.context().close());

  describe("transform", () => {
    it("a rectangle has eight handles; dragging the bottom-right one resizes it", async () => {
      const id = await addAt(page, "Rectangle", 0.3, 0.3);
      expect(await page.locator("[data-handle]").count()).toBe(8);
      const before = await selectionBox(page, id);
      const h = await page.getByTestId("handle-se").boundingBox();
      if (!h) throw new Error("no handle");
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + h.width / 2 + 20, h.y + h.height / 2 + 10, { steps: 3 });
      await page.mouse.move(h.x + h.width / 2 + 40, h.y + h.height / 2 + 20, { steps: 3 });
      await page.mouse.up();
      const after = await selectionBox(page, id);
      expect(after.width - before.width).toBeCloseTo(40, 0);
      expect(after.height - before.height).toBeCloseTo(20, 0);
      expect(after.x).toBeCloseTo(before.x, 0);
      // one history entry for the whole resize: one undo restores the size
      const g = page.locator(`.ink-label g[data-id="${id}"]`);
      const grown = await g.boundingBox();
      await page.keyboard.press("Control+z");
      await expect
        .poll(async () => Math.round((await g.boundingBox())?.width ?? 0), { timeout: 5000 })
        .toBe(Math.round((grown?.width ?? 0) - 40));
    });

    it("a QR code only has the bottom-right handle; a plain text has none", async () => {
      await addAt(page, "QRcode", 0.7, 0.3);
      expect(await page.locator("[data-handle]").count()).toBe(1);
      expect(await page.getByTestId("handle-se").count()).toBe(1);
      await addAt(page, "Text", 0.7, 0.7);
      expect(await page.locator("[data-handle]").count()).toBe(0);
    });

    it("an auto-line text's side handle re-wraps it and the box grows to hold the lines; one undo", async () => {
      const id = await addAt(page, "Text", 0.5, 0.55);
      await page.getByTestId("panel-auto-line").check();
      await page.getByTestId("source-fixed").fill("one two three four five six seven eight nine ten eleven");
      await page.getByTestId("source-fixed").press("Control+Enter");
      const g = page.locator(`.ink-label g[data-id="${id}"]`);
      const lines = () =>
        g.evaluate((n) => new Set([...n.querySelectorAll("tspan")].map((s) => s.getAttribute("y"))).size);
      await expect.poll(lines).toBeGreaterThan(1);
      const wrapped = await lines();
      const h = await page.getByTestId("handle-e").boundingBox();
      const box = await selectionBox(page, id);
      if (!h) throw new Error("no handle");
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + h.width / 2 - box.width / 4, h.y + h.height / 2, { steps: 3 });
      await page.mouse.move(h.x + h.width / 2 - box.width / 2, h.y + h.height / 2, { steps: 3 });
      await page.mouse.up();
      await expect.poll(lines).toBeGreaterThan(wrapped);
      // the box holds every drawn line (its height follows the new wrap, as a typed box width does;
      // a descender may reach a pixel or two below the last line's box)
      const drawn = await g.boundingBox();
      const after = await selectionBox(page, id);
      if (!drawn) throw new Error("not drawn");
      expect(after.width).toBeCloseTo(box.width / 2, -1);
      expect(after.y + after.height).toBeGreaterThanOrEqual(drawn.y + drawn.height - 3);
      await page.keyboard.press("Control+z");
      await expect.poll(lines).toBe(wrapped);
      await clickElement(page, id);
      await page.keyboard.press("Delete");
      await g.waitFor({ state: "detached" });
    });

    it("turning wrap lines on for a line longer than the label wraps it inside the label", async () => {
      const id = await addAt(page, "Text", 0.3, 0.3);
      await page
        .getByTestId("source-fixed")
        .fill("Organic apples from the valley orchards, hand picked and packed today");
      await page.getByTestId("source-fixed").press("Control+Enter");
      const g = page.locator(`.ink-label g[data-id="${id}"]`);
      const paper = await paperRect(page);
      // one line, running off the label's right edge
      await expect.poll(async () => (await g.boundingBox())?.x ?? 0).toBeGreaterThan(0);
      expect(((await g.boundingBox())?.x ?? 0) + ((await g.boundingBox())?.width ?? 0)).toBeGreaterThan(
        paper.x + paper.width,
      );
      await page.getByTestId("panel-auto-line").check();
      const lines = () =>
        g.evaluate((n) => new Set([...n.querySelectorAll("tspan")].map((s) => s.getAttribute("y"))).size);
      await expect.poll(lines).toBeGreaterThan(1);
      const box = await selectionBox(page, id);
      expect(box.x + box.width).toBeLessThanOrEqual(paper.x + paper.width + 1);
      // undo from the canvas (in the checkbox, Ctrl+Z is the field's own)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Control+z");
      await expect.poll(lines).toBe(1);
      await clickElement(page, id);
      await page.keyboard.press("Delete");
      await g.waitFor({ state: "detached" });
    });

    it("Escape abandons a drag: the element goes back", async () => {
      const id = await addAt(page, "Ellipse", 0.3, 0.75);
      const before = await selectionBox(page, id);
      const c = await hitPoint(page, id);
      await page.mouse.move(c.x, c.y);
      await page.mouse.down();
      await page.mouse.move(c.x + 30, c.y - 20, { steps: 5 });
      await page.waitForFunction(
        ([i, x]) =>
          Number(
            document.querySelector(`[data-testid="selection-box"][data-for="${i}"]`)?.getAttribute("x"),
          ) >
          Number(x) + 10,
        [id, String(before.x - (await canvasRect(page)).x)] as const,
      );
      await page.keyboard.press("Escape");
      await page.mouse.up();
      const after = await selectionBox(page, id);
      expect(after.x).toBeCloseTo(before.x, 0);
      expect(after.y).toBeCloseTo(before.y, 0);
    });

    it("mirror adds a canvas mirror copy; undo removes it", async () => {
      const id = await addAt(page, "Triangle", 0.2, 0.5);
      await page.getByTestId("tool-mirror").click();
      await page.locator(`.ink-label g[data-id="${id}_mirror"]`).waitFor({ state: "attached" });
      await screenshot(page, `editor-mirror-${lang}`);
      await page.keyboard.press("Control+z");
      await page.locator(`.ink-label g[data-id="${id}_mirror"]`).waitFor({ state: "detached" });
    });

    it("rotation: Ctrl+R, Ctrl+Shift+R, toolbar, menu and panel; handles follow; one undo step each", async () => {
      const id = await addAt(page, "Rectangle", 0.35, 0.6);
      const rotation = () => page.getByTestId("panel-rotate").inputValue();
      const b0 = await selectionBox(page, id);
      expect(b0.width).toBeGreaterThan(b0.height + 10);
      // Ctrl+R turns it clockwise (the page does not reload: the element is still there)
      await page.keyboard.press("Control+r");
      await expect.poll(rotation, { timeout: 5000 }).toBe("90");
      const b1 = await selectionBox(page, id);
      expect(b1.height).toBeCloseTo(b0.width, 0);
      expect(b1.width).toBeCloseTo(b0.height, 0);
      expect(centre(b1).x).toBeCloseTo(centre(b0).x, 0);
      // the east handle sits on the turned box's bottom side, and dragging it down lengthens the box
      const e = await page.getByTestId("handle-e").boundingBox();
      if (!e) throw new Error("no handle");
      // (the selection box is drawn 1 px outside the element's box)
      expect(Math.abs(e.x + e.width / 2 - centre(b1).x)).toBeLessThan(2);
      expect(Math.abs(e.y + e.height / 2 - (b1.y + b1.height - 1))).toBeLessThan(2);
      expect(await page.getByTestId("handle-e").evaluate((n) => (n as SVGElement).style.cursor)).toBe(
        "ns-resize",
      );
      await page.mouse.move(e.x + e.width / 2, e.y + e.height / 2);
      await page.mouse.down();
      await page.mouse.move(e.x + e.width / 2, e.y + e.height / 2 + 15, { steps: 3 });
      await page.mouse.move(e.x + e.width / 2, e.y + e.height / 2 + 30, { steps: 3 });
      await page.mouse.up();
      const b2 = await selectionBox(page, id);
      expect(b2.height - b1.height).toBeCloseTo(30, 0);
      expect(b2.width).toBeCloseTo(b1.width, 0);
      expect(b2.y).toBeCloseTo(b1.y, 0);
      // one undo takes back the resize, the next one the rotation
      await page.keyboard.press("Control+z");
      await page.keyboard.press("Control+z");
      await clickElement(page, id);
      await expect.poll(rotation, { timeout: 5000 }).toBe("0");
      expect((await selectionBox(page, id)).width).toBeCloseTo(b0.width, 0);
      // Ctrl+Shift+R turns it back the other way: 270 (the file's -90)
      await page.keyboard.press("Control+Shift+R");
      await expect.poll(rotation, { timeout: 5000 }).toBe("270");
      await page.getByTestId("tool-rotate.cw").click();
      await expect.poll(rotation, { timeout: 5000 }).toBe("0");
      await page.getByTestId("panel-rotate").selectOption("180");
      await expect.poll(rotation, { timeout: 5000 }).toBe("180");
      const r = await hitPoint(page, id);
      await page.mouse.click(r.x, r.y, { button: "right" });
      await page.getByTestId("menu-editor.menu.rotate").click();
      await page.getByTestId("menu-rotate.cw").click();
      await expect.poll(rotation, { timeout: 5000 }).toBe("270");
      await screenshot(page, `editor-rotated-${lang}`);
    });

    it("table rows and columns by shortcut on a single selected table", async () => {
      const id = await addAt(page, "Table", 0.5, 0.5);
      const g = page.locator(`.ink-label g[data-id="${id}"]`);
      const size = async () => {
        const b = await g.boundingBox();
        return { w: Math.round(b?.width ?? 0), h: Math.round(b?.height ?? 0) };
      };
      const s0 = await size();
      await page.keyboard.press("Control+Shift+L");
      await expect.poll(async () => (await size()).h, { timeout: 5000 }).toBeGreaterThan(s0.h + 5);
      await page.keyboard.press("Control+Shift+C");
      await expect.poll(async () => (await size()).w, { timeout: 5000 }).toBeGreaterThan(s0.w + 5);
      await page.keyboard.press("Control+Alt+L");
      await page.keyboard.press("Control+Alt+C");
      await expect.poll(size, { timeout: 5000 }).toEqual(s0);
    });
  });
});

// A tablet in portrait (768 × 1024, touch): the whole editor, not the preview (issue 34). A finger
// drags a palette entry onto the label and an element across it, two fingers pinch-zoom (a second
// finger cancels the first one's drag: the element stays), a long press opens the context menu.
// Below 768 px the preview stays (layout.spec.ts).
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningApp, screenshot, startApp } from "../support";
import {
  centre,
  dragFromPalette,
  elementRect,
  openEditor,
  paperRect,
  renderedIds,
  waitForCount,
} from "./helpers";

let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let cdp: CDPSession;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ctx = await browser.newContext({
    locale: "en-US",
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
    isMobile: true,
  });
  page = await ctx.newPage();
  cdp = await ctx.newCDPSession(page);
  const attrs = encodeURIComponent(JSON.stringify({ name: "Tablet", width: 60, height: 40 }));
  await openEditor(page, app.baseUrl, `?labelAttr=${attrs}&labelStatus=add`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type Pt = { x: number; y: number };
/** One touch event with these fingers down (id = index); an empty list lifts them all. */
const touch = (type: "touchStart" | "touchMove" | "touchEnd", fingers: readonly Pt[]) =>
  cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: fingers.map((p, id) => ({ x: p.x, y: p.y, id })),
  });
const lerp = (a: Pt, b: Pt, f: number) => ({ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f });

/** Fingers move in steps from `from` to `to` (same length). */
async function slide(from: readonly Pt[], to: readonly Pt[]) {
  for (let i = 1; i <= 8; i++)
    await touch(
      "touchMove",
      from.map((p, k) => lerp(p, to[k], i / 8)),
    );
}

const zoomOf = async () => Number(await page.getByTestId("canvas").getAttribute("data-zoom"));
const panelValue = async (id: string) => Number(await page.getByTestId(id).inputValue());

describe("tablet 768 × 1024 with touch", () => {
  it("shows the editor (palette, canvas, panel) within the window", async () => {
    for (const id of ["palette", "canvas", "attribute-panel", "toolbar", "bottom-bar", "print-open"])
      await page.getByTestId(id).waitFor();
    expect(await page.getByTestId("narrow-notice").count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const id of ["palette", "canvas", "attribute-panel"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 768 && box.width > 60).toBe(true);
    }
    await screenshot(page, "editor-tablet-768");
  });

  it("a finger drags a palette entry onto the label, then the element across it", async () => {
    const paper = await paperRect(page);
    await dragFromPalette(page, "palette-Text", paper.x + paper.width * 0.3, paper.y + paper.height * 0.3);
    await waitForCount(page, 1);
    const [id] = await renderedIds(page);
    const before = await elementRect(page, id);
    const x0 = await panelValue("panel-x");
    const from = centre(before);
    const to = { x: from.x + 60, y: from.y + 40 };
    await touch("touchStart", [from]);
    await slide([from], [to]);
    await touch("touchEnd", []);
    await page.waitForFunction(
      ({ id, x }) => {
        const r = document.querySelector(`.ink-label g[data-id="${id}"]`)?.getBoundingClientRect();
        return !!r && r.x > x + 40;
      },
      { id, x: before.x },
    );
    expect(await panelValue("panel-x")).toBeGreaterThan(x0);
    await screenshot(page, "editor-tablet-768-dragged");
  });

  it("two fingers pinch-zoom; the finger that landed on an element does not move it", async () => {
    const [id] = await renderedIds(page);
    const x0 = await panelValue("panel-x");
    const y0 = await panelValue("panel-y");
    const z0 = await zoomOf();
    const c = centre(await elementRect(page, id));
    const a = { x: c.x - 20, y: c.y };
    const b = { x: c.x + 20, y: c.y };
    await touch("touchStart", [c]);
    await touch("touchStart", [c, b]);
    await touch("touchMove", [a, b]);
    await slide(
      [a, b],
      [
        { x: a.x - 60, y: a.y },
        { x: b.x + 60, y: b.y },
      ],
    );
    await touch("touchEnd", []);
    await page.waitForFunction((z) => {
      const now = Number(document.querySelector('[data-testid="canvas"]')?.getAttribute("data-zoom"));
      return now > z * 1.5;
    }, z0);
    expect(await panelValue("panel-x")).toBe(x0);
    expect(await panelValue("panel-y")).toBe(y0);
    await screenshot(page, "editor-tablet-768-pinched");
  });

  it("a long press on an element opens the context menu", async () => {
    await page.getByTestId("zoom-fit").click();
    const [id] = await renderedIds(page);
    const c = centre(await elementRect(page, id));
    await touch("touchStart", [c]);
    await page.getByTestId("context-menu").waitFor({ timeout: 5_000 });
    await touch("touchEnd", []);
    await page.getByTestId("context-menu").waitFor();
    expect(await page.getByTestId("menu-copy").isVisible()).toBe(true);
    await screenshot(page, "editor-tablet-768-menu");
  });
});

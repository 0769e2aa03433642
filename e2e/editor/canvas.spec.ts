// Canvas interaction (spec §2, §4), in English and Chinese: snapping to the canvas centre and to
// another element, frame and Ctrl-click selection, a locked element refusing to move, zoom slider /
// buttons (stepping through 25–500 %) / Ctrl+wheel / fit, canvas lock (frame vs pan), the grid
// (drawn under the content) surviving a reload, and the undo of a move showing the label as before.
import { decode } from "fast-png";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";
import { countRenders, readRenders, resetRenders } from "../support/renderCounts";
import {
  addAt,
  canvasRect,
  centre,
  clickElement,
  dragPath,
  elementRect,
  gotoEditor,
  hitPoint,
  LANGUAGES,
  messagesOf,
  paperRect,
  selectedIds,
  selectionBox,
  toasts,
} from "./helpers";

let t: Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let a: string;
let b: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});

/** A fresh user in the language's browser with a rectangle and a horizontal line. */
async function start(lang: string, locale: string) {
  t = await messagesOf(lang);
  ({ page } = await openSignedInEditor(browser, app.baseUrl, { locale, prepare: countRenders }));
  a = await addAt(page, "Rectangle", 0.25, 0.3);
  b = await addAt(page, "LineHorizontal", 0.75, 0.8);
}
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Pixels that are paper in one picture and ink in the other (a shape moved, not an edge's shade). */
function inkMoved(a: ReturnType<typeof decode>, b: ReturnType<typeof decode>): number {
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  const ch = a.channels;
  const paperAt = (d: ArrayLike<number>, i: number) => d[i] >= 250 && d[i + 1] >= 250 && d[i + 2] >= 250;
  const inkAt = (d: ArrayLike<number>, i: number) => d[i] < 128 && d[i + 1] < 128 && d[i + 2] < 128;
  let n = 0;
  for (let i = 0; i < a.data.length; i += ch)
    if ((paperAt(a.data, i) && inkAt(b.data, i)) || (inkAt(a.data, i) && paperAt(b.data, i))) n++;
  return n;
}

async function select(id: string) {
  await clickElement(page, id);
  await page.waitForFunction(
    (want) => !!document.querySelector(`[data-testid="selection-box"][data-for="${want}"]`),
    id,
  );
}

describe.each(LANGUAGES)("$lang", ({ lang, locale }) => {
  beforeAll(() => start(lang, locale));
  afterAll(() => page?.context().close());

  describe("snapping", () => {
    it("snaps a dragged element to the canvas centre with a red guide", async () => {
      await select(a);
      const box = await selectionBox(page, a);
      // grabbed on its outline (it is unfilled): the drag moves its centre by as much
      const from = await hitPoint(page, a);
      const target = centre(await paperRect(page));
      const to = { x: target.x + from.x - centre(box).x, y: target.y + from.y - centre(box).y };
      let sawGuide = 0;
      await dragPath(page, from, { x: to.x + 3, y: to.y - 2 }, async () => {
        await page.getByTestId("guide-canvas").first().waitFor({ state: "attached" });
        sawGuide = await page.getByTestId("guide-canvas").count();
        await screenshot(page, `editor-snap-centre-${lang}`);
      });
      expect(sawGuide).toBeGreaterThan(0);
      expect(await page.getByTestId("guide-canvas").count()).toBe(0);
      const after = centre(await selectionBox(page, a));
      expect(Math.abs(after.x - target.x)).toBeLessThan(1);
      expect(Math.abs(after.y - target.y)).toBeLessThan(1);
    });

    it("snaps to another element's edge with an orange guide", async () => {
      await select(a);
      const other = await selectionBox(page, a);
      await select(b);
      const box = await selectionBox(page, b);
      const from = centre(box);
      // move b so its left edge lands 3 px right of a's left edge, well below a
      const dx = other.x + 3 - box.x;
      let saw = 0;
      let guideX = 0;
      await dragPath(page, from, { x: from.x + dx, y: from.y + 10 }, async () => {
        await page.getByTestId("guide-object").first().waitFor({ state: "attached" });
        saw = await page.getByTestId("guide-object").count();
        // the orange guide is drawn on a's left edge (overlay coordinates are relative to the canvas;
        // the selection box is drawn 1 px outside the element)
        guideX =
          Number(await page.getByTestId("guide-object").first().getAttribute("x1")) +
          (await canvasRect(page)).x;
      });
      expect(saw).toBeGreaterThan(0);
      expect(Math.abs(guideX - (other.x + 1))).toBeLessThan(1);
      const after = await selectionBox(page, b);
      expect(Math.abs(after.x - other.x)).toBeLessThan(1);
    });
  });

  describe("selection", () => {
    it("frames several elements by dragging the empty canvas (canvas lock on)", async () => {
      const paper = await paperRect(page);
      await dragPath(
        page,
        { x: paper.x - 15, y: paper.y - 15 },
        { x: paper.x + paper.width + 10, y: paper.y + paper.height + 10 },
        async () => {
          await page.getByTestId("selection-frame").waitFor({ state: "attached" });
        },
      );
      expect((await selectedIds(page)).sort()).toEqual([a, b].sort());
    });

    it("clicking empty canvas clears; Ctrl-click toggles elements in and out", async () => {
      const paper = await paperRect(page);
      await page.mouse.click(paper.x + 4, paper.y + paper.height - 4);
      await expect(selectedIds(page)).resolves.toEqual([]);
      await select(a);
      await clickElement(page, b, ["Control"]);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="selection-box"]').length === 2,
      );
      await clickElement(page, a, ["Control"]);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="selection-box"]').length === 1,
      );
      expect(await selectedIds(page)).toEqual([b]);
      expect(await page.getByTestId("panel-multi").count()).toBe(0);
    });
  });

  describe("undo of a move", () => {
    it("shows the label as before the move: the same DOM, the same ink, the same pixels once back in one layer", async () => {
      const zoom = async (v: string, shown: string) => {
        await page.getByTestId("zoom-slider").fill(v);
        await page.waitForFunction(
          (want) => document.querySelector('[data-testid="zoom-value"]')?.textContent === want,
          shown,
        );
        // drawn for it (settled)
        await page.waitForFunction(
          () => (document.querySelector<HTMLElement>(".ink-world")?.style.transform ?? "") === "none",
        );
      };
      await zoom("1", "100%");
      const paper = await paperRect(page);
      const clear = async () => {
        await page.mouse.click(paper.x + 4, paper.y + paper.height - 4);
        await expect(selectedIds(page)).resolves.toEqual([]);
      };
      const labelIs = (same: boolean, d: string) =>
        page.waitForFunction(
          ([want, eq]) => (document.querySelector('[data-testid="label-layer"]')?.innerHTML === want) === eq,
          [d, same] as const,
        );
      // the label alone: the overlays (selection boxes) are hidden for the picture
      const picture = async () => {
        const hide = await page.addStyleTag({ content: ".ink-overlay-layer { visibility: hidden; }" });
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
        );
        const png = decode(await page.screenshot({ clip: await paperRect(page), type: "png" }));
        await hide.evaluate((n) => n.parentNode?.removeChild(n));
        return png;
      };
      // waits until each of `ids` is on a layer of its own ("transform") or in the label's ("auto")
      const layers = (ids: string[], want: "transform" | "auto") =>
        page.waitForFunction(
          ([list, w]) =>
            list.every((id) => {
              const g = document.querySelector(`.ink-label g[data-id="${id}"]`);
              return !!g && getComputedStyle(g).willChange === w;
            }),
          [ids, want] as const,
        );
      await clear();
      const dom0 = await page.getByTestId("label-layer").innerHTML();
      const png0 = await picture();
      await layers([a, b], "auto");

      // move both elements (framed) by one drag: they go onto layers of their own
      await dragPath(
        page,
        { x: paper.x - 15, y: paper.y - 15 },
        { x: paper.x + paper.width + 10, y: paper.y + paper.height + 10 },
      );
      expect((await selectedIds(page)).sort()).toEqual([a, b].sort());
      const from = await hitPoint(page, a);
      await dragPath(page, from, { x: from.x + 40, y: from.y + 25 });
      await labelIs(false, dom0);
      // once the canvas is still (not in the drop's frame)
      await layers([a, b], "transform");

      for (const keys of ["Control+z", "Control+y", "Control+z"]) {
        await page.keyboard.press(keys);
        await labelIs(keys === "Control+z", dom0);
        // undo and redo move them on their layers (the rest of the label is not drawn again)
        const now = await page.evaluate(
          (ids) =>
            ids.map((id) => {
              const g = document.querySelector(`.ink-label g[data-id="${id}"]`);
              return g ? getComputedStyle(g).willChange : "";
            }),
          [a, b],
        );
        expect(now).toEqual(["transform", "transform"]);
      }
      await clear();
      // composited, their edges may be antialiased a fraction of a pixel differently; no ink moved
      const hot = await picture();
      expect(inkMoved(png0, hot)).toBe(0);

      // drawn for another zoom they return to the label's layer: back at 100 %, the same pixels
      await zoom("2", "200%");
      await layers([a, b], "auto");
      await zoom("1", "100%");
      expect(await page.getByTestId("label-layer").innerHTML()).toBe(dom0);
      const cold = await picture();
      expect(cold.width).toBe(png0.width);
      expect(Buffer.from(cold.data).equals(Buffer.from(png0.data)), "pixels back in one layer").toBe(true);
      // leave the canvas as the zoom tests expect it: fitted
      await page.getByTestId("zoom-fit").click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="zoom-value"]')?.textContent !== "100%",
      );
      await page.waitForFunction(
        () => (document.querySelector<HTMLElement>(".ink-world")?.style.transform ?? "") === "none",
      );
    });
  });

  describe("renders", () => {
    // each part of the screen reads its own slice of the editor session (docs/architecture.md)
    it("a move and its undo render only the parts whose slice changed; the panel shows fresh values", async () => {
      await select(a);
      const x0 = await page.getByTestId("panel-x").inputValue();
      const from = await hitPoint(page, a);
      await resetRenders(page);
      await dragPath(page, from, { x: from.x + 40, y: from.y + 20 });
      await page.waitForFunction((v) => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="panel-x"]');
        return !!input && input.value !== v;
      }, x0);
      const move = await readRenders(page);
      expect(move.byName["attribute-panel"]).toBeGreaterThan(0);
      expect(move.byName["label-layer"]).toBeGreaterThan(0);
      for (const still of ["editor", "top-bar", "toolbar", "bottom-bar", "palette", "tool-lock", "tool-undo"])
        expect(move.byName[still], still).toBeUndefined();

      await resetRenders(page);
      await page.keyboard.press("Control+z");
      await page.waitForFunction(
        () => !document.querySelector<HTMLButtonElement>('[data-testid="tool-redo"]')?.disabled,
      );
      const undo = await readRenders(page);
      expect(undo.byName["label-layer"]).toBeGreaterThan(0);
      expect(undo.byName["tool-redo"]).toBeGreaterThan(0);
      for (const still of [
        "editor",
        "top-bar",
        "toolbar",
        "bottom-bar",
        "palette",
        "tool-undo",
        "tool-paste",
      ])
        expect(undo.byName[still], still).toBeUndefined();
      // the undo cleared the selection; selected again, the panel shows the position before the move
      await select(a);
      await expect(page.getByTestId("panel-x").inputValue()).resolves.toBe(x0);
    });
  });

  describe("lock", () => {
    it("a locked element refuses to move and says so", async () => {
      await select(a);
      await page.getByTestId("tool-lock").click();
      await page.waitForFunction(
        (m) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === m),
        t["tip.tip122"],
      );
      const before = await selectionBox(page, a);
      const from = await hitPoint(page, a);
      await dragPath(page, from, { x: from.x + 60, y: from.y + 30 });
      await page.waitForFunction(
        (m) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === m),
        t["editor.ops.cannotDrag"],
      );
      const after = await selectionBox(page, a);
      expect(after.x).toBeCloseTo(before.x, 1);
      expect(after.y).toBeCloseTo(before.y, 1);
      // and the lock toggles back
      await page.getByTestId("tool-lock").click();
      await page.waitForFunction(
        (m) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === m),
        t["tip.tip123"],
      );
      expect(await toasts(page)).toContain(t["tip.tip123"]);
    });
  });

  describe("zoom", () => {
    it("the slider sets the zoom (0.05–5, step 0.01)", async () => {
      const slider = page.getByTestId("zoom-slider");
      expect(await slider.getAttribute("min")).toBe("0.05");
      expect(await slider.getAttribute("max")).toBe("5");
      expect(await slider.getAttribute("step")).toBe("0.01");
      await slider.fill("2");
      await page.waitForFunction(
        () => document.querySelector('[data-testid="zoom-value"]')?.textContent === "200%",
      );
      const paper = await paperRect(page);
      // 100 mm × 3.78 px/mm × 2
      expect(Math.abs(paper.width - 756)).toBeLessThan(2);
    });

    it("zoom buttons step through 25/50/75/100/150/200/300/400/500 % and Ctrl+wheel zooms", async () => {
      const shows = (v: string) =>
        page.waitForFunction(
          (want) => document.querySelector('[data-testid="zoom-value"]')?.textContent === want,
          v,
        );
      await page.getByTestId("zoom-slider").fill("2");
      await shows("200%");
      await page.getByTestId("zoom-in").click();
      await shows("300%");
      await page.getByTestId("zoom-out").click();
      await page.getByTestId("zoom-out").click();
      await shows("150%");
      // from a zoom between the stops (the slider's 63 %) to the next stop either way
      await page.getByTestId("zoom-slider").fill("0.63");
      await shows("63%");
      await page.getByTestId("zoom-in").click();
      await shows("75%");
      await page.getByTestId("zoom-slider").fill("0.63");
      await shows("63%");
      await page.getByTestId("zoom-out").click();
      await shows("50%");
      await page.getByTestId("zoom-slider").fill("1.9");
      await shows("190%");
      const c = await canvasRect(page);
      await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
      await page.keyboard.down("Control");
      await page.mouse.wheel(0, 200);
      await page.keyboard.up("Control");
      await page.waitForFunction(
        () =>
          Number.parseInt(document.querySelector('[data-testid="zoom-value"]')?.textContent ?? "0", 10) < 190,
      );
    });

    it("fit to screen centres the label at 0.6 of the canvas", async () => {
      await page.getByTestId("zoom-fit").click();
      const c = await canvasRect(page);
      await page.waitForFunction(
        () =>
          Number.parseInt(document.querySelector('[data-testid="zoom-value"]')?.textContent ?? "0", 10) < 180,
      );
      const p = await paperRect(page);
      expect(Math.abs(centre(p).x - centre(c).x)).toBeLessThan(2);
      expect(Math.abs(centre(p).y - centre(c).y)).toBeLessThan(2);
      const ratio = Math.max(p.width / c.width, p.height / c.height);
      expect(ratio).toBeGreaterThan(0.58);
      expect(ratio).toBeLessThan(0.62);
    });
  });

  describe("canvas lock and grid", () => {
    it("with the canvas lock off, dragging the empty canvas pans", async () => {
      const lock = page.getByTestId("tool-canvasLock");
      expect(await lock.getAttribute("aria-pressed")).toBe("true");
      await lock.click();
      expect(await lock.getAttribute("aria-pressed")).toBe("false");
      const before = await paperRect(page);
      await dragPath(page, { x: before.x - 12, y: before.y - 12 }, { x: before.x + 38, y: before.y + 18 });
      const after = await paperRect(page);
      expect(after.x - before.x).toBeCloseTo(50, 0);
      expect(after.y - before.y).toBeCloseTo(30, 0);
    });

    it("grid and canvas lock survive a reload", async () => {
      expect(await page.getByTestId("grid").count()).toBe(0);
      await page.getByTestId("grid-toggle").click();
      await page.getByTestId("grid").waitFor();
      // the grid lies under the label's content (drawn before it), not over it
      expect(
        await page.evaluate(() => {
          const grid = document.querySelector('[data-testid="grid"]');
          const label = document.querySelector('[data-testid="world"]');
          return (
            !!grid && !!label && !!(grid.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING)
          );
        }),
      ).toBe(true);
      await screenshot(page, `editor-grid-${lang}`);
      await gotoEditor(page, app.baseUrl);
      await page.getByTestId("grid").waitFor();
      expect(await page.getByTestId("tool-canvasLock").getAttribute("aria-pressed")).toBe("false");
      expect(await page.getByTestId("grid-toggle").getAttribute("aria-pressed")).toBe("true");
      // other prompts may open on a reload with unsaved work (e.g. restoring a draft): close them
      for (let i = 0; i < 3 && (await page.locator("dialog[open]").count()) > 0; i++)
        await page.keyboard.press("Escape");
      // Ctrl+' toggles the grid too
      await page.keyboard.press("Control+'");
      await page.waitForFunction(() => !document.querySelector('[data-testid="grid"]'));
    });
  });
});

describe("an unfilled shape (issue #34)", () => {
  let p: Page;
  beforeAll(async () => {
    ({ page: p } = await openSignedInEditor(browser, app.baseUrl));
  });
  afterAll(() => p?.context().close());

  const selectedAre = (ids: string[]) =>
    p.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid="selection-box"]')]
          .map((r) => r.getAttribute("data-for"))
          .join() === want.join(),
      ids,
    );

  it("is hit on its outline; a press in its empty inside reaches what lies below, or frames", async () => {
    const text = await addAt(p, "Text", 0.5, 0.5);
    const rect = await addAt(p, "Rectangle", 0.5, 0.5);
    // a taller rectangle (it grows downwards): room in its inside below the text
    const h0 = (await elementRect(p, rect)).height;
    await p.getByTestId("panel-height").fill("40");
    await p.getByTestId("panel-height").press("Enter");
    await p.waitForFunction(
      ([id, h]) =>
        (document.querySelector(`.ink-label g[data-id="${id}"]`)?.getBoundingClientRect().height ?? 0) >
        2 * h,
      [rect, h0] as const,
    );
    const r = await elementRect(p, rect);
    const tx = await elementRect(p, text);
    // the rectangle's inside, 12 px clear of its outline, and where the text lies under it
    const inner = { x0: r.x + 12, y0: r.y + 12, x1: r.x + r.width - 12, y1: r.y + r.height - 12 };
    const over = {
      x: Math.min(Math.max(tx.x + tx.width / 2, inner.x0), inner.x1),
      y: Math.min(Math.max(tx.y + tx.height / 2, inner.y0), inner.y1),
    };
    expect([over.x > tx.x, over.x < tx.x + tx.width, over.y > tx.y, over.y < tx.y + tx.height]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await selectedAre([rect]);

    // the text under the rectangle's inside takes the click
    await p.mouse.click(over.x, over.y);
    await selectedAre([text]);
    const textBox = await selectionBox(p, text);
    // the outline takes it, and so does a point 3 screen px outside it
    await clickElement(p, rect);
    await selectedAre([rect]);
    await p.mouse.click(over.x, over.y);
    await selectedAre([text]);
    await p.mouse.click(r.x - 3, r.y + r.height / 2);
    await selectedAre([rect]);

    // a press in the empty inside, below the text, frames instead of moving the rectangle
    const below = textBox.y + textBox.height;
    expect(inner.y1 - below).toBeGreaterThan(30);
    const inside = { x: (inner.x0 + inner.x1) / 2, y: (below + inner.y1) / 2 };
    await dragPath(p, inside, { x: inside.x + 30, y: inside.y + 5 }, () =>
      p.getByTestId("selection-frame").waitFor({ state: "attached" }),
    );
    await selectedAre([]);
    expect(await elementRect(p, rect)).toEqual(r);
  });
});

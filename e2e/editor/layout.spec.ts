// Layout (spec §2, §9) in English and Chinese: the five areas, the narrow layout at 1280 px or less
// (panel 320) against the wide one (476), labels in the interface language, labelAttr from the
// query, the browser's leave warning once there are unsaved elements, and the canvas picker for a
// label with several canvas images (thumbnails n / total; choosing one shows it).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  newContext,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
} from "../support";
import { gotoEditor, LANGUAGES, messagesOf, openEditor, waitForCount } from "./helpers";

// the label name and a text typed into it, per language
const SAMPLE = {
  en: { name: "Shelf label", text: "Price $12.50", word: "Price" },
  zh: { name: "货架标签", text: "价格 ¥12.50", word: "价格" },
} as const;

let t: Record<string, string>;
let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A small picture of one colour with its number, as an SVG data URL. */
const picture = (n: number, fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="${fill}"/><text x="50" y="50" font-size="30">${n}</text></svg>`,
  )}`;
const attrQuery = (attrs: object, status = "add") =>
  `?labelAttr=${encodeURIComponent(JSON.stringify(attrs))}&labelStatus=${status}`;

describe.each(LANGUAGES)("$lang", ({ lang, locale }) => {
  const sample = SAMPLE[lang];
  beforeAll(async () => {
    t = await messagesOf(lang);
    ({ context: ctx, page } = await openSignedInEditor(browser, app.baseUrl, {
      locale,
      query: attrQuery({ name: sample.name, width: 60, height: 40 }),
    }));
  });
  afterAll(() => ctx?.close());

  describe("layout", () => {
    it("shows the five areas with Chinese labels and the label from labelAttr", async () => {
      for (const id of ["top-bar", "palette", "canvas", "attribute-panel", "bottom-bar", "toolbar"]) {
        await page.getByTestId(id).waitFor();
      }
      expect(await page.getByTestId("label-name").textContent()).toContain(sample.name);
      // the unit in the interface language, as every other page says it (毫米 in Chinese)
      expect(await page.getByTestId("label-size").textContent()).toBe(`60 X 40 ${t["app.unit.mm"]}`);
      expect(await page.getByTestId("palette-Text").getAttribute("aria-label")).toBe(
        t["editor.palette.text"],
      );
      expect(await page.getByTestId("tool-undo").getAttribute("aria-label")).toBe(t["editor.action.undo"]);
      expect(await page.getByTestId("attribute-panel").textContent()).toContain(t["editor.panel.none"]);
      await page.getByTestId("palette-Text").dblclick();
      await waitForCount(page, 1);
      expect(await page.locator('[data-testid="attribute-panel"] legend').first().textContent()).toBe(
        t["editor.kind.Text"],
      );
      await page.getByTestId("panel-text").fill(sample.text);
      await page.waitForFunction(
        (w) => document.querySelector(".ink-label")?.textContent?.includes(w),
        sample.word,
      );
      await screenshot(page, `editor-${lang}-narrow`);
    });

    it("uses the narrow panel (320) at 1280 px and the wide one (476) above", async () => {
      expect(await page.getByTestId("editor").getAttribute("data-narrow")).toBe("true");
      expect((await page.getByTestId("attribute-panel").boundingBox())?.width).toBe(320);
      await page.setViewportSize({ width: 1600, height: 900 });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="editor"]')?.getAttribute("data-narrow") === "false",
      );
      expect((await page.getByTestId("attribute-panel").boundingBox())?.width).toBe(476);
      await screenshot(page, `editor-${lang}-wide`);
    });

    it("warns before leaving with unsaved elements", async () => {
      let asked = false;
      page.once("dialog", async (d) => {
        asked = d.type() === "beforeunload";
        await d.dismiss();
      });
      // a beforeunload prompt needs a user gesture on the page first
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await page.reload({ waitUntil: "commit", timeout: 3000 }).catch(() => {});
      await expect.poll(() => asked).toBe(true);
      // dismissing keeps the page and the content
      expect(await page.locator(".ink-label").textContent()).toContain(sample.word);
    });

    it("does not warn for an empty label", async () => {
      await page.getByTestId("tool-undo").click();
      await page.getByTestId("tool-undo").click();
      await waitForCount(page, 0);
      let asked = false;
      page.once("dialog", async (d) => {
        asked = true;
        await d.accept();
      });
      await gotoEditor(page, app.baseUrl);
      expect(asked).toBe(false);
    });
  });

  describe("narrow screens", () => {
    /** Whether a control is on screen, inside the window and the topmost thing at its centre. */
    const reachable = (testId: string) =>
      page.evaluate((id) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (!el) return `${id}: missing`;
        const r = el.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) return `${id}: not shown`;
        if (r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight)
          return `${id}: outside the window (${Math.round(r.left)}..${Math.round(r.right)} of ${window.innerWidth})`;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit && (hit === el || el.contains(hit)) ? "ok" : `${id}: covered`;
      }, testId);
    const overflowX = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    beforeAll(async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      // a reload before may offer to restore a draft: close such prompts
      for (let i = 0; i < 3 && (await page.locator("dialog[open]").count()) > 0; i++)
        await page.keyboard.press("Escape");
      await page.getByTestId("palette-Text").dblclick();
      await waitForCount(page, 1);
      await page.getByTestId("panel-text").fill(sample.text);
      await page.waitForFunction(
        (w) => document.querySelector(".ink-label")?.textContent?.includes(w),
        sample.word,
      );
    });

    for (const width of [1280, 1000, 900, 768]) {
      it(`${width} px: the narrow editor (panel 320) with Print and Save reachable`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await page.getByTestId("canvas").waitFor();
        expect(await page.getByTestId("editor").getAttribute("data-narrow")).toBe("true");
        expect((await page.getByTestId("attribute-panel").boundingBox())?.width).toBe(320);
        expect(await page.getByTestId("narrow-notice").count()).toBe(0);
        for (const id of ["print-open", "save-menu", "exit-edit", "zoom-in", "tool-undo"])
          expect(await reachable(id)).toBe("ok");
        expect(await overflowX()).toBeLessThanOrEqual(0);
        expect((await page.getByTestId("canvas").boundingBox())?.width).toBeGreaterThan(200);
        // the view fitted at the start fits the smaller window again: the whole label is in sight
        await page.waitForFunction(() => {
          const c = document.querySelector('[data-testid="canvas"]')?.getBoundingClientRect();
          const p = document.querySelector(".ink-label-paper")?.getBoundingClientRect();
          return (
            !!c && !!p && p.left >= c.left && p.right <= c.right && p.top >= c.top && p.bottom <= c.bottom
          );
        });
        await screenshot(page, `editor-${lang}-${width}`);
      });
    }

    it("900 px with a long label name: the name gives way, Print and Save stay on screen", async () => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.getByTestId("label-name").click();
      await page.getByTestId("rename-input").fill(`${sample.name} ${"0123456789".repeat(8)}`);
      await page.getByTestId("rename-confirm").click();
      await page.getByTestId("rename-dialog").waitFor({ state: "detached" });
      for (const id of ["print-open", "save-menu", "open-label-settings", "exit-edit"])
        expect(await reachable(id)).toBe("ok");
      expect(await overflowX()).toBeLessThanOrEqual(0);
      await screenshot(page, `editor-${lang}-900-long-name`);
    });

    it("760 px (below a tablet in portrait): the editor says so and offers the preview with print and export", async () => {
      await page.setViewportSize({ width: 760, height: 800 });
      await page.getByTestId("narrow-notice").waitFor();
      expect(await page.getByTestId("narrow-notice").textContent()).toContain(t["editor.narrow.notice"]);
      expect(await page.getByTestId("canvas").count()).toBe(0);
      // a read-only preview of the label as it prints (the text typed above is in it)
      const preview = page.getByTestId("narrow-preview");
      await preview.waitFor();
      expect(await preview.getAttribute("aria-label")).toBe(t["editor.narrow.preview"]);
      await page.waitForFunction(
        (w) => (document.querySelector('[data-testid="narrow-preview"]')?.textContent ?? "").includes(w),
        sample.word,
      );
      const box = await preview.locator("svg").first().boundingBox();
      expect(box && box.width > 100 && box.x >= 0 && box.x + box.width <= 760).toBe(true);
      for (const id of ["print-open", "save-menu", "exit-edit"]) expect(await reachable(id)).toBe("ok");
      expect(await overflowX()).toBeLessThanOrEqual(0);
      await screenshot(page, `editor-${lang}-760`);
      // print from here: the print dialog fits the window, its Confirm within reach
      await page.getByTestId("print-open").click();
      await page.getByTestId("print-dialog").waitFor();
      const confirm = page
        .getByTestId("print-dialog")
        .getByRole("button", { name: t["print.dialog.confirm"] });
      const cb = await confirm.boundingBox();
      expect(cb && cb.x >= 0 && cb.x + cb.width <= 760 && cb.y + cb.height <= 800).toBe(true);
      await screenshot(page, `editor-${lang}-760-print`);
      await page
        .getByTestId("print-dialog")
        .getByRole("button", { name: t["print.dialog.cancel"], exact: true })
        .click();
      await page.getByTestId("print-dialog").waitFor({ state: "detached" });
      // the whole-label shortcuts work over the preview too: Ctrl+P saves, then opens the dialog
      await page.keyboard.press("Control+p");
      await page.getByTestId("print-dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByTestId("print-dialog").waitFor({ state: "detached" });
      // export from here: the save menu holds the PDF exports
      await page.getByTestId("save-menu").click();
      expect(await reachable("save-pdf")).toBe("ok");
      await page.getByTestId("save-menu").click();
      // a phone: the top bar still holds the name, Print and Save whole
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByTestId("narrow-preview").waitFor();
      for (const id of ["print-open", "save-menu", "exit-edit", "label-name"])
        expect(await reachable(id)).toBe("ok");
      expect(await overflowX()).toBeLessThanOrEqual(0);
      await screenshot(page, `editor-${lang}-360`);
      // and back to a wide window: the editor returns with the work
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId("canvas").waitFor();
      expect(await page.locator(".ink-label").textContent()).toContain(sample.word);
    });
  });

  describe("canvas picker", () => {
    const images = [picture(1, "#f87171"), picture(2, "#60a5fa"), picture(3, "#4ade80")];
    const name = (n: number) =>
      t["editor.canvasPicker.image"].replace("{{n}}", String(n)).replace("{{total}}", "3");
    let p: Page;
    const shown = () => p.getByTestId("canvas-view-n").textContent();

    it("shows numbered thumbnails of a label's canvas images, none chosen", async () => {
      // a new user: no draft of the labels above is offered
      p = await (await newContext(browser, locale)).newPage();
      await openEditor(p, app.baseUrl, attrQuery({ name: sample.name, canvas_img: images }));
      const picker = p.getByTestId("canvas-picker");
      await picker.waitFor();
      expect(await picker.getAttribute("aria-label")).toBe(t["editor.canvasPicker.label"]);
      const thumbs = p.getByTestId("canvas-thumb");
      expect(await thumbs.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        expect(await thumbs.nth(i).getAttribute("aria-label")).toBe(name(i + 1));
        expect(await thumbs.nth(i).textContent()).toBe(`${i + 1} / 3`);
        expect(await thumbs.nth(i).getAttribute("aria-pressed")).toBe("false");
      }
      // every thumbnail really shows its picture
      await p.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="canvas-thumb"] img')].every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 120,
        ),
      );
      expect(await p.getByTestId("canvas-view").count()).toBe(0);
    });

    it("choosing one shows that image with n / total; previous and next walk the list", async () => {
      await p.getByRole("button", { name: name(2), exact: true }).click();
      const view = p.getByTestId("canvas-view");
      await view.waitFor();
      expect(await view.getAttribute("aria-label")).toBe(name(2));
      expect(await shown()).toBe("2 / 3");
      expect(await p.getByTestId("canvas-thumb").nth(1).getAttribute("aria-pressed")).toBe("true");
      const big = view.getByRole("img", { name: name(2) });
      expect(await big.getAttribute("src")).toBe(images[1]);
      await p.waitForFunction(() => {
        const img = document.querySelector(".ink-canvas-view-img") as HTMLImageElement | null;
        return !!img && img.complete && img.naturalWidth === 120;
      });
      await screenshot(p, `editor-canvas-picker-${lang}`);
      await p.getByRole("button", { name: t["editor.canvasPicker.next"] }).click();
      expect(await shown()).toBe("3 / 3");
      expect(await p.getByTestId("canvas-view-next").isDisabled()).toBe(true);
      await p.keyboard.press("ArrowLeft");
      await p.keyboard.press("ArrowLeft");
      await p.waitForFunction(
        () => document.querySelector('[data-testid="canvas-view-n"]')?.textContent === "1 / 3",
      );
      expect(await p.getByTestId("canvas-view-prev").isDisabled()).toBe(true);
      await p.keyboard.press("Escape");
      await view.waitFor({ state: "detached" });
      // the thumbnail strip answers arrows too, without moving anything on the label
      await p.getByTestId("canvas-thumb").first().focus();
      await p.keyboard.press("ArrowRight");
      await p.waitForFunction(
        () => document.querySelector('[data-testid="canvas-view-n"]')?.textContent === "2 / 3",
      );
      await p.getByRole("button", { name: t["editor.canvasPicker.close"] }).click();
      await view.waitFor({ state: "detached" });
    });

    it("a label with a single canvas image (or unusable ones) shows no picker", async () => {
      await gotoEditor(
        p,
        app.baseUrl,
        attrQuery({ name: sample.name, canvas_img: [images[0], "javascript:alert(1)"] }),
      );
      expect(await p.getByTestId("canvas-picker").count()).toBe(0);
      await p.context().close();
    });
  });
});

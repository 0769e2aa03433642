// Layout (spec §2, §9) in Chinese: the five areas, the narrow layout at 1280 px or less (panel 320)
// against the wide one (476), labels in the interface language, labelAttr from the query, and the
// browser's leave warning once there are unsaved elements.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zh from "../../locales/zh.json";
import { launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";
import { gotoEditor, openEditor, waitForCount } from "./helpers";

const t = zh as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ctx = await newContext(browser, "zh-CN");
  page = await ctx.newPage();
  const attr = encodeURIComponent(JSON.stringify({ name: "货架标签", width: 60, height: 40 }));
  await openEditor(page, app.baseUrl, `?labelAttr=${attr}&labelStatus=add`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("layout in Chinese", () => {
  it("shows the five areas with Chinese labels and the label from labelAttr", async () => {
    for (const id of ["top-bar", "palette", "canvas", "attribute-panel", "bottom-bar", "toolbar"]) {
      await page.getByTestId(id).waitFor();
    }
    expect(await page.getByTestId("label-name").textContent()).toContain("货架标签");
    expect(await page.getByTestId("label-size").textContent()).toBe("60 X 40 mm");
    expect(await page.getByTestId("palette-Text").getAttribute("aria-label")).toBe(t["editor.palette.text"]);
    expect(await page.getByTestId("tool-undo").getAttribute("aria-label")).toBe(t["editor.action.undo"]);
    expect(await page.getByTestId("attribute-panel").textContent()).toContain(t["editor.panel.none"]);
    await page.getByTestId("palette-Text").dblclick();
    await waitForCount(page, 1);
    expect(await page.locator('[data-testid="attribute-panel"] legend').first().textContent()).toBe(
      t["editor.kind.Text"],
    );
    await page.getByTestId("panel-text").fill("价格 ¥12.50");
    await page.waitForFunction(() => document.querySelector(".ink-label")?.textContent?.includes("价格"));
    await screenshot(page, "editor-zh-narrow");
  });

  it("uses the narrow panel (320) at 1280 px and the wide one (476) above", async () => {
    expect(await page.getByTestId("editor").getAttribute("data-narrow")).toBe("true");
    expect((await page.getByTestId("attribute-panel").boundingBox())?.width).toBe(320);
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="editor"]')?.getAttribute("data-narrow") === "false",
    );
    expect((await page.getByTestId("attribute-panel").boundingBox())?.width).toBe(476);
    await screenshot(page, "editor-zh-wide");
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
    expect(await page.locator(".ink-label").textContent()).toContain("价格");
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

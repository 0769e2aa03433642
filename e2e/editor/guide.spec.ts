// The editing guide (spec §2, §4, §9) and the label creation dialog (create mode, spec §2, §4, §5):
// the guide shows on first use only, every step points at its area, skip works on every step, it
// stays away after a reload and comes back from the help popover; the illustration width follows
// the language and the screen width. The home page's "New label" opens the create dialog: defaults,
// unit conversion, cleared fields, name rules (tip41, tip42) and the way into the editor.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enJson from "../../locales/en.json";
import zhJson from "../../locales/zh.json";
import {
  appUrl,
  expectSpotAround,
  launchBrowser,
  newContext,
  openSignedInEditor,
  type RunningApp,
  registerUser,
  screenshot,
  startApp,
  waitForRoute,
} from "../support";
import { gotoEditor, LANGUAGES, messagesOf } from "./helpers";

const en = enJson as Record<string, string>;
const zh = zhJson as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;

const STEP_TARGETS = [null, "palette", "toolbar", "attribute-panel", "print-open"] as const;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ctx = await newContext(browser, "en-US", { firstUse: true });
  page = await ctx.newPage();
  await registerUser(page, app.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const guide = (p: Page) => p.getByTestId("guide");
const step = async (p: Page) => Number(await guide(p).getAttribute("data-step"));
const firstEdit = (p: Page) => p.evaluate(() => localStorage.getItem("firstEdit"));

async function figureWidth(p: Page): Promise<number> {
  return Number(await p.getByTestId("guide-figure").getAttribute("width"));
}

async function waitStep(p: Page, n: number): Promise<void> {
  await p.waitForFunction(
    (want) => document.querySelector('[data-testid="guide"]')?.getAttribute("data-step") === String(want),
    n,
  );
}

describe("editing guide", () => {
  it("shows on first use and walks through the five steps, each pointing at its area", async () => {
    expect(await firstEdit(page)).toBeNull();
    await gotoEditor(page, app.baseUrl);
    await guide(page).waitFor();
    expect(await step(page)).toBe(0);
    expect(await guide(page).getByRole("heading").textContent()).toBe(en["editor.guide.title0"]);
    // 1280 px wide is the narrow layout: English 192 (spec §9)
    expect(await figureWidth(page)).toBe(192);
    await screenshot(page, "guide-step0");
    await page.getByTestId("guide-start").click();
    for (let s = 1; s <= 4; s++) {
      await waitStep(page, s);
      expect(await guide(page).getByRole("heading").textContent()).toBe(en[`editor.guide.title${s}`]);
      await expectSpotAround(page, STEP_TARGETS[s] as string);
      await page.getByTestId("guide-skip").waitFor();
      if (s === 2) {
        // back and forth
        await page.getByTestId("guide-prev").click();
        await waitStep(page, 1);
        await page.getByTestId("guide-next").click();
        await waitStep(page, 2);
      }
      if (s < 4) await page.getByTestId("guide-next").click();
    }
    await screenshot(page, "guide-step4");
    expect(await page.getByTestId("guide-next").count()).toBe(0);
    await page.getByTestId("guide-finish").click();
    await guide(page).waitFor({ state: "detached" });
    expect(await firstEdit(page)).toBe("false");
  });

  it("is not shown again after a reload", async () => {
    await page.reload();
    await gotoEditor(page, app.baseUrl);
    await page.getByTestId("palette-Text").dblclick(); // the screen is usable: nothing covers it
    await page.waitForFunction(() => document.querySelectorAll(".ink-label g[data-id]").length === 1);
    expect(await guide(page).count()).toBe(0);
  });

  it("comes back from the help popover, and skip closes it on every step", async () => {
    for (let s = 0; s <= 4; s++) {
      await page.getByTestId("help-top").click();
      await page.getByTestId("guide-open").click();
      await waitStep(page, 0);
      if (s > 0) await page.getByTestId("guide-start").click();
      for (let i = 1; i < s; i++) {
        await waitStep(page, i);
        await page.getByTestId("guide-next").click();
      }
      await waitStep(page, s);
      await page.getByTestId("guide-skip").click();
      await guide(page).waitFor({ state: "detached" });
      expect(await firstEdit(page)).toBe("false");
    }
  });

  it("both ? buttons offer the shortcuts, the guide and the help centre's editor article", async () => {
    for (const id of ["help-bottom", "help-top"]) {
      const button = page.getByTestId(id);
      expect(await button.getAttribute("aria-label")).toBe(en["editor.help.title"]);
      await button.click();
      const help = page.getByRole("dialog", { name: en["editor.help.title"] });
      await help.getByText(en["editor.help.shortcuts"]).waitFor();
      const centre = help.getByRole("link", { name: en["editor.help.centre"] });
      expect(await centre.getAttribute("href")).toBe("/label/helpDetail?id=editor-basics");
      await screenshot(page, `editor-${id}-popover`);
      await help.getByRole("button", { name: en["editor.guide.open"] }).click();
      await waitStep(page, 0);
      await page.getByTestId("guide-skip").click();
      await guide(page).waitFor({ state: "detached" });
    }
  });

  it("sizes the illustration by screen width (wide: English 260)", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId("help-top").click();
    await page.getByTestId("guide-open").click();
    await guide(page).waitFor();
    expect(await figureWidth(page)).toBe(260);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="guide-figure"]')?.getAttribute("width") === "192",
    );
    // editing shortcuts wait while the guide is open (Ctrl+' toggles the grid)
    const grid = () => page.getByTestId("grid-toggle").getAttribute("aria-pressed");
    const before = await grid();
    await page.keyboard.press("Control+'");
    // two frames: time enough for React to have committed a toggle
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await grid()).toBe(before);
    await page.keyboard.press("Escape");
    await guide(page).waitFor({ state: "detached" });
    await page.keyboard.press("Control+'");
    await page.waitForFunction(
      (was) => document.querySelector('[data-testid="grid-toggle"]')?.getAttribute("aria-pressed") !== was,
      before,
    );
  });

  it("shows in Chinese on a first use with the Chinese width (190 narrow)", async () => {
    const { context: zctx, page: p } = await openSignedInEditor(browser, app.baseUrl, {
      locale: "zh-CN",
      firstUse: true,
    });
    await guide(p).waitFor();
    expect(await guide(p).getByRole("heading").textContent()).toBe(zh["editor.guide.title0"]);
    expect(await p.getByTestId("guide-skip").textContent()).toBe(zh["editor.guide.skip"]);
    expect(await figureWidth(p)).toBe(190);
    await screenshot(p, "guide-zh");
    await p.getByTestId("guide-skip").click();
    await guide(p).waitFor({ state: "detached" });
    await p.reload();
    await gotoEditor(p, app.baseUrl);
    expect(await guide(p).count()).toBe(0);
    await zctx.close();
  });
});

describe.each(LANGUAGES)("label creation dialog ($lang)", ({ lang, locale }) => {
  let cp: Page;
  let m: Record<string, string>;
  beforeAll(async () => {
    m = await messagesOf(lang);
    cp = await (await newContext(browser, locale)).newPage();
    await registerUser(cp, app.baseUrl);
  });
  afterAll(() => cp?.context().close());
  const input = (name: string) => cp.getByTestId(`settings-${name}`);
  const errorText = () => cp.getByTestId("settings-error").textContent();

  it("opens from New label with the defaults in the user's language", async () => {
    await cp.goto(appUrl(app.baseUrl, "/index"));
    await waitForRoute(cp, "/index");
    await cp.getByRole("button", { name: m["app.home.newLabel"] }).click();
    const dialog = cp.getByTestId("label-settings");
    await dialog.waitFor();
    // named by its title (aria-labelledby), as a screen reader announces it
    expect(
      await cp.getByRole("dialog", { name: m["editor.settings.createTitle"], exact: true }).count(),
    ).toBe(1);
    expect(await input("name").inputValue()).toBe(m["app.home.defaultLabelName"]);
    expect(await input("unit").inputValue()).toBe("mm");
    expect(await input("width").inputValue()).toBe("100");
    expect(await input("height").inputValue()).toBe("80");
    expect(await input("columns").inputValue()).toBe("1");
    expect(await input("rows").inputValue()).toBe("1");
    for (const f of [
      "columnSpacing",
      "rowSpacing",
      "paddingTop",
      "paddingBottom",
      "paddingLeft",
      "paddingRight",
    ])
      expect(await input(f).inputValue()).toBe("0");
    expect(await cp.getByTestId("preview-cell").count()).toBe(1);
  });

  it("converts between mm and inch and resets a cleared field to its default", async () => {
    await input("unit").selectOption("inch");
    expect(await input("width").inputValue()).toBe("3.937");
    expect(await input("height").inputValue()).toBe("3.15");
    await input("unit").selectOption("mm");
    expect(await input("width").inputValue()).toBe("100");
    // 3.15 inch × 25.4 to 3 decimals (spec §4)
    expect(await input("height").inputValue()).toBe("80.01");
    await input("width").fill("");
    await input("name").click(); // blur
    expect(await input("width").inputValue()).toBe("100");
    await input("columns").fill("3");
    await cp.waitForFunction(() => document.querySelectorAll('[data-testid="preview-cell"]').length === 3);
  });

  it("refuses an empty name (tip41) and forbidden characters (tip42), staying on the home cp", async () => {
    await input("name").fill("");
    await cp.getByTestId("settings-confirm").click();
    await cp.waitForFunction(() => !!document.querySelector('[data-testid="settings-error"]')?.textContent);
    expect(await errorText()).toContain(m["tip.tip41"].slice(0, 12));
    await input("name").fill("shelf/a");
    await cp.getByTestId("settings-confirm").click();
    await cp.waitForFunction(
      (want) => document.querySelector('[data-testid="settings-error"]')?.textContent?.includes(want),
      m["tip.tip42"].slice(0, 20),
    );
    expect(new URL(cp.url()).pathname).toBe("/label/index");
    await screenshot(cp, `create-dialog-error-${lang}`);
  });

  it("confirm opens the editor on the new label (labelStatus add), sizes converted to mm", async () => {
    await input("name").fill("Shelf A");
    await input("unit").selectOption("inch");
    await input("width").fill("2");
    await input("columns").fill("2");
    await cp.getByTestId("settings-confirm").click();
    await waitForRoute(cp, "/editLabel");
    const q = new URL(cp.url()).searchParams;
    expect(q.get("labelStatus")).toBe("add");
    const attrs = JSON.parse(q.get("labelAttr") ?? "{}");
    expect(attrs.name).toBe("Shelf A");
    expect(attrs.width).toBeCloseTo(50.8, 2);
    expect(attrs.height).toBeCloseTo(80, 1);
    expect(attrs.columns).toBe(2);
    await cp.getByTestId("canvas").waitFor();
    expect(await cp.getByTestId("label-name").textContent()).toContain("Shelf A");
    expect(await cp.getByTestId("label-size").textContent()).toContain(m["app.unit.inch"]);
    expect(await guide(cp).count()).toBe(0);
  });

  it("cancel closes the dialog without leaving the home cp", async () => {
    await cp.goto(appUrl(app.baseUrl, "/index"));
    await waitForRoute(cp, "/index");
    await cp.getByRole("button", { name: m["app.home.newLabel"] }).click();
    await cp.getByTestId("label-settings").waitFor();
    await cp.getByRole("button", { name: m["editor.dialog.cancel"] }).click();
    await cp.getByTestId("label-settings").waitFor({ state: "detached" });
    expect(new URL(cp.url()).pathname).toBe("/label/index");
  });
});

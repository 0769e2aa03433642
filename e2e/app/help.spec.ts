// The help centre (spec §2 /help, /helpCatalog, /helpDetail, /helpSearch; §7 the print dialog's help
// addresses): browse a category, open an article, search a word of a body, previous/next, Chinese,
// Portuguese, the numbered addresses (logged out: the help centre is public), and the
// links from the editor's "?" popover and the print dialog.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import pt from "../../locales/pt.json";
import zh from "../../locales/zh.json";
import { addAt, gotoEditor } from "../editor/helpers";
import { openPrintDialog } from "../print/helpers";
import {
  appUrl,
  launchBrowser,
  newContext,
  pagePath,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  waitForTitle,
} from "../support";

let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ctx = await newContext(browser);
  page = await ctx.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const heading = () => page.getByRole("heading", { level: 1 });
const crumbs = () =>
  page.getByRole("navigation", { name: en["help.breadcrumbs"] }).getByRole("listitem").allInnerTexts();

describe("help centre", () => {
  it("browses a category and opens an article with breadcrumbs", async () => {
    await page.goto(appUrl(app.baseUrl, "/help"));
    await heading().filter({ hasText: en["help.title"] }).waitFor();
    await waitForTitle(page, `${en["app.route.help"]} · ${en["app.name"]}`);
    await screenshot(page, "help-home");
    await page
      .getByRole("main")
      .getByRole("link", { name: en["help.category.printing"], exact: true })
      .click();
    await heading().filter({ hasText: en["help.category.printing"] }).waitFor();
    expect(pagePath(page)).toBe("/label/helpCatalog?id=printing");
    await page.getByRole("main").getByRole("link", { name: "The print is shifted" }).click();
    await heading().filter({ hasText: "The print is shifted" }).waitFor();
    expect(pagePath(page)).toBe("/label/helpDetail?id=print-shifted");
    expect(await crumbs()).toEqual([en["help.title"], en["help.category.printing"], "The print is shifted"]);
    expect(await page.locator(".help-article code", { hasText: "gap" }).count()).toBeGreaterThan(0);
    // the current article is marked in the catalogue tree
    expect(
      await page
        .getByRole("navigation", { name: en["help.catalog"] })
        .locator('[aria-current="page"]')
        .innerText(),
    ).toBe("The print is shifted");
    await screenshot(page, "help-article");
  });

  it("fits its header in a phone's 390 px: every control on screen, the search on a row of its own", async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.goto(appUrl(app.baseUrl, "/help"));
      await heading().filter({ hasText: en["help.title"] }).waitFor();
      const boxes = await page.$$eval(".help > .shell-header :is(a, button, input, select)", (els) =>
        els
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0)
          .map((r) => ({ left: r.left, right: r.right })),
      );
      expect(boxes.length).toBeGreaterThan(3);
      for (const b of boxes) {
        expect(b.left).toBeGreaterThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(390);
      }
      await screenshot(page, "help-home-390");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      // back on the article the next test starts from
      await page.goto(appUrl(app.baseUrl, "/helpDetail?id=print-shifted"));
      await heading().filter({ hasText: "The print is shifted" }).waitFor();
    }
  });

  it("follows previous and next, and links between articles", async () => {
    await page.getByRole("link", { name: `${en["help.next"]}: Scan to print →` }).click();
    await heading().filter({ hasText: "Scan to print" }).waitFor();
    await page.getByRole("link", { name: `← ${en["help.prev"]}: The print is shifted` }).click();
    await heading().filter({ hasText: "The print is shifted" }).waitFor();
    await page.locator(".help-article").getByRole("link", { name: "Label size and sheets" }).click();
    await heading().filter({ hasText: "Label size and sheets" }).waitFor();
    expect(pagePath(page)).toBe("/label/helpDetail?id=label-settings");
  });

  it("searches a word that only appears in an article body", async () => {
    const box = page.getByRole("searchbox", { name: en["help.search.label"] });
    await box.fill("calibration");
    await box.press("Enter");
    await heading().filter({ hasText: "calibration" }).waitFor();
    const results = page.getByRole("list", { name: en["help.search.results"] }).getByRole("link");
    // the heading shows at once; the results once the language's index has loaded
    await results.first().waitFor();
    expect(await results.allInnerTexts()).toContain("The print is shifted");
    await screenshot(page, "help-search");
    await page.getByRole("link", { name: "The print is shifted" }).click();
    await heading().filter({ hasText: "The print is shifted" }).waitFor();

    await box.fill("qwertyuiop");
    await box.press("Enter");
    await page.getByText(en["help.search.none"]).waitFor();
  });

  it("lands the print dialog's numbered addresses on the printing article", async () => {
    for (const route of ["/en/help/125/", "/help/124/"]) {
      await page.goto(appUrl(app.baseUrl, route));
      await heading().filter({ hasText: "Printing a label" }).waitFor();
      expect(pagePath(page)).toBe("/label/helpDetail?id=printing");
    }
    await page.goto(appUrl(app.baseUrl, "/helpDetail?id=no-such-article"));
    await heading().filter({ hasText: en["help.title"] }).waitFor();
    expect(pagePath(page)).toBe("/label/help");
  });

  it("shows and searches Chinese articles in Chinese", async () => {
    const zhCtx = await newContext(browser, "zh-CN");
    const p = await zhCtx.newPage();
    await p.goto(appUrl(app.baseUrl, "/help/124/"));
    await p.getByRole("heading", { level: 1, name: "打印标签" }).waitFor();
    const box = p.getByRole("searchbox", { name: zh["help.search.label"] });
    await box.fill("热敏打印机");
    await box.press("Enter");
    const results = p.getByRole("list", { name: zh["help.search.results"] }).getByRole("link");
    await results.first().waitFor();
    const titles = await results.allInnerTexts();
    expect(titles).toContain("快速入门");
    await results.filter({ hasText: "快速入门" }).click();
    await p.getByRole("heading", { level: 1, name: "快速入门" }).waitFor();
    expect(await p.getByRole("navigation", { name: zh["help.breadcrumbs"] }).innerText()).toContain(
      zh["help.category.start"],
    );
    await p.getByRole("link", { name: new RegExp(`^${zh["help.next"]}:`) }).click();
    await p.getByRole("heading", { level: 1, name: "标签编辑器" }).waitFor();
    await screenshot(p, "help-zh");
    await zhCtx.close();
  });

  it("shows Portuguese articles in Portuguese, with no fallback note", async () => {
    const ptCtx = await newContext(browser, "pt-BR");
    const p = await ptCtx.newPage();
    await p.goto(appUrl(app.baseUrl, "/helpDetail?id=tables"));
    await p.getByRole("heading", { level: 1, name: "Tabelas" }).waitFor();
    expect(await p.getByRole("navigation", { name: pt["help.breadcrumbs"] }).innerText()).toContain(
      pt["help.category.elements"],
    );
    expect(await p.getByText(pt["help.fallback"]).count()).toBe(0);
    await ptCtx.close();
  });

  it("leads the editor's ? popover and the print dialog's help link to their articles", async () => {
    for (const [locale, printing, guide] of [
      ["en-US", "Printing a label", "The label editor"],
      ["zh-CN", "打印标签", "标签编辑器"],
    ] as const) {
      const { context, page: p } = await signedInPage(browser, app.baseUrl, locale);
      await gotoEditor(p, app.baseUrl);
      await p.getByTestId("help-bottom").click();
      const guideLink = p.getByTestId("help-centre-link");
      await screenshot(p, `help-popover-${locale}`);
      expect(await guideLink.getAttribute("target")).toBe("_blank");
      const [guideTab] = await Promise.all([context.waitForEvent("page"), guideLink.click()]);
      await guideTab.getByRole("heading", { level: 1, name: guide }).waitFor();
      await guideTab.close();

      await addAt(p, "Rectangle", 0.5, 0.5); // an empty label is not saved, so not printed
      const dialog = await openPrintDialog(p);
      const helpLink = dialog.getByTestId("print-help");
      expect(await helpLink.getAttribute("href")).toBe(
        locale === "zh-CN" ? "/label/help/124/" : "/label/en/help/125/",
      );
      const [printTab] = await Promise.all([context.waitForEvent("page"), helpLink.click()]);
      await printTab.getByRole("heading", { level: 1, name: printing }).waitFor();
      expect(new URL(printTab.url()).search).toBe("?id=printing");
      await context.close();
    }
  });
});

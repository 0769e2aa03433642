// Accessibility (the developers' guide: "every control has an accessible name; pages have headings;
// axe-clean"): axe-core against WCAG 2.0/2.1 A and AA, colour contrast included, on every page of the
// route table (src/app/router/routes.tsx) signed in and signed out, the editor with a text, a barcode
// and a table, its main dialogs, and a few of them in Chinese; and the app shell's skip link.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import zh from "../../locales/zh.json";
import { addAt, clickElement, gotoEditor } from "../editor/helpers";
import { openPrintDialog } from "../print/helpers";
import {
  appUrl,
  axeViolations,
  launchBrowser,
  newContext,
  pagePath,
  type RunningApp,
  signedInPage,
  startApp,
} from "../support";

let app: RunningApp;
let browser: Browser;
let signedIn: { context: BrowserContext; page: Page };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  signedIn = await signedInPage(browser, app.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** What a page shows while it is still loading, in the language `m`. */
const busyTexts = (m: Record<string, string>) => [m["app.common.loading"], m["printer.local.checking"]];

/** Opens a route and waits until the page has its heading and nothing is loading any more. */
async function openSettled(page: Page, route: string, m: Record<string, string> = en): Promise<void> {
  await page.goto(appUrl(app.baseUrl, route));
  await page.locator("main h1").first().waitFor();
  await page.waitForFunction(
    (busy) =>
      !document.querySelector('.page-loading, [aria-busy="true"]') &&
      !busy.some((b) => document.querySelector("main")?.textContent?.includes(b)),
    busyTexts(m),
  );
}

// every page under the home shell and the other signed-in pages of the route table
const SIGNED_IN = [
  "/index",
  "/cloudTemplate",
  "/cloudData",
  "/industryTemplate",
  "/sharingTemplates",
  "/pdfPrint",
  "/myPrinter",
  "/printRecord",
  "/dataRecovery",
  "/team",
  "/team/join",
  // the personal space: what the station says and where teams are made
  "/station",
  "/user",
  "/member",
  "/expansion",
  "/member/purchaseRecords",
  "/help",
  "/helpCatalog?id=printing",
  "/helpDetail?id=print-shifted",
  "/helpSearch?q=gap",
  "/download",
  "/404",
];
const SIGNED_OUT = ["/login", "/register", "/forgetpwd"];

describe("axe finds no WCAG 2.1 A/AA violation", () => {
  describe("signed in, English", () => {
    for (const route of SIGNED_IN)
      it(route, async () => {
        await openSettled(signedIn.page, route);
        expect(await axeViolations(signedIn.page)).toEqual([]);
      });
  });

  describe("signed out, English", () => {
    let page: Page;
    beforeAll(async () => {
      page = await (await newContext(browser)).newPage();
    });
    for (const route of SIGNED_OUT)
      it(route, async () => {
        await openSettled(page, route);
        expect(await axeViolations(page)).toEqual([]);
      });
  });

  describe("the editor, English", () => {
    const page = () => signedIn.page;
    const added: Record<string, string> = {};
    beforeAll(async () => {
      await gotoEditor(page(), app.baseUrl);
      added.Text = await addAt(page(), "Text", 0.25, 0.2);
      added.Barcode = await addAt(page(), "Barcode", 0.3, 0.6);
      added.Table = await addAt(page(), "Table", 0.75, 0.4);
    });

    it("with a text, a barcode and a table, each selected in turn (its panel shown)", async () => {
      for (const kind of ["Table", "Text", "Barcode"]) {
        await clickElement(page(), added[kind]);
        await page().waitForFunction(
          (id) => document.querySelector(`[data-testid="selection-box"][data-for="${id}"]`),
          added[kind],
        );
        expect(await axeViolations(page()), kind).toEqual([]);
      }
    });

    it("label settings", async () => {
      await page().getByTestId("open-label-settings").click();
      await page().getByTestId("label-settings").waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await page().getByTestId("settings-cancel").click();
      await page().getByTestId("label-settings").waitFor({ state: "detached" });
    });

    it("the save menu open", async () => {
      await page().getByTestId("save-menu").click();
      await page().getByRole("menu", { name: en["editor.save.button"] }).waitFor();
      expect(await axeViolations(page())).toEqual([]);
      // Escape closes it from its own items and gives the focus back to its button
      await page().keyboard.press("Escape");
      await page().getByRole("menu", { name: en["editor.save.button"] }).waitFor({ state: "detached" });
      expect(await page().evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
        "save-menu",
      );
    });

    it("the shortcut help", async () => {
      await page().getByTestId("help-bottom").click();
      await page().getByTestId("shortcut-help").waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await page().keyboard.press("Escape");
      await page().getByTestId("shortcut-help").waitFor({ state: "detached" });
      expect(await page().evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
        "help-bottom",
      );
    });

    it("the print dialog", async () => {
      const dialog = await openPrintDialog(page());
      await page().waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await axeViolations(page())).toEqual([]);
      await dialog.getByRole("button", { name: en["print.dialog.cancel"] }).click();
      await dialog.waitFor({ state: "detached" });
    });
  });

  describe("Chinese", () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await signedInPage(browser, app.baseUrl, "zh-CN"));
    });

    it("the home page: lang zh, translated names", async () => {
      await openSettled(page, "/index", zh);
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^zh/);
      await page.getByRole("link", { name: zh["app.skipToMain"] }).waitFor({ state: "attached" });
      expect(await axeViolations(page)).toEqual([]);
    });

    it("the cloud templates and the help centre", async () => {
      for (const route of ["/cloudTemplate", "/help"]) {
        await openSettled(page, route, zh);
        expect(await axeViolations(page), route).toEqual([]);
      }
    });

    it("the editor with a text and its label settings", async () => {
      await gotoEditor(page, app.baseUrl);
      await addAt(page, "Text", 0.3, 0.3);
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^zh/);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId("open-label-settings").click();
      await page.getByRole("dialog", { name: zh["editor.settings.title"] }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});

describe("the skip link", () => {
  // the app shell's and the help centre's (each has a header of its own before the page)
  it.each(["/cloudTemplate", "/help"])(
    "%s: is the first stop of Tab, shows when focused, and moves the focus into <main>",
    async (route) => {
      const page = signedIn.page;
      await openSettled(page, route);
      const link = page.getByRole("link", { name: en["app.skipToMain"] });
      // hidden until focused: no visible box on the screen
      const hidden = await link.boundingBox();
      expect(
        hidden === null || hidden.width <= 1 || hidden.height <= 1 || hidden.y + hidden.height <= 0,
      ).toBe(true);
      await page.keyboard.press("Tab");
      expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
      const shown = await link.boundingBox();
      expect(shown && shown.width > 20 && shown.height > 10 && shown.y >= 0).toBe(true);
      const before = pagePath(page);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => !!document.activeElement?.closest("main"));
      expect(pagePath(page)).toBe(before);
      // the next Tab goes on inside the page, not back to the header
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
    },
  );
});

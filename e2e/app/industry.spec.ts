// Industry templates (issue 16): a new user reaches /industryTemplate from the navigation, browses
// an industry, searches, previews a template and uses it: the editor opens the label as a copy and
// the print dialog shows it.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import ru from "../../locales/ru.json";
import { buildTemplate, INDUSTRIES } from "../../src/server/seed/industry";
import { clickElement, renderedIds, waitForEditor } from "../editor/helpers";
import { openPrintDialog } from "../print/helpers";
import {
  appUrl,
  chooseFromMainNav,
  chooseFromUserMenu,
  fillLogin,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  type TestUser,
  waitForRoute,
  waitForTexts,
  waitForTitle,
} from "../support";

const t = en as Record<string, string>;
const total = INDUSTRIES.reduce((n, i) => n + i.templates.length, 0);
let app: RunningApp;
let browser: Browser;
let page: Page;
let user: TestUser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ INKLESS_INDUSTRY_LIBRARY: "1" }), launchBrowser()]);
  ({ page, user } = await signedInPage(browser, app.baseUrl));
  page.on("pageerror", (e) => console.log("PAGEERR", e.message));
  // the covers are drawn at start, in the background: wait until the server has them all, then
  // the page is looked at
  const covered = async () => {
    const r = await page.request.post(`${app.baseUrl}/interface/api/tem.app_public/getIndustryTemplateList`);
    const list: { image: string }[] = (await r.json()).data?.list ?? [];
    return list.length === total && list.every((x) => x.image);
  };
  const until = Date.now() + 150_000;
  while (!(await covered())) {
    if (Date.now() > until) throw new Error("the industry library was not published");
    await page.waitForTimeout(500); // polling the server's state, not a fixed wait for an outcome
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(page, `industry-fail-${ctx.task.name.slice(0, 30)}`);
});

const names = () => page.getByTestId("industry-name").allTextContents();

describe("industry templates", () => {
  it("are reached from the navigation, by industry and by search", async () => {
    await chooseFromMainNav(page, t["app.nav.industryTemplate"]);
    await page.waitForURL(/\/label\/industryTemplate$/);
    await waitForTitle(page, `${t["app.route.industryTemplate"]} · ${t["app.name"]}`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="industry-item"] img').length === n,
      total,
    );
    await page.getByTestId("industry-tab-food").click();
    const food = INDUSTRIES.find((i) => i.id === "food")?.templates ?? [];
    expect((await names()).sort()).toEqual(food.map((x) => t[`industry.template.${x.slug}`]).sort());
    // a search looks through every industry, whichever is open, in names and in what a template
    // prints: the weighed goods label says "Price / kg"; the All tab shows what it found
    await page.getByTestId("industry-search").fill("price");
    await waitForTexts(page, "industry-name", [
      t["industry.template.price-tag"],
      t["industry.template.promo-price"],
      t["industry.template.weighed-goods"],
      t["industry.template.price-card"],
    ]);
    expect(await page.getByTestId("industry-tab-all").getAttribute("aria-selected")).toBe("true");
    await screenshot(page, "industry-search");
    await page.getByTestId("industry-search").fill("no such label");
    await page.getByText(t["industry.empty"]).waitFor();
    await page.getByTestId("industry-search").fill("");
  });

  it("previews a template and uses it: the editor opens a copy, the print dialog shows it", async () => {
    const slug = "shelf-edge";
    const name = t[`industry.template.${slug}`];
    await page.getByRole("button", { name: t["industry.preview"].replace("{{name}}", name) }).click();
    const dialog = page.getByTestId("industry-preview");
    await dialog.getByRole("img", { name }).waitFor();
    expect(await dialog.getByTestId("industry-preview-size").textContent()).toBe("70 × 38 mm");
    await screenshot(page, "industry-preview");
    await dialog.getByTestId("industry-use").click();
    await page.waitForURL(/\/editLabel\?/);
    await waitForEditor(page);
    const built = buildTemplate(
      INDUSTRIES[0].templates.find((x) => x.slug === slug) ?? INDUSTRIES[0].templates[0],
    );
    await page.waitForFunction(
      (n) => document.querySelectorAll(".ink-label g[data-id]").length >= n,
      built.elements.length,
    );
    expect(await renderedIds(page)).toEqual(built.elements.map((e) => e.Id));
    const print = await openPrintDialog(page);
    const preview = print.getByTestId("print-preview");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="print-preview"]')?.getAttribute("aria-busy") === "false",
    );
    expect(await preview.locator("svg, img").count()).toBeGreaterThan(0);
    expect(await print.locator("#ink-print-name").textContent()).toBe(name);
    await screenshot(page, "industry-print");
  });

  it("switches the unit to inch: the library's sizes and the editor panel show inches", async () => {
    // the editor is open on the shelf edge label: the panel shows millimetres first
    await page
      .getByTestId("print-dialog")
      .getByRole("button", { name: t["print.dialog.cancel"], exact: true })
      .click();
    await page.getByTestId("print-dialog").waitFor({ state: "detached" });
    const [first] = await renderedIds(page);
    await clickElement(page, first);
    await page.getByTestId("panel-width").waitFor();
    const widthLabel = page.locator('label:has([data-testid="panel-width"]) > span');
    expect(await widthLabel.textContent()).toBe("Width (mm)");
    await page.goto(appUrl(app.baseUrl, "/industryTemplate"));
    await page.getByTestId("industry-item").first().waitFor();
    await page.getByTestId("unit-switch").selectOption("inch");
    await page.getByText("2.756 × 1.496 in").waitFor(); // 70 × 38 mm
    await page
      .getByRole("button", {
        name: t["industry.preview"].replace("{{name}}", t["industry.template.price-tag"]),
      })
      .click();
    expect(await page.getByTestId("industry-preview-size").textContent()).toBe("1.969 × 1.181 in");
    await page.getByTestId("industry-use").click();
    await waitForEditor(page);
    expect(await page.getByTestId("label-size").textContent()).toBe("1.969 X 1.181 inch");
    // the price tag's three elements: name, price, EAN-13
    await page.waitForFunction(() => document.querySelectorAll(".ink-label g[data-id]").length === 3);
    const ids = await renderedIds(page);
    await clickElement(page, ids[ids.length - 1]); // the EAN-13, 39.039 mm wide
    await page.getByTestId("panel-width").waitFor();
    expect(await widthLabel.textContent()).toBe("Width (inch)");
    expect(await page.getByTestId("panel-width").inputValue()).toBe("1.537");
    await screenshot(page, "industry-inch-editor");
  });

  it("keeps the settings with the account: they come back after signing out and in", async () => {
    await page.goto(appUrl(app.baseUrl, "/user"));
    const print = page.getByTestId("print-settings");
    await print.getByLabel(t["app.settings.copies"]).fill("3");
    await print.getByLabel(t["app.settings.printer"]).fill("Shelf printer");
    await print.getByTestId("print-settings-save").click();
    await page.getByText(t["app.settings.saved"]).first().waitFor();
    const more = page.getByTestId("more-settings");
    // in inch: 2 × 1 in is 50.8 × 25.4 mm
    await more.getByLabel(t["app.settings.labelWidth"].replace("{{unit}}", t["app.unit.inch"])).fill("2");
    await more.getByLabel(t["app.settings.labelHeight"].replace("{{unit}}", t["app.unit.inch"])).fill("1");
    await more.getByTestId("more-settings-save").click();
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem("userSettings") ?? "{}").labelWidth === 50.8,
    );
    await screenshot(page, "industry-settings");

    await chooseFromUserMenu(page, t["app.nav.signOut"]);
    await waitForRoute(page, "/login");
    // this browser forgets them: they are the account's
    expect(await page.evaluate(() => localStorage.getItem("MeasureUnit"))).toBe("mm");
    await fillLogin(page, user);
    await waitForRoute(page, "/index");
    await page.waitForFunction(() => localStorage.getItem("MeasureUnit") === "inch");
    expect(await page.getByTestId("unit-switch").inputValue()).toBe("inch");
    const config = await page.evaluate(() => JSON.parse(localStorage.getItem("configuration") ?? "null"));
    expect(config).toEqual({ member_space: expect.any(String), image_size: expect.any(Number) });
    await page.getByTestId("home-space").waitFor();
    await page.goto(appUrl(app.baseUrl, "/user"));
    expect(await page.getByTestId("print-settings").getByLabel(t["app.settings.copies"]).inputValue()).toBe(
      "3",
    );
    expect(await page.getByTestId("print-settings").getByLabel(t["app.settings.printer"]).inputValue()).toBe(
      "Shelf printer",
    );
    const width = page
      .getByTestId("more-settings")
      .getByLabel(t["app.settings.labelWidth"].replace("{{unit}}", t["app.unit.inch"]));
    expect(await width.inputValue()).toBe("2");

    // a size typed and not saved is kept in mm: switching the unit shows it converted (3 in = 76.2 mm),
    // and only the save button stores it
    await width.fill("3");
    await more.getByTestId("unit-switch").selectOption("mm");
    const widthMm = more.getByLabel(t["app.settings.labelWidth"].replace("{{unit}}", t["app.unit.mm"]));
    await widthMm.waitFor();
    expect(await widthMm.inputValue()).toBe("76.2");
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("userSettings") ?? "{}").labelWidth),
    ).toBe(50.8);
  });

  it("links only pages that exist: every navigation and home link opens its page, none goes to 404", async () => {
    await page.goto(appUrl(app.baseUrl, "/index"));
    await page.locator("main.home").waitFor();
    const hrefsIn = (selector: string) =>
      page.$$eval(selector, (as) =>
        as.map((a) => a.getAttribute("href") ?? "").filter((h) => h.startsWith("/label/")),
      );
    const found = await hrefsIn("header a[href], main.home a[href]");
    // and the entries inside the user menu and, when the row has no room for all, the More menu
    for (const menu of ["user-menu", "main-nav-menu"]) {
      if (!(await page.getByTestId(menu).count())) continue;
      await page.getByTestId(menu).click();
      await page.getByTestId(`${menu}-pop`).waitFor();
      found.push(...(await hrefsIn(`[data-testid="${menu}-pop"] a[href]`)));
      await page.keyboard.press("Escape");
    }
    const hrefs = [...new Set(found)];
    // the spec's areas that have pages today
    for (const area of [
      "/label/industryTemplate",
      "/label/cloudTemplate",
      "/label/cloudData",
      "/label/dataRecovery",
    ])
      expect(hrefs).toContain(area);
    expect(hrefs).toContain("/label/user#print-settings");
    expect(hrefs).toContain("/label/user#more-settings");
    for (const href of hrefs) {
      await page.goto(`${app.baseUrl}${href}`);
      await page.locator("main").first().waitFor();
      expect(new URL(page.url()).pathname, href).not.toBe("/label/404");
      expect(await page.title(), href).not.toContain(t["app.route.notFound"]);
    }
    // a settings link lands on its section
    await page.goto(appUrl(app.baseUrl, "/user#more-settings"));
    await page.getByTestId("more-settings").waitFor();
    await page.waitForFunction(() => {
      const r = document.getElementById("more-settings")?.getBoundingClientRect();
      return !!r && r.top < window.innerHeight && r.bottom > 0;
    });
  });

  it("prints a template's texts in the user's language: a Russian user's copy says them in Russian", async () => {
    const r = ru as Record<string, string>;
    const { context, page: ruPage } = await signedInPage(browser, app.baseUrl, "ru-RU");
    try {
      await ruPage.goto(appUrl(app.baseUrl, "/industryTemplate"));
      const name = r["industry.template.nutrition-facts"];
      await ruPage.getByRole("button", { name: r["industry.preview"].replace("{{name}}", name) }).click();
      await ruPage.getByTestId("industry-use").click();
      await ruPage.waitForURL(/\/editLabel\?/);
      await waitForEditor(ruPage);
      // the canvas draws text as outlines: read the texts in the panel, as the user edits them
      const nutrition = INDUSTRIES.flatMap((i) => i.templates).find((x) => x.slug === "nutrition-facts");
      const ids = buildTemplate(nutrition ?? INDUSTRIES[0].templates[0], "ru").elements.map((e) => e.Id);
      await ruPage.waitForFunction(
        (n) => document.querySelectorAll(".ink-label g[data-id]").length >= n,
        ids.length,
      );
      const textOf = async (id: string) => {
        await clickElement(ruPage, id);
        await ruPage.getByTestId("panel-text").waitFor();
        return ruPage.getByTestId("panel-text").inputValue();
      };
      expect(await textOf(ids[0])).toBe("Пищевая ценность");
      expect(await textOf(ids[3])).toContain("Состав: овсяные хлопья");
      await screenshot(ruPage, "industry-ru-editor");
    } catch (e) {
      await screenshot(ruPage, "industry-ru-fail");
      throw e;
    } finally {
      await context.close();
    }
  });
});

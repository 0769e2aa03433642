// Industry templates (issue 16): a new user reaches /industryTemplate from the navigation, browses
// an industry, searches, previews a template and uses it: the editor opens the label as a copy and
// the print dialog shows it.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { buildTemplate, INDUSTRIES } from "../../src/server/seed/industry";
import { renderedIds, waitForEditor } from "../editor/helpers";
import { openPrintDialog } from "../print/helpers";
import { launchBrowser, type RunningApp, screenshot, signedInPage, startApp, waitForTexts } from "../support";

const t = en as Record<string, string>;
const total = INDUSTRIES.reduce((n, i) => n + i.templates.length, 0);
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ INKLESS_INDUSTRY_LIBRARY: "1" }), launchBrowser()]);
  ({ page } = await signedInPage(browser, app.baseUrl));
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
    await page
      .getByRole("navigation", { name: t["app.nav.main"] })
      .getByRole("link", { name: t["app.nav.industryTemplate"] })
      .click();
    await page.waitForURL(/\/label\/industryTemplate$/);
    expect(await page.title()).toContain(t["app.route.industryTemplate"]);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="industry-item"] img').length === n,
      total,
    );
    await page.getByTestId("industry-tab-food").click();
    const food = INDUSTRIES.find((i) => i.id === "food")?.templates ?? [];
    expect((await names()).sort()).toEqual(food.map((x) => t[`industry.template.${x.slug}`]).sort());
    await page.getByTestId("industry-tab-all").click();
    await page.getByTestId("industry-search").fill("price");
    await waitForTexts(page, "industry-name", [
      t["industry.template.price-tag"],
      t["industry.template.promo-price"],
      t["industry.template.price-card"],
    ]);
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
});

// Issue 34's spec items that were partial, used as a person would in Chromium: the "Online tools"
// area (its page lists only tools that open, and picture to label opens in the editor); the IMEI
// when binding a cloud device (refused beside its field, then stored and shown on the device's card);
// variable templates for members in the member build variant (INKLESS_MEMBER_VARIABLE=1: the ★
// members badge and the membership prompt); and the table's dashed red outline in the print preview.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { addAt, gotoEditor } from "../editor/helpers";
import {
  appUrl,
  chooseFromMainNav,
  launchBrowser,
  newContext,
  newUser,
  type RunningApp,
  registerUser,
  screenshot,
  startApp,
  waitForRoute,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ INKLESS_MEMBER_VARIABLE: "1" }), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await registerUser(page, app.baseUrl, newUser());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("the second hour's spec items", () => {
  it("Online tools: a page of the tools that open; picture to label opens in the editor", async () => {
    await page.goto(appUrl(app.baseUrl, "/index"));
    await chooseFromMainNav(page, t["app.nav.tools"]);
    await waitForRoute(page, "/tools");
    const list = page.getByTestId("tools-list");
    await expect
      .poll(() => list.getByRole("link").allTextContents())
      .toEqual([t["app.nav.pdfPrint"], t["ai.open"], t["app.tools.scanTitle"], t["app.nav.download"]]);
    await screenshot(page, "tools-page");
    await list.getByRole("link", { name: t["ai.open"] }).click();
    await page.getByTestId("ai-dialog").waitFor({ timeout: 60_000 });
  }, 120_000);

  it("IMEI: a wrong one is refused beside its field; a right one is stored and shown", async () => {
    const reg = (await (
      await page.request.post(`${app.baseUrl}/interface/api/device/register`, { data: { name: "4G" } })
    ).json()) as { data: { sn: string; code: string } };
    await page.goto(appUrl(app.baseUrl, "/myPrinter"));
    const form = page.getByTestId("printer-bind");
    await form.getByLabel(t["printer.bind.serial"]).fill(reg.data.sn);
    await form.getByLabel(t["printer.bind.code"]).fill(reg.data.code);
    const imei = form.getByLabel(t["printer.bind.imei"]);
    await imei.fill("49015420323751");
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    await form.getByText(t["printer.bind.imeiDigits"]).waitFor();
    await imei.fill("490154203237517");
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    await form.getByText(t["printer.bind.imeiCheck"]).waitFor();
    expect(await imei.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "imei-refused");
    await imei.fill("49-015420-323751-8");
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    const shown = page.getByTestId("printer-imei");
    await shown.waitFor({ timeout: 30_000 });
    expect(await shown.textContent()).toBe("490154203237518");
    await screenshot(page, "imei-bound");
  }, 120_000);

  it("variable templates: ★ members on spreadsheet, sequence and counter, and the prompt instead of the switch", async () => {
    await gotoEditor(page, app.baseUrl);
    await addAt(page, "Text", 0.5, 0.5);
    const type = page.getByTestId("source-type");
    await expect
      .poll(() => type.locator("option").allTextContents())
      .toEqual([
        t["elements.source.type0"],
        `${t["elements.source.type1"]} ★ ${t["elements.font.premium"]}`,
        `${t["elements.source.type2"]} ★ ${t["elements.font.premium"]}`,
        t["elements.source.type3"],
        t["elements.source.type4"],
        t["elements.source.type5"],
        `${t["elements.source.type6"]} ★ ${t["elements.font.premium"]}`,
      ]);
    await page.getByTestId("source-members-only").waitFor();
    await type.selectOption("2");
    await page.getByTestId("membership-message").waitFor();
    expect(await page.getByTestId("membership-message").textContent()).toBe(t["editor.member.variable"]);
    await screenshot(page, "variable-members-only");
    // the source stayed fixed text
    expect(await type.inputValue()).toBe("0");
  }, 120_000);

  it("the print preview draws a table inside a dashed red outline", async () => {
    // a browser of its own: the unsaved label above would be offered back as a draft here
    const p = await (await newContext(browser)).newPage();
    await registerUser(p, app.baseUrl, newUser());
    await gotoEditor(p, app.baseUrl);
    await addAt(p, "Table", 0.5, 0.5);
    await p.keyboard.press("Escape");
    await p.getByTestId("print-open").click();
    const outline = p.getByTestId("print-preview").locator('rect[data-preview="table-outline"]');
    await outline.waitFor({ state: "attached", timeout: 60_000 });
    expect(await outline.getAttribute("stroke-dasharray")).toMatch(/^[\d.]+ [\d.]+$/);
    expect(await outline.getAttribute("stroke")).toBe("#E53935");
    await screenshot(p, "table-outline-preview");
  }, 120_000);
});

// Formulas in the editor (issue 38): a text's source switched to "Formula" shows the translated error
// and its position as the user types a bad formula, then the value of `today() + 30 days` formatted,
// on the canvas and in the exported PDF (read back with pdftotext).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { addAt, clickElement, openEditor } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let id: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
  id = await addAt(page, "Text", 0.4, 0.4);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await screenshot(page, `formula-fail-${ctx.task.name.slice(0, 30)}`);
});

const result = () => page.getByTestId("source-formula-result");

/** The date 30 calendar days from today in this machine's time zone (the browser's), as yyyy-MM-dd. */
function in30Days(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 30);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

describe("a formula source", () => {
  it("shows the error where the formula is typed, then the value on the canvas and in the PDF", async () => {
    await clickElement(page, id);
    await page.getByTestId("source-type").selectOption("4");
    const box = page.getByTestId("source-formula");
    await box.waitFor();
    expect(await box.getAttribute("aria-describedby")).toBe(await result().getAttribute("id"));

    await box.fill(`"Lot " & 10 / (2 - 2)`);
    const divError = t["formula.error.at"]
      .replace("{{pos}}", "13")
      .replace("{{message}}", t["formula.error.divisionByZero"]);
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="source-formula-result"]')?.textContent === want,
      divError,
    );
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    await box.fill(`upper(nobody)`);
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="source-formula-result"]')?.textContent?.includes(want),
      t["formula.error.unknownName"].replace("{{name}}", "nobody"),
    );

    const want = `BB ${in30Days()}`;
    await box.fill(`"BB " & formatDate(today() + 30 days, "yyyy-MM-dd")`);
    await page.waitForFunction(
      (w) => document.querySelector('[data-testid="source-formula-result"]')?.textContent?.endsWith(w),
      want,
    );
    expect(await box.getAttribute("aria-invalid")).toBe("false");
    await box.press("Control+Enter");
    // the canvas lays words out one by one: compare without the spaces between them
    await page.waitForFunction(
      ([i, w]) =>
        document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent?.replace(/\s/g, "") ===
        w.replace(/\s/g, ""),
      [id, want] as const,
    );
    await screenshot(page, "formula-canvas");

    const pdf = join(mkdtempSync(join(tmpdir(), "inkless-formula-")), "formula.pdf");
    const dl = page.waitForEvent("download");
    await page.getByTestId("save-menu").click();
    await page.getByTestId("save-pdf-label").click();
    await (await dl).saveAs(pdf);
    expect(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" })).toContain(want);
  });
});

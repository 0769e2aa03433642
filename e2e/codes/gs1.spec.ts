// The GS1 builder (issue 38): a GS1-128 built in the code panel from GTIN, batch and expiry, each
// value checked under its field as it is typed, the human-readable line shown; then the label is
// exported as PNG and as a label-size PDF (rasterised by poppler) and zxing must read the AIs back
// as a GS1 symbol, with the GS separator after the batch.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { decode } from "../../tests/codes/support/zxing";
import * as h from "../export/helpers";
import { launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";
import { addCode, waitForCode, waitForPlaceholder } from "./helpers";

const t = en as Record<string, string>;
const fill = (key: string, vars: Record<string, string | number>) =>
  t[key]?.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k])) ?? key;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-gs1-"));

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function download(start: () => Promise<void>, file: string): Promise<string> {
  const dl = page.waitForEvent("download");
  await start();
  const path = join(dir, file);
  await (await dl).saveAs(path);
  return path;
}

async function typeValue(ai: string, text: string) {
  await page.getByTestId(`panel-gs1-value-${ai}`).fill(text);
}

async function addAi(ai: string) {
  await page.getByTestId("panel-gs1-add-ai").selectOption(ai);
  await page.getByTestId("panel-gs1-add").click();
  await page.getByTestId(`panel-gs1-value-${ai}`).waitFor();
}

const issue = (ai: string) => page.getByTestId(`panel-gs1-issue-${ai}`);

const HRI = "(01)09506000134352(10)AB12(17)261231";
const RAW = "0109506000134352" + "10AB12\u001d17261231";

describe("GS1 builder", () => {
  it("builds a GS1-128 from GTIN, batch and expiry, exported PNG and PDF decode to the AIs", async () => {
    try {
      const id = await addCode(page, "Barcode", 5, 5);
      await page.getByTestId("panel-code-type").selectOption("26");
      await page.getByTestId("panel-gs1").waitFor();
      // the type's default content is read as rows: one GTIN
      await page.getByTestId("panel-gs1-value-01").waitFor();

      // a wrong check digit is named under the field as it is typed
      await typeValue("01", "09506000134353");
      await issue("01").waitFor();
      expect(await issue("01").textContent()).toBe(fill("codes.gs1.checkDigit", { ai: "01", digit: 2 }));
      await waitForPlaceholder(page, id, "codes.gs1.checkDigit");
      await typeValue("01", "09506000134352");
      await issue("01").waitFor({ state: "detached" });

      await addAi("10");
      expect(await issue("10").textContent()).toBe(fill("codes.gs1.empty", { ai: "10" }));
      await typeValue("10", "AB 12");
      expect(await issue("10").textContent()).toBe(fill("codes.gs1.charset", { ai: "10", char: "U+0020" }));
      await typeValue("10", "AB12");
      // the batch is valid (its message gone) before the next AI is added, as a user sees it
      await issue("10").waitFor({ state: "detached" });

      await addAi("17");
      await typeValue("17", "261301");
      expect(await issue("17").textContent()).toBe(fill("codes.gs1.date", { ai: "17" }));
      await typeValue("17", "261231");
      await issue("17").waitFor({ state: "detached" });

      // the value field is named by its AI; the remove button by the AI too
      await page.getByLabel("(17) Expiration date").waitFor();
      await page.getByRole("button", { name: fill("editor.gs1.remove", { ai: "17" }) }).waitFor();
      expect(await page.getByTestId("panel-gs1-hri").textContent()).toBe(HRI);
      await page.waitForFunction(
        (want) =>
          (document.querySelector('[data-testid="panel-code-content"]') as HTMLTextAreaElement)?.value ===
          want,
        HRI,
      );
      await waitForCode(page, id);
      await screenshot(page, "gs1-builder");

      const png = new Uint8Array(readFileSync(await download(() => h.menu(page, "png"), "gs1.png")));
      const pdf = await download(() => h.menu(page, "pdf-label"), "gs1.pdf");
      execFileSync("pdftoppm", ["-png", "-r", "300", "-singlefile", pdf, join(dir, "gs1-pdf")]);
      const pdfPng = new Uint8Array(readFileSync(join(dir, "gs1-pdf.png")));
      for (const [name, img] of [
        ["png", png],
        ["pdf", pdfPng],
      ] as const) {
        const [plain] = await decode(img, { formats: ["Code128"], textMode: "Plain" });
        const [hri] = await decode(img, { formats: ["Code128"], textMode: "HRI" });
        expect(plain?.symbologyIdentifier, name).toBe("]C1");
        expect(plain?.text, name).toBe(RAW);
        expect(hri?.text, name).toBe(HRI);
      }
    } catch (e) {
      await screenshot(page, "gs1-builder-failed").catch(() => "");
      throw e;
    }
  });
});

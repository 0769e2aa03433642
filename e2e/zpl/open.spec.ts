// Opening a ZPL file in the editor (issue 36): the open picker takes .zpl, the dialog asks the
// printer resolution, picks one of several labels and names the commands it did not draw; Open
// loads the label, editable, every field an element.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { waitForCount } from "../editor/helpers";
import {
  chooseFromMainNav,
  launchBrowser,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-zpl-"));

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("open a ZPL file", () => {
  it("the shipping label opens with its resolution chosen, every field an element", async () => {
    await page.getByTestId("open-file-input").setInputFiles("tests/fixtures/zpl/shipping.zpl");
    const dialog = page.getByTestId("zpl-open-dialog");
    await dialog.waitFor();
    await expect(dialog.getByRole("combobox", { name: t["zpl.open.dpi"] }).inputValue()).resolves.toBe("203");
    await dialog.getByTestId("zpl-open-unknown").getByText(t["zpl.open.allRead"]).waitFor();
    await screenshot(page, "zpl-open-dialog");
    await dialog.getByTestId("zpl-open-confirm").click();
    // 3 boxes, 6 texts, Code 128, QR, PDF417
    await waitForCount(page, 12);
    await expect(page.getByTestId("zpl-open-dialog").count()).resolves.toBe(0);
    await screenshot(page, "zpl-opened");
  });

  it("several labels: one is chosen; unknown commands are named; bad input says why", async () => {
    const file = join(dir, "two.zpl");
    writeFileSync(file, "^XA^MUd^FO10,10^FDone^FS^XZ\n^XA^FO10,10^FDtwo^FS^FO10,60^FDtoo^FS^XZ");
    await page.getByTestId("open-file-input").setInputFiles(file);
    const dialog = page.getByTestId("zpl-open-dialog");
    await dialog.getByTestId("zpl-open-unknown").getByText("^MU").waitFor();
    await dialog.getByRole("combobox", { name: t["zpl.open.label"] }).selectOption({ label: "Label 2 of 2" });
    await dialog.getByTestId("zpl-open-confirm").click();
    await waitForCount(page, 2);

    const bad = join(dir, "bad.zpl");
    writeFileSync(bad, "hello, not a printer file");
    await page.getByTestId("open-file-input").setInputFiles(bad);
    await dialog.getByTestId("zpl-open-error").getByText(t["zpl.error.noLabel"]).waitFor();
    await expect(dialog.getByTestId("zpl-open-confirm").isDisabled()).resolves.toBe(true);
    await dialog.getByTestId("zpl-open-cancel").click();
    await waitForCount(page, 2);
  });

  it("several labels: convert all to one PDF, a page per printed label (^PQ and ^XF recalls included)", async () => {
    await page.getByTestId("open-file-input").setInputFiles("tests/fixtures/zpl/batch.zpl");
    const dialog = page.getByTestId("zpl-open-dialog");
    await dialog
      .getByTestId("zpl-open-many")
      .getByText(t["zpl.open.many"].replace("{{count}}", "3"))
      .waitFor();
    await screenshot(page, "zpl-open-many");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByTestId("zpl-open-convert").click(),
    ]);
    expect(download.suggestedFilename()).toBe("batch.pdf");
    const pdf = join(dir, "batch.pdf");
    await download.saveAs(pdf);
    await dialog
      .getByTestId("zpl-open-convert-status")
      .getByText(t["zpl.open.converted"].replace("{{count}}", "4"))
      .waitFor();
    expect(execFileSync("pdfinfo", [pdf], { encoding: "utf8" })).toMatch(/Pages:\s+4\n/);
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" });
    for (const s of ["Parcel for Alice", "Parcel for Bob!", "Plain label"]) expect(text).toContain(s);
    await dialog.getByTestId("zpl-open-cancel").click();
  });

  it("home: a ZPL file uploaded to the cloud templates adds each of its labels, naming what was not drawn", async () => {
    const { page: home } = await signedInPage(browser, app.baseUrl);
    await chooseFromMainNav(home, t["app.nav.cloudTemplate"]);
    await home.getByTestId("template-item").first().waitFor();
    const before = await home.getByTestId("template-name").allTextContents();
    await home.getByTestId("cloud-upload-input").setInputFiles({
      name: "carrier.zpl",
      mimeType: "text/plain",
      buffer: Buffer.from("^XA^MUd^PW406^LL203^FO10,10^FDfirst^FS^XZ^XA^PW406^LL203^FO10,10^FDsecond^FS^XZ"),
    });
    await waitForToast(home, `carrier.zpl: ${t["zpl.unknown"].replace("{{list}}", "^MU")}`);
    await home.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="template-name"]').length === n,
      before.length + 2,
    );
    const names = await home.getByTestId("template-name").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["carrier 1", "carrier 2"]));
    const item = home.getByTestId("template-item").filter({ hasText: "carrier 1" });
    expect(await item.locator(".tpl-meta").textContent()).toContain("50.8 × 25.4 mm");
  });
});

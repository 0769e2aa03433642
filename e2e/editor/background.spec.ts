// A label background from the user's cloud images, and barcodes near the label's edge (issue 34):
// the background chosen in Label settings prints (printBackground on, spec §5), so the print
// dialog's preview carries it and its "Print background" box can be switched; a Code 128 dropped
// at the label's left edge gets a quiet-zone note in its panel and in the print dialog; the label
// saved to the cloud keeps the background and printBackground in its file.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLabelFile } from "../../src/model/file";
import { openPrintDialog, t } from "../print/helpers";
import {
  apiPost,
  launchBrowser,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  uploadAs,
} from "../support";
import { addAt } from "./helpers";

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl, { query: "?labelStatus=add" }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("label background and quiet zones", () => {
  it("a background chosen from the cloud images prints; the dialog's box switches it", async () => {
    // a 40 × 20 picture in the user's cloud images, put there as the cloud data page does
    const bytes = Buffer.from(
      await page.evaluate(() => {
        const c = document.createElement("canvas");
        c.width = 40;
        c.height = 20;
        const g = c.getContext("2d") as CanvasRenderingContext2D;
        g.fillStyle = "#36c";
        g.fillRect(0, 0, 40, 20);
        return c.toDataURL("image/png").split(",")[1];
      }),
      "base64",
    );
    const up = await uploadAs(page, {
      bucket: "hm-inkless",
      path: "img/paper.png",
      name: "paper.png",
      source: { bytes, type: "image/png" },
    });
    const folders = await apiPost(page, "/api/tem.app_public/getCloudDataList", {
      type: 1,
      page: 1,
      size: 999,
    });
    const add = await apiPost(page, "/api/tem.app_public/addCloudFile", {
      tid: folders.data[0].id,
      name: "paper.png",
      url: up.url,
    });
    expect(add.code).toBe(200);

    await page.getByTestId("open-label-settings").click();
    const settings = page.getByTestId("label-settings");
    await settings.waitFor();
    await page.getByTestId("settings-background-cloud").click();
    await page.getByTestId("cloud-image-item").first().click();
    await screenshot(page, "background-cloud-chooser");
    await page.getByTestId("cloud-image-confirm").click();
    await page.getByTestId("cloud-image-chooser").waitFor({ state: "detached" });
    // taken: it can be removed now
    await page.getByTestId("settings-background-remove").waitFor();
    await page.getByTestId("settings-confirm").click();
    await settings.waitFor({ state: "detached" });

    await addAt(page, "Barcode", 0.04, 0.5);
    const note = page.getByTestId("panel-code-quiet");
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Scanners may not read this barcode/);
    await screenshot(page, "background-quiet-panel");

    const dialog = await openPrintDialog(page);
    const box = page.getByTestId("print-background");
    expect(await box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(true);
    // the page printed carries the background (a JPEG redrawn from the cloud picture)
    await expect
      .poll(() =>
        page
          .getByTestId("print-preview")
          .locator("image")
          .evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? "").join(" ")),
      )
      .toContain("data:image/jpeg;base64,");
    expect(await dialog.getByTestId("print-quiet").textContent()).toMatch(
      /^Scanners may not read this barcode/,
    );
    await screenshot(page, "background-print-dialog");
    await box.uncheck();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    expect(await box.isChecked()).toBe(true);
    await dialog.getByRole("button", { name: t["print.dialog.cancel"], exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  }, 120_000);

  it("the label saved to the cloud keeps its background and prints it", async () => {
    // an edit: opening the print dialog saved the new label already
    const saved = page.waitForResponse((r) => /\/(add|edit)UserTemplate$/.test(r.url()));
    await page.getByTestId("save-menu").click();
    await page.getByTestId("save-cloud").click();
    const answer = await (await saved).json();
    expect(answer.code).toBe(200);
    // the .tprt as stored, read back with the session (as reopening the label does)
    const bytes = await page.evaluate(async (url: string) => {
      const r = await fetch(url);
      return Array.from(new Uint8Array(await r.arrayBuffer()));
    }, answer.data.file_web as string);
    const file = parseLabelFile(new Uint8Array(bytes));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    // the picture itself, as base64 JPEG (the format's Background), not a link
    expect(file.doc.attrs.background).toMatch(/^\/9j\//);
    expect(file.doc.attrs.printBackground).toBe(true);
  }, 120_000);
});

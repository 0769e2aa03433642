// Save, open and export (issue 8) in the built app: cloud save (add, then edit), reload from the
// saved file, the 405 cover flow and the 402 membership prompt (server answers arranged with
// page.route), download and re-open a .tprts, and PNG / JPEG / PDF downloads.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { serializeTprts } from "../../src/model/file";
import { benchLabel } from "../../tests/export/support/labels";
import { gotoEditor, openEditor, renderedIds, waitForCount } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, startApp } from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-export-"));

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const count = () =>
  page.$$eval(
    ".ink-label g[data-id]",
    (gs) => gs.filter((g) => !g.getAttribute("data-id")?.endsWith("_mirror")).length,
  );

/** Adds an element by double-click; the palette's 500 ms double-click guard may swallow a quick
 * second add, so it retries until the element is there. */
async function addElement(kind: string): Promise<void> {
  const before = await count();
  if (kind === "Rectangle") await page.getByTestId("palette-shape").click();
  for (let i = 0; i < 10; i++) {
    await page.getByTestId(`palette-${kind}`).dblclick();
    const ok = await page
      .waitForFunction(
        (want) =>
          document.querySelectorAll(".ink-label g[data-id]:not([data-id$='_mirror'])").length === want,
        before + 1,
        { timeout: 1000 },
      )
      .then(() => true)
      .catch(() => false);
    if (ok) return;
  }
  throw new Error(`could not add ${kind}`);
}

async function menu(item: string): Promise<void> {
  await page.getByTestId("save-menu").click();
  await page.getByTestId(`save-${item}`).click();
}

const toast = (text: string) => page.locator(".toast", { hasText: text }).first().waitFor();

function labelAttr(): Record<string, unknown> {
  const u = new URL(page.url());
  return JSON.parse(u.searchParams.get("labelAttr") ?? "{}");
}

async function newLabel(): Promise<void> {
  // drafts of earlier labels would be offered back: these tests start from a clean store
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const r = indexedDB.deleteDatabase("inkless-drafts");
        r.onsuccess = r.onerror = r.onblocked = () => resolve(null);
      }),
  );
  await gotoEditor(
    page,
    app.baseUrl,
    `?labelStatus=add&labelAttr=${encodeURIComponent(JSON.stringify({ name: `L${Date.now()}` }))}`,
  );
}

describe("cloud save and open", () => {
  it("nothing to save: tip50", async () => {
    await newLabel();
    await menu("cloud");
    await toast(t["tip.tip50"]);
  });

  it("saves a new label, reloads it from its file, edits and saves again (edit path)", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("Barcode");
    await waitForCount(page, 2);
    const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    await menu("cloud");
    expect((await (await added).json()).code).toBe(200);
    await toast(t["tip.tip58"]);
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
    const first = labelAttr();
    expect(first.id).toBeTruthy();
    expect(String(first.file)).toMatch(/^https?:\/\/.+\/files\/|^\/files\//);

    await page.reload();
    await waitForCount(page, 2);
    const ids = await renderedIds(page);

    await addElement("Rectangle");
    await waitForCount(page, 3);
    const edited = page.waitForResponse((r) => r.url().includes("/editUserTemplate"));
    await page.keyboard.press("Control+s");
    const body = JSON.parse((await edited).request().postData() ?? "{}");
    expect(body.id).toBe(first.id);
    await page.waitForURL((u) => JSON.parse(u.searchParams.get("labelAttr") ?? "{}").file !== first.file);
    expect(labelAttr().id).toBe(first.id);

    await page.reload();
    await waitForCount(page, 3);
    expect((await renderedIds(page)).slice(0, 2)).toEqual(ids);
  });

  it("405: the cover dialog overwrites the existing template ('Added successfully')", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    await page.route("**/interface/api/tem.app_public/addUserTemplate", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: 405, message: "The template already exists", data: null }),
      }),
    );
    await menu("cloud");
    await page.getByTestId("cover-dialog").waitFor();
    await page.unroute("**/interface/api/tem.app_public/addUserTemplate");
    const covered = page.waitForResponse((r) => r.url().includes("/coverUserTemplate"));
    await page.getByTestId("cover-confirm").click();
    expect((await (await covered).json()).code).toBe(200);
    await toast(t["editor.cover.added"]);
    await page.getByTestId("cover-dialog").waitFor({ state: "detached" });
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
  });

  it("402 on add: the membership prompt shows the server message", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    await page.route("**/interface/api/tem.app_public/addUserTemplate", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: 402, msg: "Become a member to save more" }),
      }),
    );
    await menu("cloud");
    await expect(page.getByTestId("membership-message").textContent()).resolves.toBe(
      "Become a member to save more",
    );
    await page.getByTestId("membership-confirm").click();
    // the work is kept
    await waitForCount(page, 1);
    await page.unroute("**/interface/api/tem.app_public/addUserTemplate");
  });

  it("402 in the cover dialog: it closes and the prompt follows", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    await page.route("**/interface/api/tem.app_public/addUserTemplate", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: 405, message: "exists" }),
      }),
    );
    await page.route("**/interface/api/tem.app_public/coverUserTemplate", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: 402, msg: "Quota reached" }),
      }),
    );
    await menu("cloud");
    await page.getByTestId("cover-confirm").click();
    await page.getByTestId("cover-dialog").waitFor({ state: "detached" });
    await expect(page.getByTestId("membership-message").textContent()).resolves.toBe("Quota reached");
    await page.getByTestId("membership-confirm").click();
    await page.unroute("**/interface/api/tem.app_public/addUserTemplate");
    await page.unroute("**/interface/api/tem.app_public/coverUserTemplate");
  });
});

describe("local files and exports", () => {
  it("downloads the label as .tprts (Ctrl+Shift+S) and opens it again", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("QRcode");
    await waitForCount(page, 2);
    const name = (await page.getByTestId("label-name").textContent())?.replace("•", "").trim();
    const dl = page.waitForEvent("download");
    await page.keyboard.press("Control+Shift+s");
    const download = await dl;
    expect(download.suggestedFilename()).toBe(`${name}.tprts`);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);

    await newLabel();
    await waitForCount(page, 0);
    await page.getByTestId("open-file-input").setInputFiles(file);
    await waitForCount(page, 2);

    // a file that is not a label: the file format's clear error, the document untouched
    const bad = join(dir, "bad.tprts");
    writeFileSync(bad, "not a label");
    await page.getByTestId("open-file-input").setInputFiles(bad);
    await page.locator(".toast-error").first().waitFor();
    await waitForCount(page, 2);
  });

  it("exports PNG, JPEG and PDF downloads named by the label", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("Barcode");
    await waitForCount(page, 2);
    const name = (await page.getByTestId("label-name").textContent())?.replace("•", "").trim();
    for (const [item, ext, magic] of [
      ["png", "png", [0x89, 0x50, 0x4e, 0x47]],
      ["jpeg", "jpg", [0xff, 0xd8, 0xff]],
      ["pdf", "pdf", [0x25, 0x50, 0x44, 0x46]],
      ["pdf-label", "pdf", [0x25, 0x50, 0x44, 0x46]],
    ] as const) {
      const dl = page.waitForEvent("download");
      await menu(item);
      const download = await dl;
      expect(download.suggestedFilename()).toBe(`${name}.${ext}`);
      const path = join(dir, `${item}.${ext}`);
      await download.saveAs(path);
      const bytes = readFileSync(path);
      expect([...bytes.subarray(0, magic.length)]).toEqual([...magic]);
      if (ext === "pdf")
        expect(execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).length).toBeGreaterThan(0);
    }
  });

  it("a 50-record batch (sequence) exports into one PDF with a progress dialog", async () => {
    await newLabel();
    const file = join(dir, "batch.tprts");
    writeFileSync(file, serializeTprts(benchLabel(50)));
    await page.getByTestId("open-file-input").setInputFiles(file);
    await waitForCount(page, 5);
    // the progress dialog may come and go quickly: a MutationObserver records that it was shown
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="export-progress"]')) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const dl = page.waitForEvent("download");
    await menu("pdf-label");
    const download = await dl;
    expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress)).toBe(
      true,
    );
    const path = join(dir, "batch.pdf");
    await download.saveAs(path);
    expect(execFileSync("pdfinfo", [path], { encoding: "utf8" })).toMatch(/Pages:\s+50\n/);
    const last = execFileSync("pdftotext", ["-f", "50", "-l", "50", path, "-"], { encoding: "utf8" });
    expect(last).toContain("INK-000050");
    await page.getByTestId("export-progress").waitFor({ state: "detached" });
  });
});

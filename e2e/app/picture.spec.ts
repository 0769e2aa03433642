// Picture to label (issue 19): a photo the test makes from a known label (turned, in perspective,
// blurred, noisy, JPEG 60) goes through the AI dialog opened from the label-create dialog; nothing is
// adjusted; confirm opens the editor on a label with the texts and a barcode that reads as the
// original. A clean PNG (from the editor's top bar) and a PDF (our own writer) work too; a label with
// an EAN-13 starts the crop view at the size read from the code; after the day's allowance the
// used-up message shows.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { serializeTprt } from "../../src/model/file";
import type { TextElement } from "../../src/model/types";
import { decode } from "../../tests/codes/support/zxing";
import { benchLabel } from "../../tests/export/support/labels";
import { EAN_ESTIMATE, eanLabel } from "../../tests/picture/support/ean";
import { photoOf, pixelsOf, renderPng } from "../../tests/picture/support/photo";
import { waitForEditor } from "../editor/helpers";
import { launchBrowser, type RunningApp, screenshot, signedInPage, startApp, waitForToast } from "../support";

const t = en as Record<string, string>;
const TRIALS = 4;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-picture-"));

/** The bench label with Latin text only (the English model ships). */
function label() {
  const doc = benchLabel(1);
  const text = "Inkless Label";
  return {
    ...doc,
    elements: doc.elements.map((e) =>
      e.Type === "Text" && e.Data.includes("Inkless")
        ? {
            ...e,
            Data: text,
            DataSourceList: [{ ...e.DataSourceList[0], FirstValue: text, NormalText: text }],
          }
        : e,
    ),
  };
}

let png: Uint8Array;
let photo: Uint8Array;
let pdf: Uint8Array;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ INKLESS_AI_TRIALS: String(TRIALS) }), launchBrowser()]);
  ({ page } = await signedInPage(browser, app.baseUrl));
  page.on("pageerror", (e) => console.log("PAGEERR", e.message));
  png = await renderPng(label());
  photo = photoOf(pixelsOf(png), { seed: 3 }).jpeg;
  // the PDF: our own writer, from the command line (label-size page)
  const tprt = join(dir, "label.tprt");
  writeFileSync(tprt, serializeTprt(label()));
  const out = join(dir, "label.label.pdf");
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "src/cli/main.ts", "render", tprt, "--out", out],
    {
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  pdf = new Uint8Array(readFileSync(out));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await screenshot(page, `picture-fail-${ctx.task.name.slice(0, 30)}`);
});

async function choose(name: string, mimeType: string, bytes: Uint8Array) {
  await page.getByTestId("ai-file").setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
}

/** Confirms the crop as proposed; waits for the editor on the new label. */
async function confirmAndOpen() {
  await page.getByTestId("ai-crop").waitFor({ timeout: 60_000 });
  await page.getByTestId("ai-confirm").click();
  await page.waitForURL(/editLabel\?.*labelStatus=add/, { timeout: 60_000 });
  await page.getByTestId("ai-dialog").waitFor({ state: "detached" });
  await waitForEditor(page);
}

/** The label's texts on the canvas, then its barcode read from a screenshot of the paper. */
async function expectRecognised() {
  await page.waitForFunction(
    () => (document.querySelector(".ink-label")?.textContent ?? "").includes("INK-000001"),
    undefined,
    { timeout: 30_000 },
  );
  // words are drawn as separate runs: compare without spaces
  const text = ((await page.locator(".ink-label").textContent()) ?? "").replace(/\s/g, "");
  expect(text).toContain("InklessLabel");
  expect(await page.getByTestId("label-name").textContent()).toContain(t["app.home.defaultLabelName"]);
  // a big window, the label fitted to it: bars wide enough on screen to read
  const small = (await page.locator(".ink-label-paper").boundingBox())?.width ?? 0;
  await page.setViewportSize({ width: 2400, height: 1600 });
  await page.getByTestId("zoom-fit").click();
  await page.waitForFunction((before) => {
    const p = document.querySelector(".ink-label-paper")?.getBoundingClientRect();
    return !!p && p.width > before * 1.6;
  }, small);
  const shot = await page.locator(".ink-label-paper").screenshot();
  await page.setViewportSize({ width: 1280, height: 800 });
  const codes = await decode(new Uint8Array(shot), { formats: ["Code128"] });
  expect(codes.map((c) => c.text)).toContain("INK-000001");
}

describe("picture to label", () => {
  it("a photo, from the label-create dialog: nothing adjusted, the editor shows its texts and barcode", async () => {
    await page.getByTestId("new-label").click();
    await page.getByTestId("settings-ai").click();
    await page.getByTestId("ai-dialog").waitFor();
    const notice = page.getByTestId("ai-notice");
    await notice.filter({ hasText: String(TRIALS) }).waitFor();
    expect(await notice.textContent()).toBe(
      t["ai.notice"].replace("{{total}}", String(TRIALS)).replace("{{count}}", String(TRIALS)),
    );
    // the spec's format rule first
    await choose("label.gif", "image/gif", png);
    await waitForToast(page, t["ai.error.format"]);
    await choose("label.JPG", "image/jpeg", photo);
    await page.getByTestId("ai-crop").waitFor({ timeout: 60_000 });
    await screenshot(page, "picture-crop");
    await confirmAndOpen();
    await expectRecognised();
    await screenshot(page, "picture-editor");
  }, 180_000);

  it("a clean PNG from the editor's top bar replaces the label in place", async () => {
    const before = page.url();
    await page.getByTestId("open-ai").click();
    await page.getByTestId("ai-dialog").waitFor();
    await choose("scan.png", "image/png", png);
    await confirmAndOpen();
    expect(page.url()).not.toBe(before);
    await expectRecognised();
  }, 180_000);

  it("a photo of a label with an EAN-13: the crop view starts at the size read from the code", async () => {
    const ean = photoOf(pixelsOf(await renderPng(eanLabel())), { seed: 4 });
    await page.getByTestId("open-ai").click();
    await choose("ean.jpg", "image/jpeg", ean.jpeg);
    await page.getByTestId("ai-crop").waitFor({ timeout: 60_000 });
    const width = Number(await page.getByTestId("ai-width").inputValue());
    const height = Number(await page.getByTestId("ai-height").inputValue());
    expect(Math.abs(width - EAN_ESTIMATE.width)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(height - EAN_ESTIMATE.height)).toBeLessThanOrEqual(1.5);
    await screenshot(page, "picture-ean-size");
    // cancelled: no trial spent
    await page.getByTestId("ai-cancel").click();
    await page.getByTestId("ai-dialog").waitFor({ state: "detached" });
  }, 180_000);

  it("a Greek label read in the language chosen for its text", async () => {
    const greek = "Ελιές Καλαμάτας";
    const base = label();
    const text = base.elements.find((e) => e.Type === "Text") as TextElement;
    const doc = {
      ...base,
      elements: [
        {
          ...text,
          StartX: 5,
          StartY: 5,
          FontSize: 20,
          Data: greek,
          DataSourceList: [{ ...text.DataSourceList[0], FirstValue: greek, NormalText: greek }],
        },
      ],
    };
    await page.getByTestId("open-ai").click();
    await choose("greek.png", "image/png", await renderPng(doc));
    await page.getByTestId("ai-crop").waitFor({ timeout: 60_000 });
    const field = page.getByRole("combobox", { name: t["ai.language"] });
    // the UI language's model at first, every language named in the UI language
    expect(await field.inputValue()).toBe("eng");
    expect(await field.locator("option[value=ell]").textContent()).toBe("Greek");
    await field.selectOption("ell");
    await screenshot(page, "picture-language");
    await confirmAndOpen();
    await page.waitForFunction(
      (want) => (document.querySelector(".ink-label")?.textContent ?? "").replace(/\s/g, "").includes(want),
      greek.replace(/\s/g, ""),
      { timeout: 30_000 },
    );
  }, 180_000);

  it("a PDF (page 1 at scale 3), then the used-up message", async () => {
    await page.getByTestId("open-ai").click();
    await choose("label.pdf", "application/pdf", pdf);
    await confirmAndOpen();
    await expectRecognised();
    // the allowance is spent: the dialog says so and takes no picture
    await page.getByTestId("open-ai").click();
    await page.getByTestId("ai-notice").filter({ hasText: t["ai.error.usedUp"] }).waitFor();
    await choose("again.png", "image/png", png);
    await waitForToast(page, t["ai.error.usedUp"]);
    expect(await page.getByTestId("ai-crop").count()).toBe(0);
    await screenshot(page, "picture-used-up");
  }, 180_000);
});

// Exports (issue 8) in the built app: PNG, JPEG and PDF downloads named by the label, the PDFs read
// back with pdftotext (CJK included) and pdftoppm (the label-size page matches the editor's canvas),
// the tiled A4 PDF (labels at actual size, several to a page),
// barcodes in the PNG, JPEG and PDF decoded with zxing; batches of a 50-record label: the record
// range dialog (all, 3–7, clamping and translated messages), one PDF or a zip of images, progress
// with an estimate while the page keeps painting, and Cancel.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import type { Browser, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { encodeCode } from "../../src/codes";
import { benchLabel } from "../../tests/export/support/labels";
import { gotoEditor } from "../editor/helpers";
import { appUrl, launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";
import * as h from "./helpers";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-exports-"));
const NAME = "Bench 标签";

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Runs a wait; on failure the page is photographed (.tmp/screens) and the step named. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    await screenshot(page, `exports-failed-${name.replace(/\W+/g, "-")}`).catch(() => "");
    throw new Error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });

/** Runs `start` and answers the download it causes, saved under `file`. */
async function download(start: () => Promise<void>, file: string): Promise<{ d: Download; path: string }> {
  const dl = page.waitForEvent("download");
  await start();
  const d = await dl;
  const path = join(dir, file);
  await d.saveAs(path);
  return { d, path };
}

describe("one label", () => {
  it("PNG, JPEG and PDF: named by the label, codes decode, PDF text (CJK) is real text", async () => {
    await h.newLabel(page, app.baseUrl);
    await h.openDoc(page, dir, benchLabel(1), "one");
    const codes = ["INK-000001", "QR-000001"];

    const png = await download(() => h.menu(page, "png"), "one.png");
    expect(png.d.suggestedFilename()).toBe(`${NAME}.png`);
    const pngBytes = new Uint8Array(readFileSync(png.path));
    const pngPixels = await h.pixelsOf(page, pngBytes);
    // 100 × 80 mm at 300 px per inch, as its tag says
    expect([pngPixels.width, pngPixels.height]).toEqual([1181, 945]);
    expect((await h.decodedTexts(pngBytes)).sort()).toEqual(codes);

    const jpeg = await download(() => h.menu(page, "jpeg"), "one.jpg");
    expect(jpeg.d.suggestedFilename()).toBe(`${NAME}.jpg`);
    const jpegBytes = new Uint8Array(readFileSync(jpeg.path));
    expect([...jpegBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await h.decodedTexts(await h.pixelsOf(page, jpegBytes, "image/jpeg"))).sort()).toEqual(codes);

    const a4 = await download(() => h.menu(page, "pdf"), "one-a4.pdf");
    expect(a4.d.suggestedFilename()).toBe(`${NAME}.pdf`);
    expect(sh("pdfinfo", [a4.path])).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const text = sh("pdftotext", [a4.path, "-"]);
    expect(text).toContain("INK-000001");
    expect(text).toContain("名称 Inkless 标签");

    const label = await download(() => h.menu(page, "pdf-label"), "one-label.pdf");
    sh("pdftoppm", ["-png", "-r", "300", "-singlefile", label.path, join(dir, "one-label")]);
    const raster = new Uint8Array(readFileSync(join(dir, "one-label.png")));
    expect((await h.decodedTexts(raster)).sort()).toEqual(codes);
    expect(sh("pdffonts", [label.path])).toMatch(/Noto.*yes\s+yes/);
  });

  it("the label-size PDF, rasterised by poppler, matches the editor's canvas", async () => {
    await h.newLabel(page, app.baseUrl);
    await h.openDoc(page, dir, benchLabel(1), "canvas");
    // nothing selected, so only the label is on the paper
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length === 0);
    const box = await page.locator(".ink-label-paper").boundingBox();
    if (!box) throw new Error("no paper");
    const shot = await page.screenshot({ clip: box, type: "png" });
    await screenshot(page, "export-canvas-vs-pdf");
    const canvas = await h.pixelsOf(page, new Uint8Array(shot));

    const pdf = await download(() => h.menu(page, "pdf-label"), "canvas.pdf");
    const out = join(dir, "canvas-pdf");
    const size = ["-scale-to-x", String(canvas.width), "-scale-to-y", String(canvas.height)];
    sh("pdftoppm", ["-png", "-singlefile", ...size, pdf.path, out]);
    const paper = await h.pixelsOf(page, new Uint8Array(readFileSync(`${out}.png`)));
    expect([paper.width, paper.height]).toEqual([canvas.width, canvas.height]);
    const ab = h.unmatchedInk(canvas, paper, 2);
    const ba = h.unmatchedInk(paper, canvas, 2);
    expect(ab.inked).toBeGreaterThan(2000);
    expect(ab.share, "canvas ink missing in the PDF").toBeLessThan(0.02);
    expect(ba.share, "PDF ink missing on the canvas").toBeLessThan(0.02);
    // the comparison can fail: the page drawn a label-width to the side shares little ink
    const shifted = { ...paper, data: new Uint8ClampedArray(paper.data.length).fill(255) };
    const dx = Math.round(canvas.width / 10);
    for (let y = 0; y < paper.height; y++)
      shifted.data.set(
        paper.data.subarray(y * paper.width * 4, (y * paper.width + paper.width - dx) * 4),
        (y * paper.width + dx) * 4,
      );
    expect(h.unmatchedInk(canvas, shifted, 2).share).toBeGreaterThan(0.1);
  });
});

describe("a 13-character Code 128 in a new code's box (issue 23)", () => {
  it("prints whole 203 dpi dots in the label PDF, decodes at 203 and 300 dpi, and keeps its text on the label", async () => {
    const data = "INK-2026-0042";
    await page.goto(appUrl(app.baseUrl, "/index"));
    await h.clearDrafts(page);
    await gotoEditor(
      page,
      app.baseUrl,
      `?labelStatus=add&labelAttr=${encodeURIComponent(JSON.stringify({ name: "X-dim", width: 60, height: 40 }))}`,
    );
    await h.addElement(page, "Barcode");
    await page.getByTestId("panel-code-content").fill(data);
    // the box follows the content at 2 dots a module (0.25 mm at 203 dpi)
    const modules = encodeCode({ kind: "barcode", type: 1, data }).width;
    await step("box grows", () =>
      page.waitForFunction(
        (want) =>
          Math.abs(
            Number((document.querySelector('[data-testid="panel-width"]') as HTMLInputElement)?.value) - want,
          ) < 0.02,
        modules * 2 * (25.4 / 203),
      ),
    );
    const pdf = await download(() => h.menu(page, "pdf-label"), "xdim.pdf");
    for (const dpi of [203, 300]) {
      const out = join(dir, `xdim-${dpi}`);
      sh("pdftoppm", ["-png", "-r", String(dpi), "-singlefile", pdf.path, out]);
      const pixels = await h.pixelsOf(page, new Uint8Array(readFileSync(`${out}.png`)));
      expect(await h.decodedTexts(pixels), `${dpi} dpi`).toEqual([data]);
      if (dpi !== 203) continue;
      // a row across the bars (the one with a run per bar and space): each run is whole 2-dot modules
      const bars = encodeCode({ kind: "barcode", type: 1, data }).bars.length;
      const rows = Array.from({ length: pixels.height }, (_, y) => h.darkRuns(pixels, y));
      const runs = rows.find((r) => r.length === bars * 2 - 1) ?? [];
      expect(runs.length).toBe(bars * 2 - 1);
      expect(runs.filter((r) => r % 2 !== 0)).toEqual([]);
      expect(Math.min(...runs)).toBe(2);
    }
    // the human-readable line is real text, inside the page
    const words = [
      ...sh("pdftotext", ["-bbox", pdf.path, "-"]).matchAll(
        /xMin="([\d.]+)"[^>]*xMax="([\d.]+)"[^>]*>([^<]*)</g,
      ),
    ];
    const page0 = /<page width="([\d.]+)"/.exec(sh("pdftotext", ["-bbox", pdf.path, "-"]));
    expect(words.map((w) => w[3]).join("")).toContain(data);
    for (const w of words) {
      expect(Number(w[1])).toBeGreaterThanOrEqual(0);
      expect(Number(w[2])).toBeLessThanOrEqual(Number(page0?.[1]));
    }
  });
});

describe("batch of a 50-record label", () => {
  beforeAll(async () => {
    await h.newLabel(page, app.baseUrl);
    await h.openDoc(page, dir, benchLabel(50), "batch");
  });

  /** Records, in the page, the progress values and whether an estimate was shown. */
  const watchProgress = () =>
    page.evaluate(() => {
      const w = window as unknown as { seen: { values: string[]; left: boolean } };
      w.seen = { values: [], left: false };
      const look = () => {
        const bar = document.querySelector('[data-testid="export-bar"]');
        const v = bar?.getAttribute("value");
        if (v && w.seen.values.at(-1) !== v) w.seen.values.push(v);
        if (document.querySelector('[data-testid="export-left"]')) w.seen.left = true;
      };
      new MutationObserver(look).observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
    });
  const seen = () =>
    page.evaluate(() => (window as unknown as { seen: { values: string[]; left: boolean } }).seen);

  async function chooseRange(item: string, from?: string, to?: string): Promise<void> {
    await h.menu(page, item);
    await step("range dialog", () => page.getByTestId("batch-dialog").waitFor());
    if (from !== undefined && to !== undefined) {
      await page.getByTestId("batch-some").check();
      await page.getByTestId("batch-from").fill(from);
      await page.getByTestId("batch-to").fill(to);
    }
    await page.getByTestId("batch-export").click();
  }

  it("all records into one PDF, with a progress bar and an estimate", async () => {
    await watchProgress();
    const pdf = await download(() => chooseRange("pdf-label"), "all.pdf");
    expect(pdf.d.suggestedFilename()).toBe(`${NAME}.pdf`);
    expect(sh("pdfinfo", [pdf.path])).toMatch(/Pages:\s+50\n/);
    expect(sh("pdftotext", ["-f", "50", "-l", "50", pdf.path, "-"])).toContain("INK-000050");
    await page.getByTestId("export-progress").waitFor({ state: "detached" });
    const s = await seen();
    // the page painted while the export ran: several progress values and a time-left estimate
    expect(s.values.length).toBeGreaterThanOrEqual(3);
    // counting up (the last value may close with the dialog before a paint)
    const n = s.values.map(Number);
    expect(n).toEqual([...n].sort((x, y) => x - y));
    expect(s.left).toBe(true);
    // the barcodes of the last page decode
    sh("pdftoppm", ["-png", "-r", "300", "-f", "50", "-l", "50", "-singlefile", pdf.path, join(dir, "p50")]);
    expect((await h.decodedTexts(new Uint8Array(readFileSync(join(dir, "p50.png"))))).sort()).toEqual([
      "INK-000050",
      "QR-000050",
    ]);
  });

  it("a chosen range: records 3–7 give 5 pages, 3 to 7", async () => {
    const pdf = await download(() => chooseRange("pdf", "3", "7"), "range.pdf");
    expect(sh("pdfinfo", [pdf.path])).toMatch(/Pages:\s+5\n/);
    const pages = [1, 2, 3, 4, 5].map((p) => sh("pdftotext", ["-f", `${p}`, "-l", `${p}`, pdf.path, "-"]));
    for (const [i, text] of pages.entries()) expect(text).toContain(`INK-00000${i + 3}`);
    expect(sh("pdftotext", [pdf.path, "-"])).not.toMatch(/INK-00000[12]\b|INK-000008/);
  });

  it("A4 at actual size, labels tiled: 100 × 80 mm labels three to an A4 page, at their size", async () => {
    const pdf = await download(async () => {
      await page.getByTestId("save-menu").click();
      expect(await page.getByTestId("save-pdf-tiled").textContent()).toBe(t["editor.save.pdfTiled"]);
      await page.getByTestId("save-pdf-tiled").click();
      await step("range dialog", () => page.getByTestId("batch-dialog").waitFor());
      await page.getByTestId("batch-some").check();
      await page.getByTestId("batch-from").fill("1");
      await page.getByTestId("batch-to").fill("7");
      await page.getByTestId("batch-export").click();
    }, "tiled.pdf");
    // 190 mm of width holds one 100 mm label, 277 mm of height three 80 mm ones: 7 records → 3 pages
    expect(sh("pdfinfo", [pdf.path])).toMatch(
      /Pages:\s+3\n[\s\S]*Page size:\s+595\.27\d* x 841\.8\d* pts \(A4\)/,
    );
    // each label shows its number twice (the text and the barcode's digits)
    const numbers = (p: number) =>
      [...new Set(sh("pdftotext", ["-f", `${p}`, "-l", `${p}`, pdf.path, "-"]).match(/INK-00000\d/g))].sort();
    expect(numbers(1)).toEqual(["INK-000001", "INK-000002", "INK-000003"]);
    expect(numbers(3)).toEqual(["INK-000007"]);
    // the codes of a tiled page decode at 300 dpi (drawn at 1:1, not shrunk)
    sh("pdftoppm", ["-png", "-r", "300", "-f", "3", "-l", "3", "-singlefile", pdf.path, join(dir, "tiled3")]);
    expect((await h.decodedTexts(new Uint8Array(readFileSync(join(dir, "tiled3.png"))))).sort()).toEqual([
      "INK-000007",
      "QR-000007",
    ]);
  });

  it("in a window too narrow to edit, the preview steps through the records and still exports", async () => {
    await page.setViewportSize({ width: 760, height: 800 });
    try {
      const shows = (text: string) =>
        page.waitForFunction(
          (w) => (document.querySelector('[data-testid="narrow-preview"]')?.textContent ?? "").includes(w),
          text,
        );
      await page.getByTestId("narrow-notice").waitFor();
      await shows("INK-000001");
      await page.getByTestId("record-next").click();
      await shows("INK-000002");
      expect(await page.getByTestId("record-value").textContent()).toContain("2");
      await page.getByTestId("record-last").click();
      await shows("INK-000050");
      await screenshot(page, "exports-narrow-preview");
      const pdf = await download(() => chooseRange("pdf", "50", "50"), "narrow.pdf");
      expect(sh("pdftotext", [pdf.path, "-"])).toContain("INK-000050");
      await page.getByTestId("record-first").click();
      await shows("INK-000001");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId("canvas").waitFor();
    }
  });

  it("the range is clamped to 1..50 and explained with a translated message", async () => {
    await h.menu(page, "pdf");
    await page.getByTestId("batch-dialog").waitFor();
    expect(await page.getByTestId("batch-dialog").textContent()).toContain(
      t["editor.batch.all"].replace("{{total}}", "50"),
    );
    await page.getByTestId("batch-some").check();
    const from = page.getByTestId("batch-from");
    const to = page.getByTestId("batch-to");
    const error = page.getByTestId("batch-error");
    await from.fill("9");
    await to.fill("3");
    expect(await error.textContent()).toBe(
      t["editor.batch.order"].replace("{{from}}", "9").replace("{{to}}", "3"),
    );
    expect(await page.getByTestId("batch-export").isDisabled()).toBe(true);
    await to.fill("abc");
    expect(await error.textContent()).toBe(t["editor.batch.invalid"].replace("{{total}}", "50"));
    expect(await to.getAttribute("aria-invalid")).toBe("true");
    // out of range: clamped when the field is left
    await to.fill("999");
    await from.fill("0");
    await from.blur();
    await to.focus();
    await to.blur();
    expect([await from.inputValue(), await to.inputValue()]).toEqual(["1", "50"]);
    expect(await error.textContent()).toBe("");
    expect(await page.getByTestId("batch-export").isEnabled()).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByTestId("batch-dialog").waitFor({ state: "detached" });
  });

  it("all records as a zip of PNG images named name_n.png", async () => {
    await watchProgress();
    const zip = await download(() => chooseRange("png"), "all.zip");
    expect(zip.d.suggestedFilename()).toBe(`${NAME}.zip`);
    const files = unzipSync(new Uint8Array(readFileSync(zip.path)));
    const names = Object.keys(files);
    expect(names.length).toBe(50);
    expect(names).toContain(`${NAME}_1.png`);
    expect(names).toContain(`${NAME}_50.png`);
    expect((await h.decodedTexts(files[`${NAME}_50.png`])).sort()).toEqual(["INK-000050", "QR-000050"]);
    const s = await seen();
    expect(s.values.length).toBeGreaterThanOrEqual(3);
    expect(s.left).toBe(true);
  });

  it("Cancel stops a batch: no file comes, and the editor goes on", async () => {
    // 3,000 records: far more than can finish before Cancel is pressed, however fast the exporter
    await h.newLabel(page, app.baseUrl);
    await h.openDoc(page, dir, benchLabel(3000), "long");
    await h.menu(page, "png");
    await step("cancel range dialog", () => page.getByTestId("batch-dialog").waitFor());
    await page.getByTestId("batch-export").click();
    await step("progress shown", () => page.getByTestId("export-progress").waitFor());
    await page.getByTestId("export-cancel").click();
    await step("progress gone", () => page.getByTestId("export-progress").waitFor({ state: "detached" }));
    // the next download is the one asked for next (downloads arrive in order): one PDF page
    const next = await download(() => chooseRange("pdf-label", "2", "2"), "after-cancel.pdf");
    expect(next.d.suggestedFilename()).toBe(`${NAME}.pdf`);
    expect(sh("pdfinfo", [next.path])).toMatch(/Pages:\s+1\n/);
    expect(sh("pdftotext", [next.path, "-"])).toContain("INK-000002");
  });
});

// The PDF looks like the canvas: the label drawn by Chromium (the editor's canvas path: our SVG with
// the shipped fonts as web fonts) and the exported label-size PDF rasterised by poppler at the same
// resolution must put ink in the same places, within 2 px (0.34 mm at 150 dpi).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDataSource } from "../../src/model/defaults";
import type { LabelDocument } from "../../src/model/types";
import { fontFaceCss, prepareRender, renderLabel } from "../../src/render";
import { kitchenSink } from "../render/fixtures";
import { type ExportPage, openExportPage, pixelsOf } from "./support/browser";
import { type Pixels, unmatchedInk } from "./support/ink";
import { benchLabel } from "./support/labels";

const DPI = 150;
let ui: ExportPage;
const dir = mkdtempSync(join(tmpdir(), "inkless-match-"));
mkdirSync(".tmp", { recursive: true });

beforeAll(async () => {
  ui = await openExportPage();
}, 120_000);
afterAll(async () => {
  await ui?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The label drawn by Chromium from our SVG with the shipped web fonts (the canvas path). */
async function canvasPng(doc: LabelDocument): Promise<Uint8Array> {
  await prepareRender(doc);
  const svg = renderLabel(doc, { target: "export" });
  const context = await ui.browser.newContext({ deviceScaleFactor: DPI / 96 });
  const page = await context.newPage();
  await page.route("http://inkless.test/**", async (route) => {
    const m = /\/fonts\/([A-Za-z0-9._-]+)$/.exec(new URL(route.request().url()).pathname);
    if (!m) return route.fulfill({ contentType: "text/html", body: "<!doctype html><body></body>" });
    return route.fulfill({ contentType: "font/ttf", body: readFileSync(`public/fonts/${m[1]}`) });
  });
  await page.goto("http://inkless.test/");
  await page.setContent(
    `<!doctype html><style>${fontFaceCss("http://inkless.test/fonts/")} body{margin:0;background:#fff}</style><div id="l" style="display:inline-block;line-height:0">${svg}</div>`,
  );
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((f) => f.load().catch(() => null)));
    await document.fonts.ready;
  });
  const png = new Uint8Array(await page.locator("#l").screenshot({ type: "png" }));
  await context.close();
  return png;
}

async function pdfPixels(d: LabelDocument, name: string): Promise<Pixels> {
  const r = await ui.run("pdf", d, { pageMode: "label" });
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, r.bytes);
  execFileSync("pdftoppm", ["-png", "-r", String(DPI), "-singlefile", pdf, join(dir, name)]);
  copyFileSync(join(dir, `${name}.png`), `.tmp/export-match-${name}.png`);
  return pixelsOf(ui.page, new Uint8Array(readFileSync(join(dir, `${name}.png`))), "image/png");
}

it("the exported PDF matches Chromium's drawing of the same label", async () => {
  const doc = benchLabel(1);
  const a = await pixelsOf(ui.page, await canvasPng(doc), "image/png");
  const b = await pdfPixels(doc, "same");
  expect(Math.abs(a.width - b.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);
  const ab = unmatchedInk(a, b, 2);
  const ba = unmatchedInk(b, a, 2);
  expect(ab.inked).toBeGreaterThan(5000);
  expect(ab.share, "canvas ink missing in the PDF").toBeLessThan(0.002);
  expect(ba.share, "PDF ink missing on the canvas").toBeLessThan(0.002);

  // the comparison can fail: the CJK line moved by 1 mm is caught
  const moved = {
    ...doc,
    elements: doc.elements.map((e, i) => (i === 2 ? { ...e, StartX: e.StartX + 1 } : e)),
  };
  expect(unmatchedInk(a, await pdfPixels(moved, "moved"), 2).share).toBeGreaterThan(0.002);
}, 120_000);

it("every kind (kitchen sink: wrapped, spread, stretched, vertical, rotated, mirrored text; shapes, dashes, table clip, image, codes) matches too", async () => {
  // texts keep their Data for the record (a fixed source); the clock would differ between the two
  const sink = kitchenSink();
  const doc: LabelDocument = {
    ...sink,
    elements: sink.elements
      .filter((e) => e.Type !== "TimeText")
      .map((e) =>
        e.Type === "Text"
          ? { ...e, DataSourceList: [createDataSource({ FirstValue: e.Data, NormalText: e.Data })] }
          : e,
      ),
  };
  const canvas = await canvasPng(doc);
  writeFileSync(".tmp/export-match-kitchen-canvas.png", canvas);
  const a = await pixelsOf(ui.page, canvas, "image/png");
  const b = await pdfPixels(doc, "kitchen");
  const ab = unmatchedInk(a, b, 2);
  const ba = unmatchedInk(b, a, 2);
  expect(ab.inked).toBeGreaterThan(5000);
  expect(ab.share, "canvas ink missing in the PDF").toBeLessThan(0.005);
  expect(ba.share, "PDF ink missing on the canvas").toBeLessThan(0.005);
}, 120_000);

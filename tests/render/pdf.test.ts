// Same text, same place: the SVG drawn by Chromium (the canvas) and the exported PDF (our DOM-free
// writer, `writePdf`, run in Node as the CLI runs it, fonts subset from the shipped files) rasterised
// by pdftoppm agree line by line.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import { prepareSheets } from "../../src/export/sheets";
import { createDataSource } from "../../src/model/defaults";
import type { LabelDocument, LabelElement, TextElement } from "../../src/model/types";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { type InkMap, inkBox, inkMap, openPage, PX_PER_MM, pngInk, show } from "./chromium";
import { texts } from "./fixtures";
import { doc, el, loadedFonts } from "./helpers";
import { expectSameLines } from "./sameLines";

let fonts: FontRegistry;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fonts = await loadedFonts();
  ({ browser, page } = await openPage());
}, 60000);

afterAll(async () => {
  await browser?.close();
});

/** Export the label as a label-size PDF with our writer (the real export path), rasterise it. */
async function pdfInk(d: LabelDocument, shown: string, name: string): Promise<InkMap> {
  // the writer draws the very SVG Chromium was shown (one label per sheet, no paddings)
  const source = await prepareSheets(d, { fonts });
  expect(source.labels(0).map((l) => [l.svg, l.x, l.y])).toEqual([[shown, 0, 0]]);
  const r = await writePdf(d, { fonts, decoder: nodeDecoder, pageMode: "label" });
  expect(r.count).toBe(1);
  mkdirSync(".tmp", { recursive: true });
  const pdfPath = `.tmp/${name}.pdf`;
  writeFileSync(pdfPath, concat(r.chunks));
  execFileSync("pdftoppm", ["-r", String(PX_PER_MM * 25.4), "-png", "-singlefile", pdfPath, `.tmp/${name}`], {
    stdio: "ignore",
  });
  return pngInk(page, readFileSync(`.tmp/${name}.png`));
}

describe("canvas (Chromium) and PDF (our writer) agree", () => {
  it("wraps at the same words and puts every line's ink in the same place", async () => {
    const els = [
      ...texts(),
      el("Text", {
        StartX: 86,
        StartY: 3,
        Width: 8,
        Height: 60,
        Data: "竖排文字ABC",
        TextArrange: 1,
        FontSize: 16,
      }),
    ];
    // each text's fixed source holds its Data, as the editor keeps them (the export resolves sources)
    const label = doc(
      els.map((e): LabelElement => {
        const data = (e as TextElement).Data;
        return {
          ...e,
          DataSourceList: [createDataSource({ FirstValue: data, NormalText: data })],
        } as LabelElement;
      }),
      { width: 100, height: 80 },
    );
    const svg = renderLabel(label, { fonts, target: "export" });
    await show(page, svg, 100, 80);
    const canvas = await inkMap(page, "render-compare-canvas");
    const pdf = await pdfInk(label, svg, "render-compare-pdf");
    // same size; pdftoppm may round the page (283.465 × 226.772 pt) up by one pixel
    expect(Math.abs(pdf.w - canvas.w)).toBeLessThanOrEqual(1);
    expect(Math.abs(pdf.h - canvas.h)).toBeLessThanOrEqual(1);

    expectSameLines(canvas, pdf, els, fonts, "PDF");
    // and the vertical column: same ink in the same band
    const v = els[3];
    const a = inkBox(
      canvas,
      v.StartX * PX_PER_MM,
      v.StartY * PX_PER_MM,
      (v.StartX + 8) * PX_PER_MM,
      (v.StartY + 60) * PX_PER_MM,
    );
    const b = inkBox(
      pdf,
      v.StartX * PX_PER_MM,
      v.StartY * PX_PER_MM,
      (v.StartX + 8) * PX_PER_MM,
      (v.StartY + 60) * PX_PER_MM,
    );
    expect(Math.abs(a.minX - b.minX)).toBeLessThanOrEqual(0.4 * PX_PER_MM);
    expect(b.n / a.n).toBeGreaterThan(0.8);
  }, 180000);
});

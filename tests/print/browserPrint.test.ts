// The browser print path: the print document (pages as vector SVG, @page = the label sheet) printed
// to PDF by Chromium has one page per label copy, each exactly the label size, with the text as text.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobHtml } from "../../src/app/printing/printHtml";
import { getFontRegistry, prepareRender } from "../../src/render/index";
import { openPage } from "../render/chromium";
import { printLabel, VALUES } from "./support/label";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openPage());
}, 60000);
afterAll(async () => {
  await browser?.close();
});

/** Page sizes in PDF points from the MediaBox of each page (pdfinfo reads them independently). */
function pageSizes(pdf: Buffer): { w: number; h: number }[] {
  const dir = mkdtempSync(join(tmpdir(), "inkless-print-"));
  const file = join(dir, "job.pdf");
  writeFileSync(file, pdf);
  const out = execFileSync("pdfinfo", ["-f", "1", "-l", "999", file]).toString();
  return [...out.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({
    w: +m[1],
    h: +m[2],
  }));
}

describe("browser print", () => {
  it("prints 3 records × 2 copies as 6 pages of exactly 60 × 30 mm", async () => {
    const doc = printLabel();
    await prepareRender(doc, { target: "print", fonts: getFontRegistry() });
    const html = jobHtml({
      doc,
      choices: [0, 1, 2].map((record) => ({ record, copies: 1 })),
      sheets: new Map(),
      copies: 2,
      background: false,
      fontBase: "http://inkless.test/fonts/",
    });
    expect(html).toContain("@page{size:60mm 30mm;margin:0}");
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const sizes = pageSizes(pdf);
    expect(sizes).toHaveLength(6);
    for (const s of sizes) {
      // 60 mm = 170.08 pt, 30 mm = 85.04 pt
      expect(s.w).toBeCloseTo((60 / 25.4) * 72, 0);
      expect(s.h).toBeCloseTo((30 / 25.4) * 72, 0);
    }
    const text = execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString();
    expect(text).toContain("Inkless");
    for (const v of VALUES) expect(text.split(v).length - 1).toBe(2);
  }, 60000);
});

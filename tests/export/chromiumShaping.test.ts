// The Node export's Chromium page shapes like every other path (issue 35): each name of the
// multilingual fixture exported as PNG by that page (the CLI's browser path) against the CLI's own
// raster (resvg drawing the glyphs our layout chose, src/print/nodeImages.ts), within the
// tolerance of tests/render/fallbackRaster.test.ts: an Arabic word laid out letter by letter
// (unjoined, each letter in its own place) leaves ink where the other has none.
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeImages } from "../../src/print/nodeImages";
import { FontRegistry } from "../../src/render/fonts";
import { names, namesLabel, namesSheets } from "../render/multilingual";
import { type ExportPage, openExportPage, pixelsOf } from "./support/browser";
import { unmatchedInk } from "./support/ink";

let ui: ExportPage;
beforeAll(async () => {
  ui = await openExportPage();
}, 120_000);
afterAll(async () => {
  await ui?.close();
});

async function first<T>(gen: AsyncIterable<T>): Promise<T> {
  for await (const v of gen) return v;
  throw new Error("nothing");
}

describe("the Chromium export page", () => {
  it("draws every fixture name like the CLI raster, Arabic, Hebrew, Thai and Hindi included", async () => {
    mkdirSync(".tmp", { recursive: true });
    const sheets = await namesSheets();
    const label = namesLabel();
    const fonts = new FontRegistry();
    const report: string[] = [];
    const failed: string[] = [];
    for (const [i, [lang]] of names().entries()) {
      const range = { from: i, to: i };
      const page = await ui.run("png", label, { range }, [...sheets]);
      const cli = await nodeImages(label, { format: "png", fonts, sheets, range });
      const cliPng = new Uint8Array(await first(cli.images));
      writeFileSync(`.tmp/chromium-shaping-${lang}-page.png`, page.bytes);
      writeFileSync(`.tmp/chromium-shaping-${lang}-cli.png`, cliPng);
      const a = await pixelsOf(ui.page, page.bytes, "image/png", true);
      const b = await pixelsOf(ui.page, cliPng, "image/png", true);
      expect([a.width, a.height], lang).toEqual([b.width, b.height]);
      const ab = unmatchedInk(a, b, 3);
      const ba = unmatchedInk(b, a, 3);
      expect(ab.inked, `${lang}: the page drew the name`).toBeGreaterThan(500);
      report.push(`${lang} ${ab.share.toFixed(3)} ${ba.share.toFixed(3)}`);
      if (ab.share >= 0.05 || ba.share >= 0.05) failed.push(lang);
    }
    console.log(report.join("\n"));
    expect(failed).toEqual([]);
  }, 300_000);
});

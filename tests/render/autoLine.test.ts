// Auto-line text wraps at its box (issue 23): the sample shipping label's address (box 90 mm,
// TextAutoLine yes, no BoxWidth in the file) read from the file, drawn on the canvas (Chromium), in
// the PDF (our writer, rasterised by pdftoppm) and on the printer raster (203 dpi). In each output
// every line's ink stays inside the box, and no line broke although the next word would have fit.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import { parseLabelFile } from "../../src/model/file";
import type { LabelDocument, TextElement } from "../../src/model/types";
import { dotAt } from "../../src/print/bitmap";
import { initRaster, rasterPage } from "../../src/print/raster";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { layoutText, measureText, textElementSpec } from "../../src/render/text";
import { inkMap, openPage, PX_PER_MM, pngInk, show } from "./chromium";
import { loadedFonts } from "./helpers";

const SAMPLE = "src/server/seed/samples/shipping-label.tprt";
const ADDRESS = "SpTx0002";

let fonts: FontRegistry;
let browser: Browser;
let page: Page;
let label: LabelDocument;
let address: TextElement;

beforeAll(async () => {
  fonts = await loadedFonts();
  const r = parseLabelFile(readFileSync(SAMPLE, "utf8"), "shipping-label.tprt");
  if (!r.ok) throw new Error(r.error.key);
  label = r.doc;
  address = label.elements.find((e) => e.Id === ADDRESS) as TextElement;
  ({ browser, page } = await openPage());
}, 60000);

afterAll(async () => {
  await browser?.close();
});

/** A picture of the label: `dark(x, y)` in pixels, `scale` pixels per mm. */
interface Picture {
  readonly w: number;
  readonly h: number;
  readonly scale: number;
  dark(x: number, y: number): boolean;
}

/** Horizontal ink extent (mm from the box's left edge) of each text line of the address. */
function lineExtents(p: Picture, el: TextElement, lineCount: number): { from: number; to: number }[] {
  const size = (el.FontSize * 25.4) / 72;
  const pitch = size * 1.1 + el.LineHeight / 3.78;
  const out: { from: number; to: number }[] = [];
  for (let li = 0; li < lineCount; li++) {
    const y0 = Math.floor((el.StartY + li * pitch) * p.scale);
    const y1 = Math.ceil((el.StartY + li * pitch + size * 1.1) * p.scale);
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    // look across the whole label width: ink past the box would be a defect too
    for (let y = y0; y < Math.min(y1, p.h); y++)
      for (let x = 0; x < p.w; x++)
        if (p.dark(x, y)) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x + 1);
        }
    out.push({ from: minX / p.scale - el.StartX, to: maxX / p.scale - el.StartX });
  }
  return out;
}

/** The words of each laid-out line (what the line holds, to know what the next line starts with). */
function layoutLines(el: TextElement): string[] {
  const l = layoutText(textElementSpec(el, el.Data, el.Width), fonts);
  return l.lines.map((line) => line.glyphs.map((g) => g.ch).join(""));
}

function expectFilledLines(p: Picture, name: string) {
  const lines = layoutLines(address);
  const ext = lineExtents(p, address, lines.length);
  const space = measureText(
    { text: "x x", family: address.FontFamily, sizePt: address.FontSize },
    fonts,
  ).width;
  const x = measureText({ text: "xx", family: address.FontFamily, sizePt: address.FontSize }, fonts).width;
  const spaceWidth = space - x;
  for (const [i, e] of ext.entries()) {
    // inside the box (a small allowance for anti-aliasing and the printer's dot grid)
    expect(e.from, `${name} line ${i + 1} starts in the box`).toBeGreaterThanOrEqual(-0.3);
    expect(e.to, `${name} line ${i + 1} ends in the box`).toBeLessThanOrEqual(address.Width + 0.3);
    if (i === ext.length - 1) break;
    // a break only where the next word does not fit: ink of this line + a space + that word > box
    const next = lines[i + 1].split(/\s+/)[0];
    const nextWidth = measureText(
      { text: next, family: address.FontFamily, sizePt: address.FontSize },
      fonts,
    ).width;
    expect(e.to + spaceWidth + nextWidth, `${name} line ${i + 1} broke before "${next}"`).toBeGreaterThan(
      address.Width - 0.3,
    );
  }
  return ext;
}

describe("auto-line text wraps at its box", () => {
  it("a file without BoxWidth wraps at the element's width", () => {
    expect(address.TextAutoLine).toBe(true);
    expect(address.Width).toBe(90);
    expect(address.BoxWidth).toBe(90);
    expect(layoutLines(address)).toEqual(["Jane Doe 12 Harbour Street Springfield", "12345"]);
  });

  it("canvas (Chromium): lines fill the box and stay in it", async () => {
    const svg = renderLabel(label, { fonts, target: "canvas" });
    await show(page, svg, label.attrs.width, label.attrs.height);
    const m = await inkMap(page, "render-autoline-canvas");
    const ext = expectFilledLines(
      { w: m.w, h: m.h, scale: PX_PER_MM, dark: (x, y) => m.dark[y * m.w + x] === 1 },
      "canvas",
    );
    // the widest line uses most of the 90 mm box (the bug used ~28 mm)
    expect(Math.max(...ext.map((e) => e.to))).toBeGreaterThan(address.Width * 0.8);
  });

  it("PDF (our writer, rasterised by pdftoppm): lines fill the box and stay in it", async () => {
    const r = await writePdf(label, { fonts, decoder: nodeDecoder, pageMode: "label" });
    mkdirSync(".tmp", { recursive: true });
    writeFileSync(".tmp/render-autoline.pdf", concat(r.chunks));
    execFileSync(
      "pdftoppm",
      [
        "-r",
        String(PX_PER_MM * 25.4),
        "-png",
        "-singlefile",
        ".tmp/render-autoline.pdf",
        ".tmp/render-autoline-pdf",
      ],
      { stdio: "ignore" },
    );
    const m = await pngInk(page, readFileSync(".tmp/render-autoline-pdf.png"));
    expectFilledLines({ w: m.w, h: m.h, scale: PX_PER_MM, dark: (x, y) => m.dark[y * m.w + x] === 1 }, "PDF");
  });

  it("printer raster (203 dpi): lines fill the box and stay in it", async () => {
    await initRaster();
    const dpi = 203;
    const bmp = rasterPage(label, [0], () => new Map(), { dpi, fonts });
    expectFilledLines(
      { w: bmp.width, h: bmp.height, scale: dpi / 25.4, dark: (x, y) => dotAt(bmp, x, y) },
      "printer",
    );
  });
});

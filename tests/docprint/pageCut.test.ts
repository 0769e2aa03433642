// Cutting a page from a small picture and drawings of just its labels (src/docprint/pageCut.ts), on
// the generated test set drawn by poppler: the same bar as auto crop on the whole page — every label
// found with IoU ≥ 0.95, in reading order, each cut at 203 dpi for a 100 × 150 mm printer scanning
// with its value — the same boxes as auto crop on the whole 203 dpi page, and fewer pixels drawn than
// one whole page.
import { describe, expect, it } from "vitest";
import { findLabels, inkBox } from "../../src/docprint/autocrop";
import { composeLabel } from "../../src/docprint/compose";
import { type GrayImage, iou } from "../../src/docprint/image";
import { drawnLabels, findPageLabels, foundLabel } from "../../src/docprint/pageCut";
import { boxOnPage, fracOf } from "../../src/docprint/split";
import { pdfjsPages } from "./support/pdfjs";
import { scanCode128 } from "./support/scan";
import { labelValue, popplerPages, renderPage, sheetFile, sheetPdf, TEST_SET } from "./support/sheets";

const DPI = 203;
const LABEL = { width: 100, height: 150 };
const px = (mm: number) => (mm / 25.4) * DPI;
const O = { pageDpi: DPI, dpi: DPI, label: LABEL };

describe("a page cut from a small picture and drawings of its labels", () => {
  for (const spec of TEST_SET) {
    it(`${spec.name}: ${spec.labels.length} label(s) a page, found, scannable, the whole page's boxes`, async () => {
      const pdf = await sheetFile(spec);
      const pages = popplerPages(pdf);
      for (const p of new Set([1, spec.pages])) {
        const whole = renderPage(pdf, p, DPI);
        const before = pages.pixels;
        const { width, height, labels } = await findPageLabels(pages, p, DPI);
        expect([width, height]).toEqual([whole.width, whole.height]);
        expect(labels.map((l) => l.box)).toEqual(findLabels(whole, { dpi: DPI }));
        // the small picture and the labels' boxes only: well under one whole page at 203 dpi
        expect(pages.pixels - before).toBeLessThan(whole.width * whole.height);
        for (const [i, l] of labels.entries()) {
          const t = spec.labels[i];
          expect(iou(l.box, { x: px(t.x), y: px(t.y), w: px(t.w), h: px(t.h) })).toBeGreaterThanOrEqual(0.95);
          const label = foundLabel(l, O);
          expect([label.width, label.height]).toEqual([800, 1200]);
          expect(await scanCode128(label)).toBe(labelValue(spec.name, i, p));
        }
      }
    }, 60_000);
  }

  it("settled boxes printed one drawing each are the same dots as cut from the whole page", async () => {
    const spec = TEST_SET.find((s) => s.name === "fourcut");
    if (!spec) throw new Error("no fourcut sheet");
    const pdf = await sheetFile(spec);
    const whole = renderPage(pdf, 2, DPI);
    // a box moved by hand (not trimmed to ink) and an auto crop box
    const boxes = [
      fracOf({ x: 30, y: 50, w: 700, h: 1000 }, whole.width, whole.height),
      fracOf(findLabels(whole, { dpi: DPI })[3], whole.width, whole.height),
    ];
    const pages = popplerPages(pdf);
    const drawn = [];
    for await (const b of drawnLabels(pages, 2, boxes, O)) drawn.push(b);
    expect(drawn).toHaveLength(2);
    for (const [i, b] of boxes.entries()) {
      const expected = composeLabel(whole, boxOnPage(b, whole.width, whole.height), O);
      expect([drawn[i].width, drawn[i].height]).toEqual([expected.width, expected.height]);
      expect(Buffer.from(drawn[i].data).equals(Buffer.from(expected.data))).toBe(true);
    }
  });
});

describe("the same cut on pages drawn by pdf.js (the app's drawing: Node build, @napi-rs/canvas)", () => {
  it("finds every label of the test set's last pages with IoU ≥ 0.95, each scanning", async () => {
    for (const spec of TEST_SET) {
      const { doc, pages } = await pdfjsPages(await sheetPdf(spec));
      const { labels } = await findPageLabels(pages, spec.pages, DPI);
      expect(labels.length, spec.name).toBe(spec.labels.length);
      for (const [i, l] of labels.entries()) {
        const t = spec.labels[i];
        expect(iou(l.box, { x: px(t.x), y: px(t.y), w: px(t.w), h: px(t.h) })).toBeGreaterThanOrEqual(0.95);
        const label = foundLabel(l, O);
        expect(await scanCode128(label)).toBe(labelValue(spec.name, i, spec.pages));
      }
      await doc.destroy();
    }
  }, 120_000);
});

describe("the ink box of a region, read from its edges inwards", () => {
  /** every pixel looked at */
  function slowInkBox(img: GrayImage, b: { x: number; y: number; w: number; h: number }) {
    let [ax, ay, bx, by] = [Infinity, Infinity, -1, -1];
    for (let y = b.y; y < b.y + b.h; y++)
      for (let x = b.x; x < b.x + b.w; x++)
        if (img.data[y * img.width + x] < 160)
          [ax, ay, bx, by] = [Math.min(ax, x), Math.min(ay, y), Math.max(bx, x), Math.max(by, y)];
    return bx < 0 ? null : { x: ax, y: ay, w: bx - ax + 1, h: by - ay + 1 };
  }

  it("is the box of every dark pixel inside the region, or null when it is white", () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let k = 0; k < 200; k++) {
      const width = 5 + Math.floor(rnd() * 30);
      const height = 5 + Math.floor(rnd() * 30);
      const data = new Uint8Array(width * height).fill(255);
      const dots = Math.floor(rnd() * 4);
      for (let i = 0; i < dots; i++) data[Math.floor(rnd() * data.length)] = Math.floor(rnd() * 200);
      const img = { width, height, data };
      const x = Math.floor(rnd() * width);
      const y = Math.floor(rnd() * height);
      const region = {
        x,
        y,
        w: 1 + Math.floor(rnd() * (width - x)),
        h: 1 + Math.floor(rnd() * (height - y)),
      };
      expect(inkBox(img, region)).toEqual(slowInkBox(img, region));
    }
  });
});

// The member cuts: smart splitting of a 2 × 5 sticker sheet (every sticker found, in reading order,
// its code scans) and a custom box applied to every page.
import { describe, expect, it } from "vitest";
import { composeLabel } from "../../src/docprint/compose";
import { iou } from "../../src/docprint/image";
import { bitmapRgba } from "../../src/docprint/labelImage";
import { boxOnPage, fracOf, splitGrid } from "../../src/docprint/split";
import { decode } from "../codes/support/zxing";
import { labelValue, renderPage, STICKERS, sheetFile, TEST_SET } from "./support/sheets";

const DPI = 203;
const px = (mm: number) => (mm / 25.4) * DPI;

describe("smart splitting", () => {
  it("a 2 × 5 sticker sheet gives its 10 stickers, each inside its own cell, each scanning", async () => {
    const pdf = await sheetFile(STICKERS);
    for (const p of [1, 2]) {
      const page = renderPage(pdf, p, DPI);
      const boxes = splitGrid(page, 5, 2);
      expect(boxes).toHaveLength(10);
      for (let i = 0; i < 10; i++) {
        const t = STICKERS.labels[i];
        const cell = { x: px(t.x), y: px(t.y), w: px(t.w), h: px(t.h) };
        // the box is the sticker's ink: inside the sticker's rectangle
        expect(boxes[i].x).toBeGreaterThanOrEqual(cell.x - 1);
        expect(boxes[i].y).toBeGreaterThanOrEqual(cell.y - 1);
        expect(boxes[i].x + boxes[i].w).toBeLessThanOrEqual(cell.x + cell.w + 1);
        expect(boxes[i].y + boxes[i].h).toBeLessThanOrEqual(cell.y + cell.h + 1);
        const label = composeLabel(page, boxes[i], {
          pageDpi: DPI,
          dpi: DPI,
          label: { width: 100, height: 60 },
        });
        const [r] = await decode(
          { data: bitmapRgba(label), width: label.width, height: label.height },
          { formats: ["Code128"] },
        );
        expect(r?.text).toBe(labelValue(STICKERS.name, i, p));
      }
    }
  }, 60_000);

  it("1 × 1 is the page's ink; rows and columns are kept within 1–20", async () => {
    const spec = TEST_SET[0];
    const page = renderPage(await sheetFile(spec), 1, DPI);
    const [one] = splitGrid(page, 1, 1);
    const t = spec.labels[0];
    expect(iou(one, { x: px(t.x), y: px(t.y), w: px(t.w), h: px(t.h) })).toBeGreaterThan(0.95);
    expect(splitGrid(page, 0, Number.NaN)).toHaveLength(1);
  });
});

describe("custom crop", () => {
  it("one fractional box lands on the same place of pages of any size and is clamped to the page", () => {
    const f = fracOf({ x: 100, y: 50, w: 200, h: 300 }, 1000, 2000);
    expect(boxOnPage(f, 1000, 2000)).toEqual({ x: 100, y: 50, w: 200, h: 300 });
    expect(boxOnPage(f, 500, 1000)).toEqual({ x: 50, y: 25, w: 100, h: 150 });
    expect(boxOnPage({ x: 0.9, y: -1, w: 5, h: Number.NaN }, 100, 100)).toEqual({ x: 90, y: 0, w: 10, h: 1 });
  });
});

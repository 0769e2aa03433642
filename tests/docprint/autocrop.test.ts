// Auto crop on the generated test set (our PDF writer → poppler at 203 dpi): every label is found
// with IoU ≥ 0.95 against the rectangle it was drawn in, in reading order, and each label cut at
// 203 dpi for a 100 × 150 mm printer still scans (zxing) with the value of that label on that page.
import { describe, expect, it } from "vitest";
import { findLabels } from "../../src/docprint/autocrop";
import { composeLabel, placeRegion } from "../../src/docprint/compose";
import { iou } from "../../src/docprint/image";
import { bitmapRgba } from "../../src/docprint/labelImage";
import { decode } from "../codes/support/zxing";
import { labelValue, renderPage, sheetFile, TEST_SET } from "./support/sheets";

const DPI = 203;
const LABEL = { width: 100, height: 150 };
const px = (mm: number) => (mm / 25.4) * DPI;

describe("auto crop on the test set", () => {
  for (const spec of TEST_SET) {
    it(`${spec.name}: ${spec.labels.length} label(s) a page, found and scannable`, async () => {
      const pdf = await sheetFile(spec);
      for (const p of new Set([1, spec.pages])) {
        const page = renderPage(pdf, p, DPI);
        const boxes = findLabels(page, { dpi: DPI });
        expect(boxes.length).toBe(spec.labels.length);
        for (let i = 0; i < boxes.length; i++) {
          const t = spec.labels[i];
          const truth = { x: px(t.x), y: px(t.y), w: px(t.w), h: px(t.h) };
          expect(iou(boxes[i], truth)).toBeGreaterThanOrEqual(0.95);
          const label = composeLabel(page, boxes[i], { pageDpi: DPI, dpi: DPI, label: LABEL });
          expect([label.width, label.height]).toEqual([800, 1200]);
          const [r] = await decode(
            { data: bitmapRgba(label), width: label.width, height: label.height },
            { formats: ["Code128"] },
          );
          expect(r?.text).toBe(labelValue(spec.name, i, p));
        }
      }
    }, 60_000);
  }
});

describe("placing a region on the label", () => {
  it("turns a landscape region for a portrait label and keeps true scale when it fits", () => {
    expect(placeRegion(150, 100, LABEL)).toEqual({ rotate: true, scale: 1 });
    expect(placeRegion(90, 140, LABEL)).toEqual({ rotate: false, scale: 1 });
  });
  it("scales a region larger than the label down to fit", () => {
    const p = placeRegion(200, 300, LABEL);
    expect(p.rotate).toBe(false);
    expect(p.scale).toBeCloseTo(0.5, 6);
  });
});

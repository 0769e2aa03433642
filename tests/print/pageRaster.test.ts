// A printer page of one label is drawn without a clip (resvg draws a nested <svg>'s clip as a mask
// of the whole page: most of the page's time), and still nothing prints past the label's edge into
// the dots added by rounding the sides up to whole bytes. Sheets of several labels keep their clips.
import { describe, expect, it } from "vitest";
import type { LabelDocument, ShapeElement } from "../../src/model/types";
import { initRaster, printSvg, rasterPage } from "../../src/print/raster";
import { getFontRegistry, prepareRender } from "../../src/render";
import { benchLabel } from "../export/support/labels";

const fonts = getFontRegistry();
const none = () => new Map<string, string>();

/** A 99.9 × 30 mm label (798.4 dots at 203 dpi, drawn on 800) whose filled box runs off its right edge. */
function overflowing(): LabelDocument {
  const base = benchLabel(1, { width: 99.9, height: 30 });
  const rect = base.elements.find((e) => e.Type === "Rectangle") as ShapeElement;
  return { ...base, elements: [{ ...rect, StartX: 90, StartY: 5, Width: 20, Height: 10, Fill: true }] };
}

const ink = (b: { data: Uint8Array; bytesPerRow: number }, x: number, y: number) =>
  (b.data[y * b.bytesPerRow + (x >> 3)] >> (7 - (x & 7))) & 1;

describe("printer pages", () => {
  it("one label: no nested clip, and the rounded-up dots stay white", async () => {
    const doc = overflowing();
    await Promise.all([initRaster(), prepareRender(doc, { target: "print", dpi: 203, fonts })]);
    const opts = { dpi: 203, fonts };
    expect(printSvg(doc, [0], none, opts)).not.toContain("<svg x=");
    const b = rasterPage(doc, [0], none, opts);
    expect(b.width).toBe(800);
    const row = Math.round((10 / 25.4) * 203);
    // 99.9 mm = 798.4 dots: dot 797 (centre 797.5) is on the label, 798 and 799 past its edge
    expect([ink(b, 750, row), ink(b, 797, row), ink(b, 798, row), ink(b, 799, row)]).toEqual([1, 1, 0, 0]);
  });

  it("a sheet of two labels keeps each label's clip", async () => {
    const doc = overflowing();
    const sheet = { ...doc, attrs: { ...doc.attrs, columns: 2 } };
    await prepareRender(sheet, { target: "print", dpi: 203, fonts });
    expect(printSvg(sheet, [0, 0], none, { dpi: 203, fonts })).toContain('overflow="hidden"');
  });
});

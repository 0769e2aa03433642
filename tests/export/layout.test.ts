import { describe, expect, it } from "vitest";
import { pngDpi, setJpegDpi, setPngDpi } from "../../src/export/dpi";
import {
  A4_HEIGHT_MM,
  A4_WIDTH_MM,
  clampRange,
  fileBaseName,
  pagePlacement,
  parseRange,
  sheetGeometry,
  sheetRecords,
} from "../../src/export/layout";
import { rasterSize } from "../../src/export/raster";
import { crc32 } from "../../src/image/pngChunk";
import { emptyDocument } from "../../src/model/defaults";

const attrs = (over = {}) => ({ ...emptyDocument().attrs, ...over });

describe("sheet geometry", () => {
  it("one label is the sheet", () => {
    const g = sheetGeometry(attrs({ width: 100, height: 80 }));
    expect([g.width, g.height]).toEqual([100, 80]);
    expect(g.cells).toEqual([{ x: 0, y: 0 }]);
  });

  it("rows × columns with spacings and paddings", () => {
    const g = sheetGeometry(
      attrs({
        width: 40,
        height: 30,
        columns: 3,
        rows: 2,
        columnSpacing: 2,
        rowSpacing: 4,
        paddingLeft: 5,
        paddingRight: 6,
        paddingTop: 7,
        paddingBottom: 8,
      }),
    );
    expect(g.width).toBe(5 + 3 * 40 + 2 * 2 + 6);
    expect(g.height).toBe(7 + 2 * 30 + 4 + 8);
    expect(g.cells).toEqual([
      { x: 5, y: 7 },
      { x: 47, y: 7 },
      { x: 89, y: 7 },
      { x: 5, y: 41 },
      { x: 47, y: 41 },
      { x: 89, y: 41 },
    ]);
  });

  it("hostile numbers fall back to defaults and counts are clamped to 1..20", () => {
    const g = sheetGeometry(
      attrs({ width: Number.NaN, height: -3, columns: 99, rows: 0, columnSpacing: -1 }),
    );
    expect(g.labelWidth).toBe(100);
    expect(g.labelHeight).toBe(80);
    expect(g.cells.length).toBe(20);
  });
});

describe("page placement", () => {
  it("A4 portrait, 10 mm margin, fit and centred (wide label limited by width)", () => {
    const p = pagePlacement(100, 80, "a4");
    expect([p.pageWidth, p.pageHeight]).toEqual([A4_WIDTH_MM, A4_HEIGHT_MM]);
    expect(p.scale).toBeCloseTo(1.9, 10);
    expect(p.x).toBeCloseTo(10, 10);
    expect(p.y).toBeCloseTo((297 - 80 * 1.9) / 2, 10);
  });

  it("a tall label is limited by the height and centred horizontally", () => {
    const p = pagePlacement(50, 600, "a4");
    expect(p.scale).toBeCloseTo(277 / 600, 10);
    expect(p.y).toBeCloseTo(10, 10);
    expect(p.x + (50 * p.scale) / 2).toBeCloseTo(105, 10);
  });

  it("label-size pages: the page is the sheet", () => {
    expect(pagePlacement(62, 29, "label")).toEqual({ pageWidth: 62, pageHeight: 29, x: 0, y: 0, scale: 1 });
  });
});

describe("records and sheets", () => {
  it("splits a range into sheets of rows × columns records, the last partial", () => {
    expect(sheetRecords({ from: 0, to: 6 }, 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(sheetRecords({ from: 4, to: 5 }, 1)).toEqual([[4], [5]]);
  });

  it("clamps and parses ranges", () => {
    expect(clampRange(10)).toEqual({ from: 0, to: 9 });
    expect(clampRange(10, { from: -5, to: 99 })).toEqual({ from: 0, to: 9 });
    expect(clampRange(10, { from: 7, to: 3 })).toEqual({ from: 7, to: 7 });
    expect(parseRange("3-5")).toEqual({ from: 2, to: 4 });
    expect(parseRange(" 4 ")).toEqual({ from: 3, to: 3 });
    expect(parseRange("5-3")).toBeNull();
    expect(parseRange("0")).toBeNull();
    expect(parseRange("1-2; rm")).toBeNull();
  });

  it("file names come from the label name without forbidden characters", () => {
    expect(fileBaseName("标签 A")).toBe("标签 A");
    expect(fileBaseName('../a<b>:c"d|e?*')).toBe("_a_b__c_d_e__");
    expect(fileBaseName("")).toBe("label");
    expect(fileBaseName("...")).toBe("label");
  });
});

describe("raster size and dpi tags", () => {
  it("tagged 300 dpi and 300 px per inch: 100 mm is 1181 px, not 1134 (288 dpi, issue 34)", () => {
    const s = rasterSize(100, 80);
    expect([s.width, s.height, s.dpi]).toEqual([1181, 945, true]);
    expect((s.width / 100) * 25.4).toBeCloseTo(300, 0);
  });
  it("a side over 1000 px: ratio 1 and no dpi change", () => {
    expect(rasterSize(300, 80)).toEqual({ width: 1134, height: 302, ratio: 1, dpi: false });
  });

  it("writes a valid pHYs chunk after IHDR", () => {
    // 1×1 PNG
    const png = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    expect(pngDpi(png)).toBeNull();
    const out = setPngDpi(png, 300);
    expect(pngDpi(out)).toBe(300);
    expect(out.length).toBe(png.length + 21);
    // replacing keeps one chunk
    expect(setPngDpi(out, 300).length).toBe(out.length);
    // every chunk's CRC is right
    const view = new DataView(out.buffer);
    for (let p = 8; p < out.length; ) {
      const len = view.getUint32(p);
      expect(view.getUint32(p + 8 + len)).toBe(crc32(out.subarray(p + 4, p + 8 + len)));
      p += 12 + len;
    }
    expect(setPngDpi(new Uint8Array([1, 2, 3]), 300)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("sets the JFIF density of a JPEG", () => {
    const jpeg = new Uint8Array(20);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1]);
    const out = setJpegDpi(jpeg, 300);
    expect([...out.subarray(13, 18)]).toEqual([1, 1, 44, 1, 44]);
  });
});

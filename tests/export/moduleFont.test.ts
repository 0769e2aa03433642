// The module font (src/export/pdf/moduleFont.ts): codes in a PDF are rows of module glyphs in text
// clipping mode. The font must be a valid TrueType font whose glyph 1 + b draws byte b, and only
// paths on whole-module columns may take that form. (That the drawn codes decode, and put ink where
// the canvas does, is checked on whole PDFs in pdf.test.ts and match.test.ts.)
import { describe, expect, it } from "vitest";
import { byteRuns, MODULE_EM, MODULE_UNITS, moduleFontFile } from "../../src/export/pdf/moduleFont";
import { moduleRows } from "../../src/export/pdf/pathData";
import { TrueTypeFont } from "../../src/export/pdf/trueType";

describe("module font", () => {
  it("is a TrueType font of 257 glyphs, each eight modules wide", () => {
    const bytes = moduleFontFile();
    const font = new TrueTypeFont(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
    );
    expect(font.unitsPerEm).toBe(MODULE_EM);
    expect(font.numGlyphs).toBe(257);
    for (const gid of [0, 1, 2, 129, 256]) expect(font.advance(gid)).toBe(MODULE_EM);
    expect(font.bbox).toEqual([0, 0, MODULE_EM, MODULE_UNITS]);
  });

  it("reads a byte's set bits as runs, bit 7 leftmost", () => {
    expect(byteRuns(0)).toEqual([]);
    expect(byteRuns(0xff)).toEqual([[0, 8]]);
    expect(byteRuns(0b1011_0001)).toEqual([
      [0, 1],
      [2, 4],
      [7, 8],
    ]);
  });

  it("subsets like any font (the glyph outlines survive the round trip)", () => {
    const bytes = moduleFontFile();
    const font = new TrueTypeFont(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
    );
    const { file } = font.subset([0, 1 + 0b1011_0001]);
    const sub = new TrueTypeFont(
      file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer,
    );
    expect(sub.numGlyphs).toBe(2);
    expect(sub.advance(1)).toBe(MODULE_EM);
  });
});

describe("moduleRows", () => {
  it("turns rectangle runs on whole columns into rows of module bits, top to bottom", () => {
    const rows = moduleRows("M1 1h7v1h-7zM0 0h2v1h-2zM3 0h1v1h-1zM9 1h1v1h-1z");
    expect(rows?.map((r) => ({ y: r.y, h: r.h, bytes: [...r.bytes] }))).toEqual([
      { y: 0, h: 1, bytes: [0b1101_0000] },
      { y: 1, h: 1, bytes: [0b0111_1111, 0b0100_0000] },
    ]);
  });

  it("keeps bars of any height (a barcode is one row)", () => {
    const rows = moduleRows("M0 0h2v15.767h-2zM3 0h1v15.767h-1z");
    expect(rows).toHaveLength(1);
    expect(rows?.[0].h).toBeCloseTo(15.767);
    expect([...(rows?.[0].bytes ?? [])]).toEqual([0b1101_0000]);
  });

  it("refuses anything else: fractional columns, other commands, a negative height", () => {
    expect(moduleRows("M0.5 0h2v1h-2z")).toBeNull();
    expect(moduleRows("M0 0h2.5v1h-2.5z")).toBeNull();
    expect(moduleRows("M0 0L10 10")).toBeNull();
    expect(moduleRows("M0 0h2v1h-2zL3 3")).toBeNull();
    expect(moduleRows("M0 0h2v-1h-2z")).toBeNull();
    expect(moduleRows("")).toBeNull();
  });
});

// Symbologies zxing cannot read (Code 11, MSI, Code 25, Pharmacode, POSTNET, Han Xin): the label is
// rendered through renderLabel at print resolution, rasterised, and the bar pattern measured in the
// raster must equal the pattern of bwip-js, an encoder independent of ours (our 1D paths are
// JsBarcode and our own tables). Han Xin comes from bwip-js itself, so it is checked against the
// standard's published symbols (ISO/IEC 20830 Annex K), the version sizes, and the rendering (module
// grid read back from the raster).

import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCode, hanxinSide, prepareCode } from "../../src/codes";
import { bwipMatrix, loadBwip } from "../../src/codes/bwip";
import { renderLabel } from "../../src/render";
import { barcodeLabel, MARGIN, qrLabel } from "./support/labels";
import { rasterise, rowRuns } from "./support/raster";

const RASTER_MARGIN = 3;
let bwip: Awaited<ReturnType<typeof loadBwip>>;
beforeAll(async () => {
  bwip = await loadBwip();
});

function bwipWidths(bcid: string, text: string, opts: Record<string, unknown> = {}): number[] {
  const sbs = (bwip.raw({ bcid, text, ...opts })[0] as { sbs: number[] }).sbs.map((v) => Math.round(v));
  // bwip-js ends with the trailing space after the last bar; a raster shows bars and the gaps between
  return sbs.length % 2 === 0 ? sbs.slice(0, -1) : sbs;
}

function rowAtMm(yMm: number, dpi: number) {
  return Math.round((yMm + RASTER_MARGIN) * (dpi / 25.4));
}

/** Bar/space widths in modules measured on the printed raster; every run must be whole modules. */
function printedWidths(type: number, data: string, dpi: number): number[] {
  const doc = barcodeLabel(type, data, { Width: 60 });
  const svg = renderLabel(doc, { target: "print", dpi });
  const r = rasterise(svg, doc.attrs.width, doc.attrs.height, dpi, RASTER_MARGIN);
  const runs = rowRuns(r, rowAtMm(MARGIN + 2, dpi));
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const k = runs.reduce(gcd);
  for (const run of runs) expect(run % k).toBe(0);
  return runs.map((run) => run / k);
}

const CASES: { type: number; name: string; data: string; bcid: string; opts?: Record<string, unknown> }[] = [
  { type: 20, name: "Code 11", data: "0123456789-", bcid: "code11", opts: { includecheck: true } },
  { type: 20, name: "Code 11 short", data: "123-45", bcid: "code11", opts: { includecheck: true } },
  {
    type: 21,
    name: "MSI mod 10",
    data: "80523",
    bcid: "msi",
    opts: { includecheck: true, checktype: "mod10" },
  },
  { type: 23, name: "Code 25", data: "1234567890", bcid: "code2of5" },
  { type: 25, name: "Pharmacode", data: "131070", bcid: "pharmacode" },
  { type: 25, name: "Pharmacode small", data: "3", bcid: "pharmacode" },
];

describe.each([203, 300])("printed patterns at %i dpi equal bwip-js", (dpi) => {
  it.each(CASES)("$name $data", ({ type, data, bcid, opts }) => {
    expect(printedWidths(type, data, dpi)).toEqual(bwipWidths(bcid, data, opts));
  });

  it("POSTNET full/half bars equal bwip-js (ZIP, ZIP+4, delivery point)", () => {
    for (const data of ["55555", "555551237", "55555123704"]) {
      const doc = barcodeLabel(18, data, { Width: 60, Height: 6, BarcodeNumPosition: 0 });
      const svg = renderLabel(doc, { target: "print", dpi });
      const r = rasterise(svg, doc.attrs.width, doc.attrs.height, dpi, RASTER_MARGIN);
      const top = r.dots.subarray(rowAtMm(MARGIN + 0.5, dpi) * r.width).subarray(0, r.width);
      const bottomRow = rowAtMm(MARGIN + 5.5, dpi);
      const bottom = r.dots.subarray(bottomRow * r.width, (bottomRow + 1) * r.width);
      let ours = "";
      for (let x = 0; x < r.width; x++) if (bottom[x] && !bottom[x - 1]) ours += top[x] ? "1" : "0";
      const raw = bwip.raw({ bcid: "postnet", text: data })[0] as { bhs: number[] };
      const max = Math.max(...raw.bhs);
      expect(ours).toBe(raw.bhs.map((h) => (h === max ? "1" : "0")).join(""));
      // all bars the same whole number of dots
      const runs = rowRuns(r, bottomRow);
      expect(new Set(runs.filter((_, i) => i % 2 === 0)).size).toBe(1);
    }
  });
});

describe("Han Xin", () => {
  beforeAll(async () => {
    await prepareCode({ kind: "qrcode", type: 5, data: "x" });
  });

  // ISO/IEC 20830 Annex K.2: "1234567890", L1, version 1, with each of the four mask patterns
  // (Figures K.4, K.8, K.6, K.7). Only digests of the figures' module rows are kept here. bwip-js
  // (our Han Xin encoder) reproduces every figure except six filler modules of the function
  // information area (rows 8 and 14), which the figures leave light and bwip-js sets dark; decoders
  // do not read them.
  const FIGURES: [string, number, string][] = [
    ["K.4", 1, "1f1041f2aa0b12bad18ed4f42bc32218a4e4b92b45093d1fdde0b56986d46afc"],
    ["K.8", 2, "09c7f0c033167a934a83c424e25c5f2d1b16ade7b821b6a996f7c0105a3227a8"],
    ["K.6", 3, "aa63a52db8c784570c910cd1a9267c2cd003d3c8dadd2c5488245b74ebf6c3bf"],
    ["K.7", 4, "43ded885d889b02b565df47245f62ef8bc6db859c3023700cb75024c2b23879e"],
  ];
  const FILLER = [
    [8, 18],
    [8, 20],
    [8, 22],
    [14, 0],
    [14, 2],
    [14, 4],
  ];
  const digestWithLightFiller = (bits: ArrayLike<number>) => {
    const m = Array.from(bits);
    for (const [r, c] of FILLER) {
      expect(m[r * 23 + c]).toBe(1);
      m[r * 23 + c] = 0;
    }
    return createHash("sha256").update(m.join("")).digest("hex");
  };

  it.each(FIGURES)("matches ISO/IEC 20830 Figure %s (mask pattern %i)", (_, mask, digest) => {
    const raw = bwipMatrix("hanxin", "1234567890", { eclevel: "L1", version: 1, mask });
    expect(raw.pixx).toBe(23);
    expect(digestWithLightFiller(raw.pixs)).toBe(digest);
  });

  it("our encoder's own choice is one of the standard's symbols (mask pattern 10, Figure K.6)", () => {
    const code = encodeCode({ kind: "qrcode", type: 5, data: "1234567890", ecLevel: "L1", version: 1 });
    expect(digestWithLightFiller(code.bits)).toBe(FIGURES[2][2]);
  });

  it.each([1, 5, 30, 31, 84])("version %i has 23 + 2(n−1) modules a side", (version) => {
    const code = encodeCode({ kind: "qrcode", type: 5, data: "汉信码 Han Xin", version, ecLevel: "L1" });
    expect(code.cols).toBe(hanxinSide(version));
    expect(code.rows).toBe(hanxinSide(version));
  });

  it("error correction levels change the symbol; gb18030 and UTF-8 encode differently", () => {
    const m = (ecLevel: string, encoding = "UTF-8") =>
      Buffer.from(
        encodeCode({ kind: "qrcode", type: 5, data: "汉信码标准 HanXin 1234567890", ecLevel, encoding }).bits,
      ).toString("hex");
    expect(new Set(["L1", "L2", "L3", "L4"].map((l) => m(l))).size).toBe(4);
    expect(m("L1", "gb18030")).not.toBe(m("L1"));
  });

  it("content too long for a fixed version fails with the encoder's message", () => {
    expect(() =>
      encodeCode({ kind: "qrcode", type: 5, data: "x".repeat(200), version: 1, ecLevel: "L1" }),
    ).toThrow(/Maximum length exceeded or invalid content/);
  });

  it.each([203, 300])("the printed raster reproduces the module grid at %i dpi", (dpi) => {
    const doc = qrLabel(5, "Han Xin 汉信码", {
      Width: 20,
      Height: 20,
      HanxinVersion: 4,
      ErrorCorrectionLevel: "L3",
    });
    const code = encodeCode({ kind: "qrcode", type: 5, data: "Han Xin 汉信码", version: 4, ecLevel: "L3" });
    const svg = renderLabel(doc, { target: "print", dpi });
    const r = rasterise(svg, doc.attrs.width, doc.attrs.height, dpi, RASTER_MARGIN);
    // find the symbol's dark bounding box, then sample each module's centre
    let x0 = r.width;
    let y0 = r.height;
    let x1 = 0;
    let y1 = 0;
    for (let y = 0; y < r.height; y++)
      for (let x = 0; x < r.width; x++)
        if (r.dots[y * r.width + x]) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
    const k = (x1 - x0 + 1) / code.cols;
    expect(Number.isInteger(k)).toBe(true);
    expect((y1 - y0 + 1) / code.rows).toBe(k);
    for (let row = 0; row < code.rows; row++)
      for (let col = 0; col < code.cols; col++) {
        const dot = r.dots[(y0 + row * k + Math.floor(k / 2)) * r.width + x0 + col * k + Math.floor(k / 2)];
        expect(dot, `module ${row},${col}`).toBe(code.bits[row * code.cols + col]);
      }
  });
});

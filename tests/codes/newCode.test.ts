// New codes (spec §3, §9): seeded from the saved preferences, sized to 30 % of the fit in the label.
import { describe, expect, it } from "vitest";
import { encodeCode } from "../../src/codes";
import { fittedCodeSize, newCodePatch } from "../../src/editor/codes/newCode";
import { emptyDocument } from "../../src/model/defaults";
import { addNewElement } from "../../src/model/ops";
import type { BarcodeElement, QRCodeElement } from "../../src/model/types";

function memory(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}
const doc = emptyDocument({ width: 100, height: 80 });

function added<T>(type: "Barcode" | "QRcode", store = memory()): T {
  const r = addNewElement(doc, type, {
    x: 50,
    y: 40,
    centered: true,
    patch: newCodePatch(type, doc.attrs, store),
  });
  if (!("doc" in r)) throw new Error("refused");
  return r.doc.elements[0] as T;
}

describe("new codes", () => {
  it("start with the default preferences: Code 128 text below, QR M without text", () => {
    const bc = added<BarcodeElement>("Barcode");
    expect([bc.BarCodeType, bc.BarcodeNumPosition, bc.FontSize]).toEqual([1, 1, 10]);
    const qr = added<QRCodeElement>("QRcode");
    expect([qr.QrCodeType, qr.BarcodeNumPosition, qr.ErrorCorrectionLevel, qr.HanxinVersion]).toEqual([
      1,
      0,
      "M",
      0,
    ]);
  });

  it("take the saved preferences and the type's default content", () => {
    const store = memory({
      BarCodeType: "7",
      BarcodeNumPosition: "2",
      QRCodeType: "2",
      QRCodeNumPosition: "1",
      eclevel: "5",
    });
    const bc = added<BarcodeElement>("Barcode", store);
    expect([bc.BarCodeType, bc.BarcodeNumPosition]).toEqual([7, 2]);
    expect(() => encodeCode({ kind: "barcode", type: 7, data: bc.Data })).not.toThrow();
    expect(bc.DataSourceList[0].FirstValue).toBe(bc.Data);
    const qr = added<QRCodeElement>("QRcode", store);
    expect([qr.QrCodeType, qr.BarcodeNumPosition, qr.ErrorCorrectionLevel]).toEqual([2, 1, "5"]);
  });

  it("hostile stored values fall back to the defaults", () => {
    const store = memory({
      BarCodeType: "<script>",
      BarcodeNumPosition: "__proto__",
      QRCodeType: "99",
      eclevel: "Z",
    });
    const bc = added<BarcodeElement>("Barcode", store);
    expect([bc.BarCodeType, bc.BarcodeNumPosition]).toEqual([1, 1]);
    const qr = added<QRCodeElement>("QRcode", store);
    expect([qr.QrCodeType, qr.ErrorCorrectionLevel]).toEqual([1, "M"]);
  });

  it("are 30 % of the fit: a QR code is 30 % of the label's shorter side, centred where dropped", () => {
    const qr = added<QRCodeElement>("QRcode");
    expect(qr.Width).toBeCloseTo(24, 1);
    expect(qr.Height).toBeCloseTo(24, 1);
    expect(qr.StartX + qr.Width / 2).toBeCloseTo(50, 5);
    // a barcode's width comes from its X-dimension: Code 128 of the default data (101 modules) at
    // 2 dots of 203 dpi (0.2502 mm) is 25.27 mm wide
    const bc = added<BarcodeElement>("Barcode");
    expect(bc.Width).toBeCloseTo(101 * 2 * (25.4 / 203), 2);
    // bars 30 % of the fitted 10 mm-at-scale-12 height, plus the 10 pt text band
    expect(bc.Height).toBeGreaterThan(8);
    expect(bc.Height).toBeLessThan(20);
  });

  it("a barcode starts at the type's X-dimension in whole dots of the target resolution, within the label", () => {
    const make = (attrs: Partial<typeof doc.attrs>, type = 1) =>
      newCodePatch(
        "Barcode",
        { ...doc.attrs, ...attrs },
        memory({ BarCodeType: String(type) }),
      ) as BarcodeElement;
    const modules = (type: number, data: string) => {
      const c = encodeCode({ kind: "barcode", type, data });
      return (
        c.width +
        (c.groups
          ? Math.max(0, ...c.groups.map((g) => -g.x0)) + Math.max(0, ...c.groups.map((g) => g.x1 - c.width))
          : 0)
      );
    };
    const c128 = modules(1, make({}).Data);
    // 0.25 mm: 2 dots at 203, 3 at 300, 6 at 600
    for (const [dpi, dots] of [
      [203, 2],
      [300, 3],
      [600, 6],
    ] as const)
      expect(make({ targetDpi: dpi }).Width).toBeCloseTo(c128 * dots * (25.4 / dpi), 2);
    // EAN-13 starts at the GS1 minimum 0.264 mm rounded up to whole dots: 3 dots at 203 dpi
    const ean = make({}, 7);
    expect(ean.Width).toBeCloseTo(modules(7, ean.Data) * 3 * (25.4 / 203), 2);
    // a label too narrow for 2 dots gets 1 dot; never less
    expect(make({ width: 20 }).Width).toBeCloseTo(c128 * (25.4 / 203), 2);
    expect(make({ width: 5 }).Width).toBeCloseTo(c128 * (25.4 / 203), 2);
  });

  it("fittedCodeSize is bound by the tighter side and keeps the symbol's aspect", () => {
    const s = fittedCodeSize(200, 100, 0, { width: 50, height: 50 });
    expect(s).toEqual({ width: 15, height: 7.5 });
    const tall = fittedCodeSize(100, 400, 0, { width: 50, height: 40 });
    expect(tall.height).toBeCloseTo(12, 5);
    const broken = fittedCodeSize(100, 100, 0, { width: Number.NaN, height: -1 });
    expect(broken.width).toBeGreaterThan(0);
  });

  it("a 2D code with text keeps its symbol at 30 % of the fit and adds the text band below", () => {
    const qr = added<QRCodeElement>("QRcode", memory({ QRCodeNumPosition: "1" }));
    expect(qr.Width).toBeCloseTo(24, 1);
    // 10 pt × 1.2 line
    expect(qr.Height - qr.Width).toBeCloseTo(((10 * 25.4) / 72) * 1.2, 1);
  });

  it("other kinds get no patch", () => {
    expect(newCodePatch("Text", doc.attrs, memory())).toBeUndefined();
  });
});

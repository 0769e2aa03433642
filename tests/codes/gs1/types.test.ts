// The GS1 2D types in the document: 6 GS1 DataMatrix, 7 GS1 QR, 8 GS1 Digital Link QR survive the
// file with their QR levels, a type change gives them GS1 content, and an unknown type still reads.
import { describe, expect, it } from "vitest";
import { encodeCode, MATRIX_NAMES, normaliseEcLevel } from "../../../src/codes";
import { EC_LEVELS, GS1_DEFAULT_DATA, onQrTypeChange } from "../../../src/codes/rules";
import { parseLabelFile, serializeTprt } from "../../../src/model/file";
import type { QRCodeElement } from "../../../src/model/types";
import { qrLabel } from "../support/labels";

function roundTrip(over: Partial<QRCodeElement>): QRCodeElement {
  const r = parseLabelFile(serializeTprt(qrLabel(over.QrCodeType ?? 1, GS1_DEFAULT_DATA, over)));
  if (!r.ok) throw new Error("file not read");
  return r.doc.elements[0] as QRCodeElement;
}

describe("GS1 2D types", () => {
  it("are named in the type menu", () => {
    expect([MATRIX_NAMES[6], MATRIX_NAMES[7], MATRIX_NAMES[8]]).toEqual([
      "GS1 DataMatrix",
      "GS1 QR Code",
      "GS1 Digital Link QR",
    ]);
  });
  it.each([
    [6, ""],
    [7, "Q"],
    [8, "H"],
  ])("type %i keeps its type, level %j and content through the file", (type, level) => {
    const el = roundTrip({ QrCodeType: type, ErrorCorrectionLevel: level });
    expect(el.QrCodeType).toBe(type);
    if (level) expect(el.ErrorCorrectionLevel).toBe(level);
    expect(el.Data).toBe(GS1_DEFAULT_DATA);
  });
  it("GS1 QR types take QR's levels; a bad stored level falls back to M", () => {
    expect(EC_LEVELS[7]).toEqual(["L", "M", "Q", "H"]);
    expect(EC_LEVELS[8]).toEqual(["L", "M", "Q", "H"]);
    expect(normaliseEcLevel(7, "30")).toBe("H");
    expect(normaliseEcLevel(8, "zz")).toBe("M");
    expect(roundTrip({ QrCodeType: 7, ErrorCorrectionLevel: "<x>" }).ErrorCorrectionLevel).toBe("M");
  });
  it("the error correction changes the GS1 QR symbol", () => {
    const l = encodeCode({ kind: "qrcode", type: 8, data: GS1_DEFAULT_DATA, ecLevel: "L" });
    const h = encodeCode({ kind: "qrcode", type: 8, data: GS1_DEFAULT_DATA, ecLevel: "H" });
    expect(h.cols).toBeGreaterThan(l.cols);
  });
  it("a type change to a GS1 type starts from GS1 content unless the content was typed", () => {
    const el = qrLabel(1, "https://example.com").elements[0] as QRCodeElement;
    const gs1 = onQrTypeChange({ ...el, isEdit: false }, 6);
    expect(gs1.Data).toBe(GS1_DEFAULT_DATA);
    expect(gs1.DataSourceList[0]?.FirstValue).toBe(GS1_DEFAULT_DATA);
    expect(onQrTypeChange({ ...el, isEdit: true }, 7).Data).toBe("https://example.com");
  });
});

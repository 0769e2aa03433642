// GS1 codes decode to the AIs entered: each is rendered through the shared renderer (print target,
// 203 and 300 dpi, dot snapping; and the export target), rasterised, and read by zxing-wasm, which
// must report a GS1 symbol (symbology identifier ]C1 / ]d2 / ]Q3, content type GS1) with FNC1
// separators transmitted as GS, and the same AIs in its bracketed (HRI) reading.
import { describe, expect, it } from "vitest";
import { GS } from "../../../src/codes/gs1";
import type { LabelDocument } from "../../../src/model/types";
import { prepareRender, renderLabel } from "../../../src/render";
import { barcodeLabel, qrLabel } from "../support/labels";
import { rasterise, toImageData } from "../support/raster";
import { decode } from "../support/zxing";

const AIS = "(01)09506000134352(10)AB-12/3(17)261231(21)S\\(9)X(3103)001250";
/** Transmitted data: GS after the batch (10) and the serial (21), none after 01, 17 or the last AI. */
const RAW = `0109506000134352${"10AB-12/3"}${GS}17261231${"21S(9)X"}${GS}3103001250`;
const HRI = "(01)09506000134352(10)AB-12/3(17)261231(21)S(9)X(3103)001250";

async function read(label: LabelDocument, dpi: number, target: "print" | "export", format: string) {
  // an export is snapped to the label's target resolution: rasterise it at that resolution
  const doc = { ...label, attrs: { ...label.attrs, targetDpi: dpi as 203 | 300 } };
  await prepareRender(doc, { target, dpi });
  const svg = renderLabel(doc, { target, dpi });
  expect(svg).not.toContain("data-code-error");
  const img = toImageData(rasterise(svg, doc.attrs.width, doc.attrs.height, dpi));
  const [plain] = await decode(img, { formats: [format as never], textMode: "Plain" });
  const [hri] = await decode(img, { formats: [format as never], textMode: "HRI" });
  return { plain, hri, svg };
}

const CASES = [
  {
    name: "GS1-128",
    doc: () => barcodeLabel(26, AIS, { Width: 90, Height: 15 }),
    format: "Code128",
    id: "]C1",
  },
  { name: "GS1 DataMatrix", doc: () => qrLabel(6, AIS), format: "DataMatrix", id: "]d2" },
  {
    name: "GS1 QR",
    doc: () => qrLabel(7, AIS, { ErrorCorrectionLevel: "M" }),
    format: "QRCode",
    id: "]Q3",
  },
];

describe.each([203, 300])("GS1 codes at %i dpi", (dpi) => {
  for (const target of ["print", "export"] as const) {
    it.each(CASES)(`${target}: $name decodes to the AIs with FNC1/GS`, async ({ doc, format, id }) => {
      const { plain, hri } = await read(doc(), dpi, target, format);
      expect(plain?.error ?? "").toBe("");
      expect(plain?.format).toBe(format);
      expect(plain?.symbologyIdentifier).toBe(id);
      expect(plain?.contentType).toBe("GS1");
      expect(plain?.text).toBe(RAW);
      expect(hri?.text).toBe(HRI);
    });
  }

  it("GS1 Digital Link QR decodes to the URI built from the AIs", async () => {
    const { plain } = await read(qrLabel(8, AIS, { ErrorCorrectionLevel: "M" }), dpi, "print", "QRCode");
    expect(plain?.text).toBe(
      "https://id.gs1.org/01/09506000134352/10/AB-12%2F3/21/S%289%29X?17=261231&3103=001250",
    );
  });
});

describe("the human-readable line and bad content", () => {
  it("shows the AIs in brackets under a GS1-128 and a GS1 DataMatrix", () => {
    for (const doc of [
      barcodeLabel(26, AIS, { Width: 90, Height: 15, BarcodeNumPosition: 1 }),
      qrLabel(6, AIS, { BarcodeNumPosition: 1 }),
    ]) {
      const svg = renderLabel(doc, { target: "print", dpi: 203 });
      expect(svg).not.toContain("data-code-error");
      expect(svg).toContain("(21)S(9)X");
    }
  });
  it.each([
    [26, "(01)09506000134353", "codes.gs1.checkDigit"],
    [6, "(01)09506000134352(17)261301", "codes.gs1.date"],
    [7, "(01)09506000134352(10)A B", "codes.gs1.charset"],
    [8, "(10)AB12", "codes.gs1.dlNoKey"],
    [6, "https://example.com", "codes.gs1.syntax"],
  ])("type %i %j draws the placeholder with %s", async (type, data, key) => {
    const doc = type === 26 ? barcodeLabel(type, data) : qrLabel(type, data);
    await prepareRender(doc, { target: "print", dpi: 203 });
    expect(renderLabel(doc, { target: "print", dpi: 203 })).toContain(`data-code-error="${key}"`);
  });
});

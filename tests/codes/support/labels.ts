// One-element labels for the code tests, rendered through the shared renderer (src/render).
import { emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { BarcodeElement, LabelDocument, QRCodeElement } from "../../../src/model/types";

export const MARGIN = 5;

export function barcodeLabel(type: number, data: string, over: Partial<BarcodeElement> = {}): LabelDocument {
  const base = createElement("Barcode", [], { x: MARGIN, y: MARGIN });
  const el: BarcodeElement = {
    ...base,
    BarCodeType: type,
    Data: data,
    DataSourceList: base.DataSourceList.map((s) => ({ ...s, FirstValue: data, NormalText: data })),
    Width: 50,
    Height: 15,
    ...over,
  };
  return {
    attrs: { ...emptyDocument().attrs, width: el.Width + 2 * MARGIN, height: el.Height + 2 * MARGIN },
    elements: [el],
  };
}

export function qrLabel(type: number, data: string, over: Partial<QRCodeElement> = {}): LabelDocument {
  const base = createElement("QRcode", [], { x: MARGIN, y: MARGIN });
  const el: QRCodeElement = {
    ...base,
    QrCodeType: type,
    Data: data,
    DataSourceList: base.DataSourceList.map((s) => ({ ...s, FirstValue: data, NormalText: data })),
    Width: 25,
    Height: type === 2 ? 12 : 25,
    ErrorCorrectionLevel: type === 1 ? "M" : type === 2 ? "2" : type === 5 ? "L2" : "",
    ...over,
  };
  return {
    attrs: { ...emptyDocument().attrs, width: el.Width + 2 * MARGIN, height: el.Height + 2 * MARGIN },
    elements: [el],
  };
}

/**
 * 1D cases zxing can read: input, what the symbol must decode to, and the zxing format. The check
 * digits are the published ones (EAN-13 5901234123457, EAN-8 96385074, UPC-A 036000291452, UPC-E
 * 0425261 4, ITF-14 15400141288763 of the GS1 examples), never computed by the code under test.
 * zxing reports ITF-14 without bearer bars as ITF.
 */
export const READABLE_1D: readonly { type: number; data: string; expect: string; format: string }[] = [
  { type: 1, data: "Inkless-128 ok", expect: "Inkless-128 ok", format: "Code128" },
  { type: 10, data: "1234567890", expect: "1234567890", format: "Code128" },
  { type: 2, data: "CODE-39 TEST", expect: "CODE-39 TEST", format: "Code39" },
  { type: 3, data: "Code93 Mixed", expect: "Code93 Mixed", format: "Code93" },
  { type: 4, data: "A40156B", expect: "A40156B", format: "Codabar" },
  { type: 5, data: "12345", expect: "012345", format: "ITF" },
  { type: 6, data: "9638507", expect: "96385074", format: "EAN8" },
  { type: 7, data: "590123412345", expect: "5901234123457", format: "EAN13" },
  // zxing returns UPC-A and UPC-E as their 13-digit GTIN (UPC-E expanded: 0425261 4 → 0 04210000526 4)
  { type: 8, data: "03600029145", expect: "0036000291452", format: "UPCA" },
  { type: 9, data: "0425261", expect: "0042100005264", format: "UPCE" },
  { type: 14, data: "Code39 ext!", expect: "Code39 ext!", format: "Code39Ext" },
  {
    type: 26,
    data: "(01)09501101530003(17)260101(10)AB12",
    expect: "(01)09501101530003(17)260101(10)AB12",
    format: "Code128",
  },
  { type: 27, data: "Telepen 27", expect: "Telepen 27", format: "TelepenAlpha" },
  { type: 28, data: "1540014128876", expect: "15400141288763", format: "ITF" },
];

export const READABLE_2D: readonly { type: number; data: string; format: string }[] = [
  { type: 1, data: "https://example.com/ü?q=中文", format: "QRCode" },
  { type: 2, data: "PDF417 ü 中文 1234567890", format: "PDF417" },
  { type: 3, data: "DataMatrix ü 中文", format: "DataMatrix" },
  { type: 4, data: "Aztec ü 中文 23%", format: "Aztec" },
];

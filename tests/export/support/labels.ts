// Labels for the export tests and the benchmark, built with the model's own factories.
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { LabelAttrs, LabelDocument, LabelElement } from "../../../src/model/types";

const seq = (initial: string, quantity: number) => [
  createDataSource({
    DataSourceType: 2,
    InitialValue: initial,
    FirstValue: initial,
    AddedValue: 1,
    Quantity: quantity,
  }),
];
const fixed = (text: string) => [createDataSource({ FirstValue: text, NormalText: text })];

function el(type: LabelElement["Type"], over: Record<string, unknown>): LabelElement {
  return { ...createElement(type, [], { x: 0, y: 0 }), ...over } as LabelElement;
}

/**
 * The benchmark label (issue 8): 100 × 80 mm, a border, two texts (one numbered, one with CJK),
 * a Code128 and a QR code; with `records` > 1 the number, barcode and QR follow a sequence.
 */
export function benchLabel(records = 1, attrs: Partial<LabelAttrs> = {}): LabelDocument {
  const src = (v: string) => (records > 1 ? seq(v, records) : fixed(v));
  return {
    attrs: { ...emptyDocument().attrs, name: "Bench 标签", width: 100, height: 80, ...attrs },
    elements: [
      el("Rectangle", { StartX: 1, StartY: 1, Width: 98, Height: 78, PenWidth: 0.5 }),
      el("Text", {
        StartX: 5,
        StartY: 4,
        Width: 90,
        Height: 10,
        FontSize: 16,
        Data: "INK-000001",
        DataSourceList: src("INK-000001"),
      }),
      el("Text", {
        StartX: 5,
        StartY: 16,
        Width: 90,
        Height: 10,
        FontSize: 14,
        Data: "名称 Inkless 标签",
        DataSourceList: fixed("名称 Inkless 标签"),
      }),
      el("Barcode", {
        StartX: 5,
        StartY: 30,
        Width: 55,
        Height: 20,
        BarCodeType: 1,
        Data: "INK-000001",
        DataSourceList: src("INK-000001"),
      }),
      el("QRcode", {
        StartX: 66,
        StartY: 30,
        Width: 28,
        Height: 28,
        QrCodeType: 1,
        ErrorCorrectionLevel: "M",
        Data: "QR-000001",
        DataSourceList: src("QR-000001"),
      }),
    ],
  };
}

// The label of the "send as: automatic" tests: what a printer draws as we do — a square frame, a
// text numbered per record in the label's font, a Code 128 without its human-readable line, a QR
// code — and the same label with one thing a printer would draw otherwise (an ellipse).
import { emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import { boundTo } from "../../../src/model/kinds/parts";
import type { DataSource, LabelDocument, LabelElement } from "../../../src/model/types";

/** 80 × 50 mm; the text and the Code 128 numbered per record from LOT-1001. */
export function sameLabel(records = 2, differ = false): LabelDocument {
  const els: LabelElement[] = [];
  const add = (el: LabelElement) => els.push(el);
  const numbered = (el: { readonly DataSourceList: readonly DataSource[] }): DataSource => ({
    ...el.DataSourceList[0],
    DataSourceType: 2,
    InitialValue: "LOT-1001",
    AddedValue: 1,
    Quantity: records,
    SequenceType: 0,
  });
  add({ ...createElement("Rectangle", els, { x: 1, y: 1, width: 78, height: 48 }), PenWidth: 0.5 });
  const text = createElement("Text", els, { x: 5, y: 4 });
  add({
    ...text,
    Data: "LOT-1001",
    DataSourceList: [numbered(text)],
    FontSize: 14,
    FontFamily: "Roboto",
  } as LabelElement);
  const code = createElement("Barcode", els, { x: 5, y: 16 });
  add({
    ...code,
    BarCodeType: 1,
    Data: "LOT-1001",
    DataSourceList: [numbered(code)],
    BarcodeNumPosition: 0,
    Width: 40,
    Height: 14,
  } as LabelElement);
  add({
    ...createElement("QRcode", els, { x: 52, y: 16, width: 22, height: 22 }),
    ...boundTo("https://inkless.test/same"),
  });
  if (differ)
    add({ ...createElement("Ellipse", els, { x: 10, y: 34, width: 20, height: 10 }), PenWidth: 0.5 });
  return { ...emptyDocument({ width: 80, height: 50 }), elements: els };
}

// The label of the native printing tests and bench: codes, boxes, lines and one text, each code's
// value known (the Code 128 numbered per record: INK-1001, INK-1002).
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import { boundTo } from "../../../src/model/kinds/parts";
import type { LabelDocument, LabelElement } from "../../../src/model/types";

/** 100 × 60 mm: a frame, a title, a rule, a Code 128 numbered per record, EAN-13, QR, DataMatrix, an ellipse. */
export function nativeLabel(records = 2): LabelDocument {
  const els: LabelElement[] = [];
  const add = (el: LabelElement) => els.push(el);
  add({ ...createElement("Rectangle", els, { x: 1, y: 1, width: 98, height: 58 }), PenWidth: 0.5 });
  add({ ...createElement("Text", els, { x: 5, y: 4 }), ...boundTo("Inkless native"), FontSize: 14 });
  add({ ...createElement("LineHorizontal", els, { x: 5, y: 14, width: 90, height: 0 }), PenWidth: 0.4 });
  const code = createElement("Barcode", els, { x: 5, y: 17 });
  const seq = createDataSource({
    DataSourceType: 2,
    InitialValue: "INK-1001",
    FirstValue: "INK-1001",
    Quantity: records,
  });
  add({ ...code, BarCodeType: 1, Data: "INK-1001", DataSourceList: [seq], Width: 50, Height: 15 });
  add({
    ...createElement("Barcode", els, { x: 5, y: 37 }),
    ...boundTo("590123412345"),
    BarCodeType: 7,
    Width: 40,
    Height: 18,
  });
  add({
    ...createElement("QRcode", els, { x: 62, y: 17, width: 20, height: 20 }),
    ...boundTo("https://inkless.test/q/42"),
  });
  add({
    ...createElement("QRcode", els, { x: 86, y: 17, width: 10, height: 10 }),
    ...boundTo("DM-42"),
    QrCodeType: 3,
  });
  add({ ...createElement("Ellipse", els, { x: 70, y: 42, width: 20, height: 12 }), PenWidth: 0.5 });
  return { ...emptyDocument({ width: 100, height: 60 }), elements: els };
}

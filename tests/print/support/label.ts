// The label the print tests send: 60 × 30 mm, a fixed text at the top and a Code 128 barcode
// whose value is a sequence INK-1001, INK-1002, INK-1003 (three records).
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { BarcodeElement, LabelDocument, LabelElement } from "../../../src/model/types";

export const TEXT_BOX = { x: 5, y: 2, width: 50, height: 8 };
export const CODE_BOX = { x: 5, y: 12, width: 50, height: 15 };
export const VALUES = ["INK-1001", "INK-1002", "INK-1003"];

/** `records`: how many values the sequence has (the print queue's tests print hundreds). */
export function printLabel(records = 3): LabelDocument {
  const t0 = createElement("Text", [], { x: TEXT_BOX.x, y: TEXT_BOX.y });
  const text = {
    ...t0,
    Data: "Inkless",
    DataSourceList: t0.DataSourceList.map((s) => ({ ...s, FirstValue: "Inkless", NormalText: "Inkless" })),
    Width: TEXT_BOX.width,
    Height: TEXT_BOX.height,
  } as LabelElement;
  const base = createElement("Barcode", [text], { x: CODE_BOX.x, y: CODE_BOX.y });
  const seq = createDataSource({
    DataSourceType: 2,
    InitialValue: "INK-1001",
    FirstValue: "INK-1001",
    Quantity: records,
  });
  const code: BarcodeElement = {
    ...base,
    BarCodeType: 1,
    Data: "INK-1001",
    DataSourceList: [seq],
    Width: CODE_BOX.width,
    Height: CODE_BOX.height,
  };
  return {
    attrs: { ...emptyDocument().attrs, name: "Print test", width: 60, height: 30 },
    elements: [text, code],
  };
}

/** The print tests' label with its barcode's data source changed by `source`. */
export function barcodeSourced(source: Partial<BarcodeElement["DataSourceList"][number]>): LabelDocument {
  const doc = printLabel();
  const elements = doc.elements.map((el) => {
    if (el.Type !== "Barcode") return el;
    const code = el as BarcodeElement;
    return { ...code, DataSourceList: [{ ...code.DataSourceList[0], ...source }] } as BarcodeElement;
  });
  return { ...doc, elements };
}

/** The print tests' label with its barcode taking the numbers of counter `id` (named "Serial"). */
export const counterLabel = (id: string): LabelDocument =>
  barcodeSourced({ DataSourceType: 6, CounterId: id, CounterName: "Serial" });

/** The print tests' label with its barcode bound to the column "sku" of a spreadsheet. */
export const skuLabel = (): LabelDocument =>
  barcodeSourced({
    DataSourceType: 1,
    ConnectionStr: "/files/u/data/stock.xlsx",
    ColumnName: "sku",
    SheetIndex: [0, 0],
    ColumnFirstLine: true,
  });

// The label of the printer template export tests (unit and e2e): a Polish and a Greek text, a
// Code 128 and a QR code, each bound to a data source (a sequence numbered per record), so each is a
// field of the template named after the element.
import { emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { DataSource, LabelDocument, LabelElement } from "../../../src/model/types";

/** Each field: the element's name and its first record's value (later records count up by one). */
export const TEMPLATE_FIELDS = [
  { name: "Miasto", first: "Łódź-1001" },
  { name: "Poli", first: "Αθήνα-1001" },
  { name: "Parcel", first: "PL-1001" },
  { name: "Link", first: "https://inkless.test/p/1001" },
] as const;

/** 100 × 60 mm, `records` records: the two texts (Noto Sans, 14 pt), the Code 128, the QR code. */
export function templateLabel(records = 2): LabelDocument {
  const els: LabelElement[] = [];
  const seq = (el: LabelElement, first: string): DataSource => ({
    ...(el as unknown as { DataSourceList: readonly DataSource[] }).DataSourceList[0],
    DataSourceType: 2,
    InitialValue: first,
    AddedValue: 1,
    Quantity: records,
    SequenceType: 0,
  });
  const [city, greek, parcel, link] = TEMPLATE_FIELDS;
  for (const [i, f] of [city, greek].entries()) {
    const t = createElement("Text", els, { x: 4, y: 3 + i * 9 });
    els.push({
      ...t,
      Name: f.name,
      Data: f.first,
      DataSourceList: [seq(t, f.first)],
      FontSize: 14,
      FontFamily: "Noto Sans",
    } as LabelElement);
  }
  const code = createElement("Barcode", els, { x: 4, y: 22 });
  els.push({
    ...code,
    Name: parcel.name,
    BarCodeType: 1,
    Data: parcel.first,
    DataSourceList: [seq(code, parcel.first)],
    Width: 55,
    Height: 16,
  } as LabelElement);
  const qr = createElement("QRcode", els, { x: 68, y: 22, width: 26, height: 26 });
  els.push({
    ...qr,
    Name: link.name,
    Data: link.first,
    DataSourceList: [seq(qr, link.first)],
  } as LabelElement);
  const doc = emptyDocument({ width: 100, height: 60 });
  return { ...doc, attrs: { ...doc.attrs, name: "Parcel PL" }, elements: els };
}

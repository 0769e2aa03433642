// LabelDocument → .tprt XML text. Deterministic: the same document always gives the same bytes.
import { CREATOR_PLATFORM, CREATOR_VERSION } from "../constants";
import { createDataSource } from "../defaults";
import {
  type BarcodeElement,
  type DataSource,
  type ElementType,
  type ImageElement,
  isMirrorCopy,
  type LabelDocument,
  type LabelElement,
  type LineElement,
  type QRCodeElement,
  type ShapeElement,
  type TableCell,
  type TableElement,
  type TextElement,
  type TimeTextElement,
} from "../types";
import { joinCanvasList } from "./canvasList";
import {
  BARCODE_FIELDS,
  BASE_FIELDS,
  CELL_POSITION_FIELDS,
  CODE_FONT_FIELDS,
  DATA_SOURCE_ATTRS,
  type FieldSpec,
  FONT_FIELDS,
  IMAGE_FIELDS,
  LABEL_FIELDS,
  LINE_FIELDS,
  QR_FIELDS,
  SHAPE_FIELDS,
  SOURCE_KEY_ATTRS,
  TABLE_FIELDS,
  TEXT_FIELDS,
  TEXT_STYLE_FIELDS,
  TIME_FIELDS,
} from "./fields";
import { storeImage } from "./image";
import { writeQrCorrection } from "./qr";
import { escapeAttr, escapeText } from "./xml";

type Out = string[];
type AnyRecord = Record<string, unknown>;

const tag = (out: Out, pad: string, name: string, value: string) =>
  out.push(`${pad}<${name}>${escapeText(value)}</${name}>`);

function fields(out: Out, pad: string, value: object, specs: readonly FieldSpec<never>[]) {
  const v = value as AnyRecord;
  for (const [key, name, codec] of specs) tag(out, pad, name, codec.write(v[key] as never));
}

function font(out: Out, pad: string, value: object, specs: readonly FieldSpec<never>[]) {
  out.push(`${pad}<Font>`);
  fields(out, `${pad}  `, value, specs);
  out.push(`${pad}</Font>`);
}

const DEFAULT_SOURCE = createDataSource() as unknown as AnyRecord;
const attrEq = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

function dataSource(out: Out, pad: string, ds: DataSource) {
  const v = ds as unknown as AnyRecord;
  const always = SOURCE_KEY_ATTRS[ds.DataSourceType] ?? [];
  let attrs = "";
  for (const [key, name, codec] of DATA_SOURCE_ATTRS) {
    if (name === "Type" || always.includes(name) || !attrEq(v[key], DEFAULT_SOURCE[key])) {
      attrs += ` ${name}="${escapeAttr(codec.write(v[key] as never))}"`;
    }
  }
  if (ds.DataBase.length === 0) {
    out.push(`${pad}<DataSource${attrs}/>`);
    return;
  }
  out.push(`${pad}<DataSource${attrs}>`, `${pad}  <DataBase>`);
  for (const sheet of ds.DataBase) {
    out.push(`${pad}    <Sheet Text="${escapeAttr(sheet.text)}" Index="${sheet.index}">`);
    for (const col of sheet.children) {
      out.push(`${pad}      <Column Text="${escapeAttr(col.text)}" Index="${col.index}"/>`);
    }
    out.push(`${pad}    </Sheet>`);
  }
  out.push(`${pad}  </DataBase>`, `${pad}</DataSource>`);
}

function sources(
  out: Out,
  pad: string,
  el: { DataSourceList: readonly DataSource[]; dataSourceIndex: number },
) {
  if (el.DataSourceList.length === 0) out.push(`${pad}<DataSourceList></DataSourceList>`);
  else {
    out.push(`${pad}<DataSourceList>`);
    for (const ds of el.DataSourceList) dataSource(out, `${pad}  `, ds);
    out.push(`${pad}</DataSourceList>`);
  }
  tag(out, pad, "DataSourceIndex", String(el.dataSourceIndex));
}

function text(out: Out, p: string, el: TextElement | TimeTextElement) {
  tag(out, p, "Data", el.Data);
  font(out, p, el, FONT_FIELDS);
  fields(out, p, el, TEXT_STYLE_FIELDS);
  fields(out, p, el, TEXT_FIELDS);
  if (el.Type === "TimeText") {
    tag(out, p, "IsTimeText", "yes");
    fields(out, p, el, TIME_FIELDS);
    // derived, for printing software; ignored when reading
    tag(out, p, "TimeStamp", el.TimeType === 1 ? `${el.SelectDate} ${el.SelectTime}`.trim() : "");
    const parts = el.DateFormatChecked.map((part) => (part === "date" ? el.DateFormat : el.TimeFormat));
    tag(out, p, "TimeFormatString", parts.join(" "));
  }
  sources(out, p, el);
}

function barcode(out: Out, p: string, el: BarcodeElement) {
  tag(out, p, "Data", el.Data);
  fields(out, p, el, BARCODE_FIELDS);
  font(out, p, el, CODE_FONT_FIELDS);
  sources(out, p, el);
}

function qrcode(out: Out, p: string, el: QRCodeElement) {
  tag(out, p, "Data", el.Data);
  fields(out, p, el, QR_FIELDS);
  tag(out, p, "ErrorCorrectionLevel", writeQrCorrection(el.QrCodeType, el.ErrorCorrectionLevel));
  tag(out, p, "Encoding", el.Encoding);
  font(out, p, el, CODE_FONT_FIELDS);
  sources(out, p, el);
  // the QR centre image (ours, not in older files): written only when there is one
  const centre = storeImage(el.CenterImage ?? "");
  if (centre.data) {
    tag(out, p, "CenterImage", centre.data);
    tag(out, p, "CenterImageFormat", centre.format);
  }
}

function image(out: Out, p: string, el: ImageElement) {
  const img = storeImage(el.imageSrc);
  tag(out, p, "Data", img.data);
  tag(out, p, "ImageFormat", img.format);
  if (img.url) tag(out, p, "ImageUrl", img.url);
  fields(out, p, el, IMAGE_FIELDS);
}

function cell(out: Out, p: string, c: TableCell) {
  out.push(`${p}<Cell>`);
  const q = `${p}  `;
  fields(out, q, c, CELL_POSITION_FIELDS);
  tag(out, q, "Data", c.Data);
  font(out, q, c, FONT_FIELDS);
  fields(out, q, c, TEXT_STYLE_FIELDS);
  sources(out, q, c);
  out.push(`${p}</Cell>`);
}

function table(out: Out, p: string, el: TableElement) {
  fields(out, p, el, TABLE_FIELDS);
  out.push(`${p}<TextList>`);
  for (const c of el.cells) cell(out, `${p}  `, c);
  out.push(`${p}</TextList>`);
}

type KindWriter = (out: Out, pad: string, el: never) => void;
const line: KindWriter = (out, p, el: LineElement) => fields(out, p, el, LINE_FIELDS);
const shape: KindWriter = (out, p, el: ShapeElement) => fields(out, p, el, SHAPE_FIELDS);

const KIND_WRITERS: Record<ElementType, KindWriter> = {
  Text: text,
  TimeText: text,
  Barcode: barcode,
  QRcode: qrcode,
  Image: image,
  Table: table,
  Line: line,
  LineVertical: line,
  LineHorizontal: line,
  Rectangle: shape,
  RoundRectangle: shape,
  Diamond: shape,
  Ellipse: shape,
  Triangle: shape,
};

function element(out: Out, el: LabelElement) {
  const p = "      ";
  out.push("    <DrawObject>");
  tag(out, p, "ID", el.Id);
  // TimeText is a Text with a time flag in the file (spec: exported record)
  tag(out, p, "Type", el.Type === "TimeText" ? "Text" : el.Type);
  tag(out, p, "Name", el.Name);
  fields(out, p, el, BASE_FIELDS);
  KIND_WRITERS[el.Type](out, p, el as never);
  out.push("    </DrawObject>");
}

/** The document as .tprt XML text (UTF-8 when encoded). Mirror copies are not written. */
export function writeTprt(doc: LabelDocument): string {
  const out: Out = ['<?xml version="1.0" encoding="UTF-8"?>', "<LabelFile>", "  <FileInfo>"];
  out.push(`    <Creator Platform="${CREATOR_PLATFORM}" Version="${CREATOR_VERSION}"/>`);
  fields(out, "    ", doc.attrs, LABEL_FIELDS.slice(0, 6));
  tag(out, "    ", "Canvas", joinCanvasList(doc.attrs.canvas_img));
  fields(out, "    ", doc.attrs, LABEL_FIELDS.slice(6));
  out.push("  </FileInfo>", "  <ObjectList>");
  for (const el of doc.elements) if (!isMirrorCopy(el)) element(out, el);
  out.push("  </ObjectList>", "</LabelFile>", "");
  return out.join("\n");
}

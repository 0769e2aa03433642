// fast-check arbitraries for valid label documents: every field of every kind, inside the bounds
// the file keeps (src/model/file/fields.ts and each kind's tables in src/model/kinds), with hostile
// strings mixed in.
import fc from "fast-check";
import { BOUNDS, type Bound } from "../../../src/model/bounds";
import { TARGET_DPIS } from "../../../src/model/constants";
import { BARCODE_TYPES } from "../../../src/model/kinds/barcode";
import { LINE_DIRECTIONS } from "../../../src/model/kinds/line";
import type {
  BarcodeElement,
  BaseElement,
  DataSource,
  ElementType,
  ImageElement,
  LabelAttrs,
  LabelDocument,
  LabelElement,
  LineElement,
  QRCodeElement,
  ShapeElement,
  SheetInfo,
  TableCell,
  TableElement,
  TextElement,
  TextStyle,
  TimeTextElement,
} from "../../../src/model/types";
import { LABEL_TYPES } from "../../../src/model/types";

const HOSTILE = [
  "<script>alert(1)</script>",
  "&amp; &lt; &#x41; &unknown;",
  "]]><![CDATA[x]]>",
  "\"quoted\" 'single'",
  "line1\nline2\r\nline3\rend",
  "\ttab\u0000nul\u0001\u001f",
  "  padded  ",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "<!DOCTYPE x>",
  "中文标签 Ελληνικά עברית 🏷️",
  "\uFEFFbom",
  "",
];

/** Any well-formed string, often hostile. */
export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
);
const nonBlank = text.filter((s) => s.trim() !== "");

/** A number the file keeps exactly: inside the range, whole when the bound is, never -0. */
export function inBound(b: Bound): fc.Arbitrary<number> {
  const arb = b.integer
    ? fc.integer({ min: Math.ceil(b.min), max: Math.floor(b.max) })
    : fc.oneof(
        fc.double({ min: b.min, max: b.max, noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: Math.ceil(b.min * 10), max: Math.floor(b.max * 10) }).map((n) => n / 10),
      );
  return arb.map((n) => (n === 0 ? 0 : n));
}
const bound = (name: keyof typeof BOUNDS) => inBound(BOUNDS[name]);
const PEN = inBound({ min: 0.01, max: 10 });
const TABLE_PEN = inBound({ min: 0.01, max: 5 });
const CELL = inBound({ min: 0.5, max: 3000 });
const bool = fc.boolean();
const align = fc.constantFrom(0, 1, 2, 3, 4) as fc.Arbitrary<0 | 1 | 2 | 3 | 4>;
const numPos = fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>;
const dashStyle = fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>;

const sheet: fc.Arbitrary<SheetInfo> = fc.record({
  text,
  index: fc.nat(1000),
  children: fc.array(fc.record({ text, index: fc.nat(1000) }), { maxLength: 3 }),
});

export const dataSource: fc.Arbitrary<DataSource> = fc
  .record({
    DataSourceType: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
    FirstValue: text,
    NormalText: text,
    ExcelName: text,
    TableName: text,
    ColumnName: text,
    ColumnIndex: fc.nat(10000),
    ConnectionStr: text,
    ConnectionData: text,
    SheetIndex: fc.tuple(fc.nat(50), fc.nat(50)),
    DataBase: fc.array(sheet, { maxLength: 2 }),
    ColumnFirstLine: bool,
    DisplayColumn: text,
    DataType: fc.constantFrom(0, 1, 2, 3, 4, 5) as fc.Arbitrary<0 | 1 | 2 | 3 | 4 | 5>,
    DataPrecision: bound("DataPrecision"),
    RemoveZero: bool,
    CurrencySymbol: text,
    DateFormat: text,
    TimeFormat: text,
    SequenceType: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
    InitialValue: text,
    AddedValue: bound("AddedValue"),
    Quantity: bound("Quantity"),
    ReferenceId: text,
  })
  // Formula entries are added after drawing, so the seeded fixtures' random stream stays as it was
  // (tests/data/formulaSource.test.ts round-trips them).
  .map((s) => ({ ...s, Formula: "", CounterId: "", CounterName: "" }));

const dataBound = fc
  .record({ Data: text, DataSourceList: fc.array(dataSource, { maxLength: 3 }), pick: fc.nat(10) })
  .map(({ pick, ...d }) => ({
    ...d,
    dataSourceIndex: d.DataSourceList.length ? pick % d.DataSourceList.length : 0,
  }));

const textStyle: fc.Arbitrary<TextStyle> = fc.record({
  FontFamily: text,
  fontFamilyUrl: text,
  FontSize: bound("FontSize"),
  Bold: bool,
  Italic: bool,
  UnderLine: bool,
  DeleteLine: bool,
  TextAlign: align,
  TextArrange: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
  LineHeight: bound("LineHeight"),
  LetterSpacing: bound("LetterSpacing"),
});

/** Common fields; Id and Name are set when the document is assembled. */
const base = (type: ElementType): fc.Arbitrary<BaseElement> =>
  fc.record({
    Id: fc.constant(""),
    Type: fc.constant(type),
    Name: nonBlank,
    Lock: bool,
    StartX: bound("ElementPosition"),
    StartY: bound("ElementPosition"),
    Width: bound("ElementSize"),
    Height: bound("ElementSize"),
    Rotate: fc.constantFrom(0, 90, 180, 270) as fc.Arbitrary<0 | 90 | 180 | 270>,
    MirrorImage: bool,
    CopyMirrorImage: bool,
    AntiMirror: bool,
  });

const textEl: fc.Arbitrary<TextElement> = fc
  .tuple(
    base("Text"),
    textStyle,
    dataBound,
    fc.record({ TextAutoLine: bool, BoxWidth: bound("BoxWidth"), TextPrefix: text, TextSuffix: text }),
  )
  .map(([b, s, d, t]) => ({ ...b, ...s, ...d, ...t, Type: "Text" }));

const timeText: fc.Arbitrary<TimeTextElement> = fc
  .tuple(
    textEl,
    fc.record({
      TimeType: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
      DateFormatChecked: fc.constantFrom<("date" | "time")[]>(
        [],
        ["date"],
        ["time"],
        ["date", "time"],
        ["time", "date"],
      ),
      SelectDate: text,
      SelectTime: text,
      Region: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>,
      DateFormat: text,
      TimeFormat: text,
      DayOffset: bound("DayOffset"),
      MinuteOffset: bound("MinuteOffset"),
    }),
  )
  .map(([t, x]) => ({ ...t, ...x, Type: "TimeText" }));

const codeCommon = fc.record({
  TextAlign: align,
  BarcodeNumPosition: numPos,
  FontFamily: text,
  FontSize: bound("FontSize"),
  ISParticipating: bool,
  isEdit: bool,
});

const barcode: fc.Arbitrary<BarcodeElement> = fc
  .tuple(base("Barcode"), dataBound, codeCommon, fc.constantFrom(...BARCODE_TYPES))
  .map(([b, d, c, t]) => ({ ...b, ...d, ...c, BarCodeType: t, Type: "Barcode" }));

const CORRECTION: Record<number, fc.Arbitrary<string>> = {
  1: fc.constantFrom("L", "M", "Q", "H"),
  2: fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7"),
  3: fc.constantFrom("M", ""),
  4: fc.integer({ min: 5, max: 95 }).map(String),
  5: fc.constantFrom("L1", "L2", "L3", "L4"),
};

const qrcode: fc.Arbitrary<QRCodeElement> = fc
  .tuple(base("QRcode"), dataBound, codeCommon, fc.constantFrom(1, 2, 3, 4, 5))
  .chain(([b, d, c, t]) =>
    fc
      .record({
        ErrorCorrectionLevel: CORRECTION[t],
        HanxinVersion: bound("HanxinVersion"),
        Encoding: fc.constantFrom("UTF-8", "gb18030"),
      })
      .map((q) => ({ ...b, ...d, ...c, ...q, QrCodeType: t, Type: "QRcode" as const })),
  );

const base64 = fc.uint8Array({ minLength: 1, maxLength: 48 }).map((a) => Buffer.from(a).toString("base64"));
export const imageSrc = fc.oneof(
  fc.constant(""),
  fc
    .tuple(fc.constantFrom("image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"), base64)
    .map(([m, b]) => `data:${m};base64,${b}`),
  fc.webUrl().filter((u) => /^https?:\/\/[^\s"<>]+$/i.test(u)),
);

const image: fc.Arbitrary<ImageElement> = fc
  .tuple(
    base("Image"),
    fc.record({
      imageSrc,
      imageDisplayMode: fc.constantFrom("COLORFUL", "BLACKWHITE"),
      imageScaleType: fc.nat(1000),
      ISParticipating: bool,
      Threshold: bound("Threshold"),
    }),
  )
  .map(([b, i]) => ({ ...b, ...i, Type: "Image" }));

const line = (type: LineElement["Type"]): fc.Arbitrary<LineElement> =>
  fc
    .tuple(
      base(type),
      fc.record({
        EndX: bound("ElementPosition"),
        EndY: bound("ElementPosition"),
        LineDirection: fc.constantFrom(...LINE_DIRECTIONS),
        PenWidth: PEN,
        Dash: bool,
        DashStyle: dashStyle,
      }),
    )
    .map(([b, l]) => ({ ...b, ...l, Type: type }));

const shape = (type: ShapeElement["Type"]): fc.Arbitrary<ShapeElement> =>
  fc
    .tuple(
      base(type),
      fc.record({
        PenWidth: PEN,
        Dash: bool,
        DashStyle: dashStyle,
        Fill: bool,
        CornerRadius: bound("CornerRadius"),
      }),
    )
    .map(([b, s]) => ({ ...b, ...s, Type: type }));

const cellContent = fc
  .tuple(textStyle, dataBound, bool)
  .map(([s, d, auto]) => ({ ...s, ...d, TextAutoLine: auto }));

/** A full grid of cells, sometimes with one merged block. */
const table: fc.Arbitrary<TableElement> = fc
  .record({ rows: fc.integer({ min: 1, max: 4 }), cols: fc.integer({ min: 1, max: 4 }) })
  .chain(({ rows, cols }) =>
    fc
      .record({
        b: base("Table"),
        widths: fc.array(CELL, { minLength: cols, maxLength: cols }),
        heights: fc.array(CELL, { minLength: rows, maxLength: rows }),
        pen: TABLE_PEN,
        merge: fc.option(fc.tuple(fc.nat(rows - 1), fc.nat(cols - 1), fc.nat(rows - 1), fc.nat(cols - 1))),
        contents: fc.array(cellContent, { minLength: rows * cols, maxLength: rows * cols }),
      })
      .map(({ b, widths, heights, pen, merge, contents }) => {
        const [r0, c0, r1, c1] = merge
          ? [
              Math.min(merge[0], merge[2]),
              Math.min(merge[1], merge[3]),
              Math.max(merge[0], merge[2]),
              Math.max(merge[1], merge[3]),
            ]
          : [-1, -1, -2, -2];
        const inMerge = (r: number, c: number) => r >= r0 && r <= r1 && c >= c0 && c <= c1;
        const cells: TableCell[] = [];
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            const start = r === r0 && c === c0;
            if (inMerge(r, c) && !start) continue;
            const end: [number, number] = start ? [r1, c1] : [r, c];
            cells.push({ ...contents[r * cols + c], LocaltionStart: [r, c], LocaltionEnd: end });
          }
        }
        return {
          ...b,
          Type: "Table" as const,
          Row: rows,
          Column: cols,
          CellWidth: widths,
          CellHeight: heights,
          PenWidth: pen,
          cells,
        };
      }),
  );

export const ELEMENT_ARBITRARIES: Record<ElementType, fc.Arbitrary<LabelElement>> = {
  Text: textEl,
  TimeText: timeText,
  Barcode: barcode,
  QRcode: qrcode,
  Image: image,
  Table: table,
  Line: line("Line"),
  LineVertical: line("LineVertical"),
  LineHorizontal: line("LineHorizontal"),
  Rectangle: shape("Rectangle"),
  RoundRectangle: shape("RoundRectangle"),
  Diamond: shape("Diamond"),
  Ellipse: shape("Ellipse"),
  Triangle: shape("Triangle"),
};

export const anyElement = fc.oneof(...Object.values(ELEMENT_ARBITRARIES));

const canvasItem = fc.oneof(
  fc.webUrl().filter((u) => !/[,\s]/.test(u)),
  base64.filter((b) => b !== "").map((b) => `data:image/png;base64,${b}`),
);

export const labelAttrs: fc.Arbitrary<LabelAttrs> = fc.record({
  name: text,
  width: bound("LabelWidth"),
  height: bound("LabelHeight"),
  background: text,
  printBackground: bool,
  backgroundDisplayMode: fc.nat(1000),
  columns: bound("ColumnsRows"),
  rows: bound("ColumnsRows"),
  rowSpacing: bound("SpacingPadding"),
  columnSpacing: bound("SpacingPadding"),
  paddingTop: bound("SpacingPadding"),
  paddingBottom: bound("SpacingPadding"),
  paddingLeft: bound("SpacingPadding"),
  paddingRight: bound("SpacingPadding"),
  canvasRotate: fc.integer({ min: -360, max: 360 }).map((n) => (n === 0 ? 0 : n)),
  shapeMode: fc.nat(1000),
  type: fc.constantFrom(...LABEL_TYPES),
  id: text,
  parent_id: text,
  remark: text,
  file: text,
  canvas_img: fc.array(canvasItem, { maxLength: 3 }),
  tmp_type: text,
  data_type: text,
  targetDpi: fc.constantFrom(...TARGET_DPIS),
});

/** Elements get unique ids (any characters, never a mirror copy's). */
export function documentOf(elements: fc.Arbitrary<LabelElement[]>): fc.Arbitrary<LabelDocument> {
  return fc
    .record({ attrs: labelAttrs, elements, ids: fc.array(nonBlank, { maxLength: 30 }) })
    .map(({ attrs, elements, ids }) => ({
      attrs,
      elements: elements.map((el, i) => {
        // the index before "|" keeps ids unique; a trailing "_mirror" would mark a mirror copy
        const id = `${i}|${ids[i % Math.max(1, ids.length)] ?? ""}`;
        return { ...el, Id: id.endsWith("_mirror") ? `${id}!` : id };
      }),
    }));
}

export const anyDocument = documentOf(fc.array(anyElement, { maxLength: 8 }));

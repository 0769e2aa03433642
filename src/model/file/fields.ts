// Which model field is stored under which file name, with which codec. The writer and the reader
// both walk these tables, so the two directions cannot drift apart. Names follow the spec's
// "Saved label file" and "Exported element record" (label-editor.md §3).
import { BOUNDS, type Bound } from "../bounds";
import { TARGET_DPIS } from "../constants";
import { type DataSource, LABEL_TYPES, type LabelAttrs, type LineDirection } from "../types";
import { bool, type Codec, num, numList, oneOf, oneOfStr, pair, rotate, str } from "./codecs";

/** [model key, file name, codec] */
export type FieldSpec<T> = readonly [key: Extract<keyof T, string>, tag: string, codec: Codec<never>];
type AnyRecord = Record<string, unknown>;
const f = <T = AnyRecord>(key: string, tag: string, codec: Codec<never>): FieldSpec<T> =>
  [key, tag, codec] as unknown as FieldSpec<T>;
const c = <T>(codec: Codec<T>) => codec as unknown as Codec<never>;

// Files from other programs may carry pens thinner than the panel's 0.3 mm minimum; the file keeps
// them as they are (only absurd widths are rejected) instead of re-quantising someone's design.
const PEN_WIDTH: Bound = { min: 0.01, max: BOUNDS.PenWidth.max };
const TABLE_PEN_WIDTH: Bound = { min: 0.01, max: BOUNDS.TablePenWidth.max };
// Cells may be dragged down to 0.5 mm (TABLE_DRAG_MIN_CELL_MM), below the panel's 1 mm.
export const CELL_SIZE: Bound = { min: 0.5, max: BOUNDS.TableCellSize.max };
const SMALL_INT: Bound = { min: 0, max: 1000, integer: true };
const CANVAS_ROTATE: Bound = { min: -360, max: 360, integer: true };
const COLUMN_INDEX: Bound = { min: 0, max: 1_000_000, integer: true };

const TEXT_ALIGN = oneOf([0, 1, 2, 3, 4] as const);
const NUM_POSITION = oneOf([0, 1, 2] as const);
const DASH_STYLE = oneOf([0, 1] as const);

export const BARCODE_TYPES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 18, 20, 21, 23, 25, 26, 27, 28,
] as const;
export const QR_TYPES = [1, 2, 3, 4, 5] as const;
export const LINE_DIRECTIONS: readonly LineDirection[] = [
  "LeftLine",
  "RightLine",
  "LineHorizontal",
  "LineVertical",
];
export const IMAGE_DISPLAY_MODES = ["COLORFUL", "BLACKWHITE"] as const;

/** Which parts of a TimeText show: "date,time". */
const dateParts: Codec<readonly ("date" | "time")[]> = {
  write: (v) => v.join(","),
  read: (raw, fb) => {
    if (raw === undefined) return fb;
    const out: ("date" | "time")[] = [];
    for (const p of raw.split(",")) {
      const s = p.trim().toLowerCase();
      if ((s === "date" || s === "time") && !out.includes(s)) out.push(s);
    }
    return out;
  },
};

/** Common to every element, after ID, Type and Name. */
export const BASE_FIELDS = [
  f("Lock", "Lock", c(bool)),
  f("StartX", "StartX", c(num("ElementPosition"))),
  f("StartY", "StartY", c(num("ElementPosition"))),
  f("Width", "Width", c(num("ElementSize"))),
  f("Height", "Height", c(num("ElementSize"))),
  f("Rotate", "Rotate", c(rotate)),
  f("MirrorImage", "MirrorImage", c(bool)),
  f("CopyMirrorImage", "CopyMirrorImage", c(bool)),
  f("AntiMirror", "AntiMirror", c(bool)),
];

/** Inside <Font> for text, time text and table cells. */
export const FONT_FIELDS = [
  f("FontFamily", "FontFamily", c(str)),
  f("FontSize", "FontSize", c(num("FontSize"))),
  f("fontFamilyUrl", "FontFamilyUrl", c(str)),
];
/** Inside <Font> for barcodes and 2D codes (human-readable line). */
export const CODE_FONT_FIELDS = FONT_FIELDS.slice(0, 2);

export const TEXT_STYLE_FIELDS = [
  f("Bold", "OverStriking", c(bool)),
  f("Italic", "Italic", c(bool)),
  f("UnderLine", "UnderLine", c(bool)),
  f("DeleteLine", "DeleteLine", c(bool)),
  f("LineHeight", "LineSpacing", c(num("LineHeight"))),
  f("LetterSpacing", "WordSpacing", c(num("LetterSpacing"))),
  f("TextAutoLine", "TextAutoLine", c(bool)),
  f("TextAlign", "TextAlign", c(TEXT_ALIGN)),
  f("TextArrange", "TextArrange", c(oneOf([0, 1] as const))),
];

export const TEXT_FIELDS = [
  f("BoxWidth", "BoxWidth", c(num("BoxWidth"))),
  f("TextPrefix", "TextPrefix", c(str)),
  f("TextSuffix", "TextSuffix", c(str)),
];

export const TIME_FIELDS = [
  f("TimeType", "TimeType", c(oneOf([0, 1] as const))),
  f("DateFormatChecked", "DateFormatChecked", c(dateParts)),
  f("SelectDate", "SelectDate", c(str)),
  f("SelectTime", "SelectTime", c(str)),
  f("Region", "Region", c(oneOf([0, 1, 2] as const))),
  f("DateFormat", "DateFormat", c(str)),
  f("TimeFormat", "TimeFormat", c(str)),
  f("DayOffset", "DayOffset", c(num("DayOffset"))),
  f("MinuteOffset", "MinuteOffset", c(num("MinuteOffset"))),
];

export const BARCODE_FIELDS = [
  f("BarCodeType", "BarCodeType", c(oneOf(BARCODE_TYPES))),
  f("BarcodeNumPosition", "BarcodeNumPosition", c(NUM_POSITION)),
  f("TextAlign", "BarcodeTextAlign", c(TEXT_ALIGN)),
  f("ISParticipating", "UniformScaling", c(bool)),
  f("isEdit", "IsEdit", c(bool)),
];

/** ErrorCorrectionLevel and Encoding are read separately: their rules depend on QrCodeType. */
export const QR_FIELDS = [
  f("QrCodeType", "QrCodeType", c(oneOf(QR_TYPES))),
  f("HanxinVersion", "HanxinVersion", c(num("HanxinVersion"))),
  f("BarcodeNumPosition", "QRcodeTextPosition", c(NUM_POSITION)),
  f("TextAlign", "QRcodeTextAlign", c(TEXT_ALIGN)),
  f("ISParticipating", "UniformScaling", c(bool)),
  f("isEdit", "IsEdit", c(bool)),
];

/** The picture itself is <Data> (base64) plus <ImageFormat> (its MIME type), handled apart. */
export const IMAGE_FIELDS = [
  f("imageDisplayMode", "imageDisplayMode", c(oneOfStr(IMAGE_DISPLAY_MODES))),
  f("imageScaleType", "imageScaleType", c(num(SMALL_INT))),
  f("ISParticipating", "UniformScaling", c(bool)),
  f("Threshold", "Threshold", c(num("Threshold"))),
];

export const LINE_FIELDS = [
  f("EndX", "EndX", c(num("ElementPosition"))),
  f("EndY", "EndY", c(num("ElementPosition"))),
  f("LineDirection", "LineDirection", c(oneOfStr(LINE_DIRECTIONS))),
  f("PenWidth", "PenWidth", c(num(PEN_WIDTH))),
  f("Dash", "Dash", c(bool)),
  f("DashStyle", "DashStyle", c(DASH_STYLE)),
];

export const SHAPE_FIELDS = [
  f("PenWidth", "PenWidth", c(num(PEN_WIDTH))),
  f("Dash", "Dash", c(bool)),
  f("DashStyle", "DashStyle", c(DASH_STYLE)),
  f("Fill", "Fill", c(bool)),
  f("CornerRadius", "CornerRadius", c(num("CornerRadius"))),
];

export const TABLE_FIELDS = [
  f("Row", "Row", c(num("TableRows"))),
  f("Column", "Column", c(num("TableColumns"))),
  f("CellWidth", "CellWidth", c(numList(CELL_SIZE))),
  f("CellHeight", "CellHeight", c(numList(CELL_SIZE))),
  f("PenWidth", "PenWidth", c(num(TABLE_PEN_WIDTH))),
];

export const CELL_POSITION_FIELDS = [
  f("LocaltionStart", "LocaltionStart", c(pair(BOUNDS.TableRows.max))),
  f("LocaltionEnd", "LocaltionEnd", c(pair(BOUNDS.TableRows.max))),
];

/** <FileInfo>; Canvas (the comma-joined image list) is handled apart. */
export const LABEL_FIELDS: readonly FieldSpec<LabelAttrs>[] = [
  f("name", "LabelName", c(str)),
  f("width", "Width", c(num("LabelWidth"))),
  f("height", "Height", c(num("LabelHeight"))),
  f("background", "Background", c(str)),
  f("printBackground", "PrintBackground", c(bool)),
  f("backgroundDisplayMode", "BackgroundDisplayMode", c(num(SMALL_INT))),
  f("canvasRotate", "CanvasRotate", c(num(CANVAS_ROTATE))),
  f("shapeMode", "ShapeMode", c(num(SMALL_INT))),
  f("columns", "Columns", c(num("ColumnsRows"))),
  f("rows", "Rows", c(num("ColumnsRows"))),
  f("columnSpacing", "ColumnSpacing", c(num("SpacingPadding"))),
  f("rowSpacing", "RowSpacing", c(num("SpacingPadding"))),
  f("paddingTop", "UpperMargin", c(num("SpacingPadding"))),
  f("paddingBottom", "LowerMargin", c(num("SpacingPadding"))),
  f("paddingLeft", "LeftMargin", c(num("SpacingPadding"))),
  f("paddingRight", "RightMargin", c(num("SpacingPadding"))),
  // ours: the app's label record, so that a file round-trips the whole LabelAttrs
  f("type", "LabelType", c(oneOfStr(LABEL_TYPES))),
  f("id", "LabelId", c(str)),
  f("parent_id", "ParentId", c(str)),
  f("remark", "Remark", c(str)),
  f("file", "FileUrl", c(str)),
  f("tmp_type", "TmpType", c(str)),
  f("data_type", "DataType", c(str)),
  // ours: the target resolution of the codes; absent in older files (then 203)
  f("targetDpi", "TargetDpi", c(oneOf(TARGET_DPIS))),
];

/** <DataSource> attributes; DataBase (the sheet list) is child elements, handled apart. */
export const DATA_SOURCE_ATTRS: readonly FieldSpec<DataSource>[] = [
  f("DataSourceType", "Type", c(oneOf([0, 1, 2, 3] as const))),
  f("FirstValue", "FirstValue", c(str)),
  f("NormalText", "NormalText", c(str)),
  f("InitialValue", "InitialValue", c(str)),
  f("ExcelName", "ExcelName", c(str)),
  f("TableName", "TableName", c(str)),
  f("ColumnName", "ColumnName", c(str)),
  f("ColumnIndex", "ColumnIndex", c(num(COLUMN_INDEX))),
  f("ConnectionStr", "ConnectionStr", c(str)),
  f("ConnectionData", "ConnectionData", c(str)),
  f("SheetIndex", "SheetIndex", c(pair(COLUMN_INDEX.max))),
  f("ColumnFirstLine", "PrintFirstLine", c(bool)),
  f("DisplayColumn", "DisplayColumn", c(str)),
  f("DataType", "DataType", c(oneOf([0, 1, 2, 3, 4, 5] as const))),
  f("DataPrecision", "DataPrecision", c(num("DataPrecision"))),
  f("RemoveZero", "RemoveZero", c(bool)),
  f("CurrencySymbol", "CurrencySymbol", c(str)),
  f("DateFormat", "DateFormat", c(str)),
  f("TimeFormat", "TimeFormat", c(str)),
  f("SequenceType", "SequenceType", c(oneOf([0, 1, 2, 3] as const))),
  f("AddedValue", "AddedValue", c(num("AddedValue"))),
  f("Quantity", "Quantity", c(num("Quantity"))),
  f("ReferenceId", "ID", c(str)),
];

/** Attributes always written for a source type (the rest only when they differ from the default). */
export const SOURCE_KEY_ATTRS: Readonly<Record<number, readonly string[]>> = {
  0: ["FirstValue"],
  1: [
    "ExcelName",
    "TableName",
    "ColumnName",
    "ColumnIndex",
    "ConnectionStr",
    "SheetIndex",
    "PrintFirstLine",
    "DataType",
  ],
  2: ["FirstValue", "InitialValue", "SequenceType", "AddedValue", "Quantity"],
  3: ["ID"],
};

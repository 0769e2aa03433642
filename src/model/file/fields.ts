// Which model field is stored under which file name, with which codec. The writer and the reader
// both walk these tables, so the two directions cannot drift apart. Here: the label's, the base
// element's, the text style's and the data source's tables and the codecs kinds share; each kind's
// own tables are in its file in src/model/kinds/. Names follow the spec's
// "Saved label file" and "Exported element record" (label-editor.md §3).
import { BOUNDS, type Bound } from "../bounds";
import { TARGET_DPIS } from "../constants";
import { type DataSource, LABEL_TYPES, type LabelAttrs, PROMPT_TYPES } from "../types";
import { bool, type Codec, num, oneOf, oneOfStr, pair, rotate, str } from "./codecs";

/** [model key, file name, codec] */
export type FieldSpec<T> = readonly [key: Extract<keyof T, string>, tag: string, codec: Codec<never>];
type AnyRecord = Record<string, unknown>;
/** One field spec: model key, file tag, codec. */
export const f = <T = AnyRecord>(key: string, tag: string, codec: Codec<never>): FieldSpec<T> =>
  [key, tag, codec] as unknown as FieldSpec<T>;
/** A codec of any value type, for a field spec. */
export const c = <T>(codec: Codec<T>) => codec as unknown as Codec<never>;

// Files from other programs may carry pens thinner than the panel's 0.3 mm minimum; the file keeps
// them as they are (only absurd widths are rejected) instead of re-quantising someone's design.
export const PEN_WIDTH: Bound = { min: 0.01, max: BOUNDS.PenWidth.max };
export const SMALL_INT: Bound = { min: 0, max: 1000, integer: true };
const CANVAS_ROTATE: Bound = { min: -360, max: 360, integer: true };
const COLUMN_INDEX: Bound = { min: 0, max: 1_000_000, integer: true };

export const TEXT_ALIGN = oneOf([0, 1, 2, 3, 4, 5] as const);
export const NUM_POSITION = oneOf([0, 1, 2] as const);
export const DASH_STYLE = oneOf([0, 1] as const);

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
/** The last fields of barcodes and 2D codes: keep proportion, content edited by the user. */
export const CODE_FLAG_FIELDS = [
  f("ISParticipating", "UniformScaling", c(bool)),
  f("isEdit", "IsEdit", c(bool)),
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
  f("DataSourceType", "Type", c(oneOf([0, 1, 2, 3, 4, 5, 6] as const))),
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
  f("Formula", "Formula", c(str)),
  f("PromptName", "PromptName", c(str)),
  f("PromptText", "PromptText", c(str)),
  f("PromptType", "PromptType", c(oneOfStr(PROMPT_TYPES))),
  f("PromptRequired", "PromptRequired", c(bool)),
  f("PromptMinLength", "PromptMinLength", c(num(SMALL_INT))),
  f("PromptMaxLength", "PromptMaxLength", c(num(SMALL_INT))),
  f("PromptPattern", "PromptPattern", c(str)),
  f("PromptMin", "PromptMin", c(str)),
  f("PromptMax", "PromptMax", c(str)),
  f("PromptChoices", "PromptChoices", c(str)),
  f("PromptDefault", "PromptDefault", c(str)),
  f("CounterId", "CounterId", c(str)),
  f("CounterName", "CounterName", c(str)),
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
  4: ["FirstValue", "Formula"],
  5: ["FirstValue", "PromptName", "PromptText", "PromptType"],
  6: ["FirstValue", "CounterId", "CounterName"],
};

// The label document model: plain, immutable values with the spec's field names
// (label-editor.md §3). No React, no DOM. Geometry is in millimetres, font sizes in points.
import type { TargetDpi } from "./constants";

export const ELEMENT_TYPES = [
  "Text",
  "TimeText",
  "Barcode",
  "QRcode",
  "Image",
  "Table",
  "Line",
  "LineVertical",
  "LineHorizontal",
  "Rectangle",
  "RoundRectangle",
  "Diamond",
  "Ellipse",
  "Triangle",
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const SHAPE_TYPES = ["Rectangle", "RoundRectangle", "Diamond", "Ellipse", "Triangle"] as const;
export type ShapeType = (typeof SHAPE_TYPES)[number];
export const LINE_TYPES = ["Line", "LineVertical", "LineHorizontal"] as const;
export type LineType = (typeof LINE_TYPES)[number];

/** Label type values seen in the spec; common, share and printRecord are copies and save as new labels. */
export const LABEL_TYPES = ["", "common", "share", "printRecord", "AI", "cloud", "print", "add"] as const;
export type LabelType = (typeof LABEL_TYPES)[number];

/** Label attributes (spec §3 "Label attributes"); sizes in mm. */
export interface LabelAttrs {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** base64 image without the data: prefix, or "" */
  readonly background: string;
  readonly printBackground: boolean;
  readonly backgroundDisplayMode: number;
  readonly columns: number;
  readonly rows: number;
  readonly rowSpacing: number;
  readonly columnSpacing: number;
  readonly paddingTop: number;
  readonly paddingBottom: number;
  readonly paddingLeft: number;
  readonly paddingRight: number;
  readonly canvasRotate: number;
  readonly shapeMode: number;
  readonly type: LabelType;
  readonly id: string;
  readonly parent_id: string;
  readonly remark: string;
  /** URL of the saved label file */
  readonly file: string;
  /** canvas images (URLs or data URLs) */
  readonly canvas_img: readonly string[];
  readonly tmp_type: string;
  readonly data_type: string;
  /** ours (not in the spec): the printer resolution codes are drawn for, 203 / 300 / 600 dpi */
  readonly targetDpi: TargetDpi;
}

/** How labels sit on a sheet: label size, columns × rows, the gaps between them, the margins around. */
export type SheetLayout = Pick<
  LabelAttrs,
  | "width"
  | "height"
  | "columns"
  | "rows"
  | "columnSpacing"
  | "rowSpacing"
  | "paddingTop"
  | "paddingBottom"
  | "paddingLeft"
  | "paddingRight"
>;

/** 0 fixed text, 1 spreadsheet column, 2 sequence, 3 reference to another element, 4 formula, 5 prompt,
 * 6 server-kept counter. */
export type DataSourceType = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** What a prompt entry's answer must be (docs/data-sources.md "Prompts"). */
export const PROMPT_TYPES = ["text", "integer", "decimal", "date"] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];
/** 0 plain, 1 number, 2 currency, 3 percent, 4 date, 5 time. */
export type DataType = 0 | 1 | 2 | 3 | 4 | 5;
/** 0 decimal, 1 hex, 2 letters, 3 base 36. */
export type SequenceType = 0 | 1 | 2 | 3;

/** A sheet of a spreadsheet as the import call describes it (text, index, children = columns). */
export interface SheetInfo {
  readonly text: string;
  readonly index: number;
  readonly children: readonly { readonly text: string; readonly index: number }[];
}

/** One entry of an element's DataSourceList (spec §3 "Data source entry"). All fields always present. */
export interface DataSource {
  readonly DataSourceType: DataSourceType;
  // fixed
  readonly FirstValue: string;
  readonly NormalText: string;
  // spreadsheet column
  readonly ExcelName: string;
  readonly TableName: string;
  readonly ColumnName: string;
  readonly ColumnIndex: number;
  /** file URL of the spreadsheet */
  readonly ConnectionStr: string;
  readonly ConnectionData: string;
  /** [sheet index, column index] */
  readonly SheetIndex: readonly [number, number];
  readonly DataBase: readonly SheetInfo[];
  /** first line is a header (PrintFirstLine in the file) */
  readonly ColumnFirstLine: boolean;
  readonly DisplayColumn: string;
  readonly DataType: DataType;
  /** -1 auto, 0..10 */
  readonly DataPrecision: number;
  readonly RemoveZero: boolean;
  readonly CurrencySymbol: string;
  readonly DateFormat: string;
  readonly TimeFormat: string;
  // sequence
  readonly SequenceType: SequenceType;
  readonly InitialValue: string;
  readonly AddedValue: number;
  readonly Quantity: number;
  // reference
  readonly ReferenceId: string;
  // formula (docs/data-sources.md "Formulas"); FirstValue keeps its last value for older readers
  readonly Formula: string;
  // prompt, asked at print time (docs/data-sources.md "Prompts"); FirstValue keeps the default for
  // older readers. Lengths of 0 and empty texts mean "no such rule".
  readonly PromptName: string;
  readonly PromptText: string;
  readonly PromptType: PromptType;
  readonly PromptRequired: boolean;
  readonly PromptMinLength: number;
  readonly PromptMaxLength: number;
  readonly PromptPattern: string;
  /** inclusive bounds: numbers, or dates (yyyy-MM-dd) for a date prompt */
  readonly PromptMin: string;
  readonly PromptMax: string;
  /** the answers allowed, separated by commas; empty: any */
  readonly PromptChoices: string;
  readonly PromptDefault: string;
  // counter (docs/data-sources.md "Counters"): the server's named counter, by id and by name (shown
  // while the counter list is not loaded); FirstValue keeps the last value for older readers
  readonly CounterId: string;
  readonly CounterName: string;
}

/** Fields shared by every element kind. */
export interface BaseElement {
  /** 8 generated characters; mirror copies end in `_mirror` */
  readonly Id: string;
  readonly Type: ElementType;
  /** type plus a counter, e.g. Text3 */
  readonly Name: string;
  readonly Lock: boolean;
  readonly StartX: number;
  readonly StartY: number;
  readonly Width: number;
  readonly Height: number;
  /** 0, 90, 180 or 270 (stored as -90 in the file for 270) */
  readonly Rotate: 0 | 90 | 180 | 270;
  readonly MirrorImage: boolean;
  /** true on the element that has a canvas mirror copy */
  readonly CopyMirrorImage: boolean;
  /** inverse: white on black */
  readonly AntiMirror: boolean;
}

/** Text settings shared by Text, TimeText and table cells. */
export interface TextStyle {
  readonly FontFamily: string;
  readonly fontFamilyUrl: string;
  /** points */
  readonly FontSize: number;
  readonly Bold: boolean;
  readonly Italic: boolean;
  readonly UnderLine: boolean;
  readonly DeleteLine: boolean;
  /** 0 centre, 1 left (default), 2 end, 3 justify/spread, 4 stretch to width */
  readonly TextAlign: 0 | 1 | 2 | 3 | 4;
  /** 0 horizontal, 1 vertical */
  readonly TextArrange: 0 | 1;
  readonly LineHeight: number;
  readonly LetterSpacing: number;
}

export interface DataBound {
  /** the element's own (fixed) content */
  readonly Data: string;
  readonly DataSourceList: readonly DataSource[];
  readonly dataSourceIndex: number;
}

export interface TextElement extends BaseElement, TextStyle, DataBound {
  readonly Type: "Text";
  readonly TextAutoLine: boolean;
  /** mm, used when TextAutoLine is on */
  readonly BoxWidth: number;
  readonly TextPrefix: string;
  readonly TextSuffix: string;
}

export interface TimeTextElement extends Omit<TextElement, "Type"> {
  readonly Type: "TimeText";
  /** 0 follows the system clock, 1 fixed */
  readonly TimeType: 0 | 1;
  /** which parts show */
  readonly DateFormatChecked: readonly ("date" | "time")[];
  /** yyyy-MM-dd, for TimeType 1 */
  readonly SelectDate: string;
  /** HH:mm:ss, for TimeType 1 */
  readonly SelectTime: string;
  /** 0 Chinese, 1 en-US, 2 en-GB */
  readonly Region: 0 | 1 | 2;
  readonly DateFormat: string;
  readonly TimeFormat: string;
  readonly DayOffset: number;
  readonly MinuteOffset: number;
}

export interface BarcodeElement extends BaseElement, DataBound {
  readonly Type: "Barcode";
  /** symbology code, spec §3 (1 Code128 … 28 ITF-14) */
  readonly BarCodeType: number;
  /** 0 none, 1 below, 2 above */
  readonly BarcodeNumPosition: 0 | 1 | 2;
  readonly TextAlign: 0 | 1 | 2 | 3 | 4;
  readonly FontFamily: string;
  readonly FontSize: number;
  /** keep proportion (uniform scaling) */
  readonly ISParticipating: boolean;
  /** data edited by the user */
  readonly isEdit: boolean;
  /**
   * Never in a file: set by the print split (src/print/native/page.ts) on the copy of a code whose
   * bars go as the printer's own command, so the picture draws its human-readable line alone.
   */
  readonly printPart?: "line";
}

export interface QRCodeElement extends BaseElement, DataBound {
  readonly Type: "QRcode";
  /** 1 QR, 2 PDF417, 3 DataMatrix, 4 Aztec, 5 Han Xin, 6 GS1 DataMatrix, 7 GS1 QR, 8 GS1 Digital Link QR */
  readonly QrCodeType: number;
  /** QR L/M/Q/H, PDF417 "0".."7", Han Xin L1..L4, Aztec "23" */
  readonly ErrorCorrectionLevel: string;
  /** 0 = auto, 1..84 */
  readonly HanxinVersion: number;
  /** UTF-8 (default) or gb18030 (Han Xin) */
  readonly Encoding: string;
  readonly BarcodeNumPosition: 0 | 1 | 2;
  readonly TextAlign: 0 | 1 | 2 | 3 | 4;
  readonly FontFamily: string;
  readonly FontSize: number;
  readonly ISParticipating: boolean;
  readonly isEdit: boolean;
  /**
   * QR code centre image (spec §9 "QR centre mirror image 30 % of the shorter side"): a jpeg/png
   * data URL; absent or "" for none (set by the QR panel, read from files that carry one).
   */
  readonly CenterImage?: string;
}

export interface ImageElement extends BaseElement {
  readonly Type: "Image";
  /** data URL */
  readonly imageSrc: string;
  /** COLORFUL, or BLACKWHITE for the threshold preview */
  readonly imageDisplayMode: string;
  readonly imageScaleType: number;
  readonly ISParticipating: boolean;
  readonly Threshold: number;
}

export type LineDirection = "LeftLine" | "RightLine" | "LineHorizontal" | "LineVertical";

export interface LineElement extends BaseElement {
  readonly Type: LineType;
  readonly EndX: number;
  readonly EndY: number;
  readonly LineDirection: LineDirection;
  /** mm */
  readonly PenWidth: number;
  readonly Dash: boolean;
  readonly DashStyle: 0 | 1;
}

export interface ShapeElement extends BaseElement {
  readonly Type: ShapeType;
  readonly PenWidth: number;
  readonly Dash: boolean;
  readonly DashStyle: 0 | 1;
  readonly Fill: boolean;
  readonly CornerRadius: number;
}

/** A cell record of a table; a merged cell spans LocaltionStart..LocaltionEnd (row, column). */
export interface TableCell extends TextStyle, DataBound {
  readonly LocaltionStart: readonly [number, number];
  readonly LocaltionEnd: readonly [number, number];
  readonly TextAutoLine: boolean;
}

export interface TableElement extends BaseElement {
  readonly Type: "Table";
  readonly Row: number;
  readonly Column: number;
  /** mm per column */
  readonly CellWidth: readonly number[];
  /** mm per row */
  readonly CellHeight: readonly number[];
  readonly PenWidth: number;
  readonly cells: readonly TableCell[];
}

export type LabelElement =
  | TextElement
  | TimeTextElement
  | BarcodeElement
  | QRCodeElement
  | ImageElement
  | LineElement
  | ShapeElement
  | TableElement;

/** The whole label: attributes plus elements in z-order (first is bottom). */
export interface LabelDocument {
  readonly attrs: LabelAttrs;
  readonly elements: readonly LabelElement[];
}

export type ElementOf<T extends ElementType> =
  Extract<LabelElement, { Type: T }> extends never
    ? T extends LineType
      ? LineElement
      : T extends ShapeType
        ? ShapeElement
        : never
    : Extract<LabelElement, { Type: T }>;

/**
 * Key of a table cell's value among a record's values (`resolveValues` writes it, the renderer reads
 * it): the table's Id and the row, column of the cell's LocaltionStart (0-based).
 */
export function tableCellKey(tableId: string, row: number, col: number): string {
  return `${tableId}:${row},${col}`;
}

/** Canvas mirror copies (derived from CopyMirrorImage) have their original's id plus this suffix. */
const MIRROR_SUFFIX = "_mirror";

/** The id of an element's mirror copy. */
export function mirrorIdOf(id: string): string {
  return `${id}${MIRROR_SUFFIX}`;
}
export function isMirrorId(id: string): boolean {
  return id.endsWith(MIRROR_SUFFIX);
}
export function isMirrorCopy(el: { Id: string }): boolean {
  return isMirrorId(el.Id);
}
/** The original's id for a mirror copy's id; any other id as it is. */
export function originalIdOf(id: string): string {
  return isMirrorId(id) ? id.slice(0, -MIRROR_SUFFIX.length) : id;
}

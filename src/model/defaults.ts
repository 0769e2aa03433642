// Default values for the label, data sources, text styles and table cells (label-editor.md §9); each
// element kind's own defaults are its factory in src/model/kinds/.
import {
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_DATE_FORMAT,
  DEFAULT_FONT_FAMILY,
  DEFAULT_LABEL_HEIGHT_MM,
  DEFAULT_LABEL_WIDTH_MM,
  DEFAULT_PRECISION,
  DEFAULT_TARGET_DPI,
  DEFAULT_TEXT_ALIGN,
  DEFAULT_TIME_FORMAT,
} from "./constants";
import type { DataSource, LabelAttrs, LabelDocument, TableCell, TextStyle } from "./types";

export function defaultLabelAttrs(over: Partial<LabelAttrs> = {}): LabelAttrs {
  return {
    name: "New Label",
    width: DEFAULT_LABEL_WIDTH_MM,
    height: DEFAULT_LABEL_HEIGHT_MM,
    background: "",
    printBackground: false,
    backgroundDisplayMode: 0,
    columns: 1,
    rows: 1,
    rowSpacing: 0,
    columnSpacing: 0,
    paddingTop: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    paddingRight: 0,
    canvasRotate: 0,
    shapeMode: 0,
    type: "",
    id: "",
    parent_id: "",
    remark: "",
    file: "",
    canvas_img: [],
    tmp_type: "",
    data_type: "",
    targetDpi: DEFAULT_TARGET_DPI,
    ...over,
  };
}

export function emptyDocument(over: Partial<LabelAttrs> = {}): LabelDocument {
  return { attrs: defaultLabelAttrs(over), elements: [] };
}

export function createDataSource(over: Partial<DataSource> = {}): DataSource {
  return {
    DataSourceType: 0,
    FirstValue: "",
    NormalText: "",
    ExcelName: "",
    TableName: "",
    ColumnName: "",
    ColumnIndex: 0,
    ConnectionStr: "",
    ConnectionData: "",
    SheetIndex: [0, 0],
    DataBase: [],
    ColumnFirstLine: true,
    DisplayColumn: "",
    DataType: 0,
    DataPrecision: DEFAULT_PRECISION,
    RemoveZero: false,
    CurrencySymbol: DEFAULT_CURRENCY_SYMBOL,
    DateFormat: DEFAULT_DATE_FORMAT,
    TimeFormat: DEFAULT_TIME_FORMAT,
    SequenceType: 0,
    InitialValue: "1",
    AddedValue: 1,
    Quantity: 1,
    ReferenceId: "",
    Formula: "",
    PromptName: "",
    PromptText: "",
    PromptType: "text",
    PromptRequired: false,
    PromptMinLength: 0,
    PromptMaxLength: 0,
    PromptPattern: "",
    PromptMin: "",
    PromptMax: "",
    PromptChoices: "",
    PromptDefault: "",
    CounterId: "",
    CounterName: "",
    ...over,
  };
}

export function defaultTextStyle(over: Partial<TextStyle> = {}): TextStyle {
  return {
    FontFamily: DEFAULT_FONT_FAMILY,
    fontFamilyUrl: "",
    FontSize: 12,
    Bold: false,
    Italic: false,
    UnderLine: false,
    DeleteLine: false,
    TextAlign: DEFAULT_TEXT_ALIGN,
    TextArrange: 0,
    LineHeight: 0,
    LetterSpacing: 0,
    ...over,
  };
}

/** A single fixed-text source holding `value` (the factory's source of a data-bound element). */
export const fixedSource = (value: string): DataSource[] => [
  createDataSource({ DataSourceType: 0, FirstValue: value, NormalText: value }),
];

export function createTableCell(row: number, col: number, over: Partial<TableCell> = {}): TableCell {
  return {
    ...defaultTextStyle({ TextAlign: 0, FontSize: 10 }),
    LocaltionStart: [row, col],
    LocaltionEnd: [row, col],
    TextAutoLine: true,
    Data: "",
    // a cell given a text holds it in its fixed source too (the record's value is the sources')
    DataSourceList: fixedSource(over.Data ?? ""),
    dataSourceIndex: 0,
    ...over,
  };
}

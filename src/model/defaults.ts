// Default values for the label, data sources and every element kind (label-editor.md §9).
import {
  BARCODE_HEIGHT,
  CODE_TEXT_SIZE,
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_DATE_FORMAT,
  DEFAULT_FONT_FAMILY,
  DEFAULT_LABEL_HEIGHT_MM,
  DEFAULT_LABEL_WIDTH_MM,
  DEFAULT_PRECISION,
  DEFAULT_TARGET_DPI,
  DEFAULT_TEXT_ALIGN,
  DEFAULT_TIME_FORMAT,
  IMAGE_THRESHOLD,
  MIN_PEN_WIDTH,
  NEW_LINE,
  NEW_SHAPE,
  NEW_TABLE,
  NEW_TEXT_FONT_SIZE,
  PX_PER_MM,
  ROUND_RECT_RADIUS,
} from "./constants";
import { newElementId, nextElementName } from "./ids";
import type {
  BarcodeElement,
  BaseElement,
  DataSource,
  ElementOf,
  ElementType,
  ImageElement,
  LabelAttrs,
  LabelDocument,
  LabelElement,
  LineElement,
  QRCodeElement,
  ShapeElement,
  TableCell,
  TableElement,
  TextElement,
  TextStyle,
  TimeTextElement,
} from "./types";

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

/** Where and how big a new element is; everything in mm. */
export interface Placement {
  x: number;
  y: number;
  width?: number;
  height?: number;
  /** the canvas zoom multiple at creation (new sizes are divided by it) */
  multiple?: number;
}

function base(
  type: ElementType,
  elements: readonly LabelElement[],
  p: Placement,
  w: number,
  h: number,
): BaseElement {
  return {
    Id: newElementId(),
    Type: type,
    Name: nextElementName(elements, type),
    Lock: false,
    StartX: p.x,
    StartY: p.y,
    Width: p.width ?? w,
    Height: p.height ?? h,
    Rotate: 0,
    MirrorImage: false,
    CopyMirrorImage: false,
    AntiMirror: false,
  };
}

const fixed = (value: string) => [
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
    DataSourceList: fixed(over.Data ?? ""),
    dataSourceIndex: 0,
    ...over,
  };
}

type Factory = (els: readonly LabelElement[], p: Placement, labelW: number) => LabelElement;
const px = (units: number, multiple = 1) => units / PX_PER_MM / multiple;
/** Default pens are given in canvas units; never thinner than the 0.3 mm a thermal printer can hold. */
const pen = (units: number) => Math.max(MIN_PEN_WIDTH, Math.round(px(units) * 100) / 100);

const shape =
  (type: ShapeElement["Type"]): Factory =>
  (els, p) => ({
    ...base(type, els, p, px(NEW_SHAPE.width, p.multiple), px(NEW_SHAPE.height, p.multiple)),
    Type: type,
    PenWidth: pen(NEW_SHAPE.penWidth),
    Dash: false,
    DashStyle: 0,
    Fill: false,
    CornerRadius: type === "RoundRectangle" ? ROUND_RECT_RADIUS : 0,
  });

const line =
  (type: LineElement["Type"]): Factory =>
  (els, p) => {
    const len = px(NEW_LINE.length, p.multiple);
    const vertical = type === "LineVertical";
    const w = vertical ? 0 : len;
    const h = vertical ? len : 0;
    return {
      ...base(type, els, p, w, h),
      Type: type,
      EndX: p.x + (p.width ?? w),
      EndY: p.y + (p.height ?? h),
      LineDirection: type === "Line" ? "LeftLine" : type,
      PenWidth: pen(NEW_LINE.penWidth),
      Dash: false,
      DashStyle: 0,
    };
  };

const text: Factory = (els, p) => {
  const fontSize = Math.round((NEW_TEXT_FONT_SIZE / (p.multiple ?? 1)) * 2) / 2;
  const el: TextElement = {
    ...base("Text", els, p, 30, 8),
    ...defaultTextStyle({ FontSize: Math.max(1, Math.min(100, fontSize)) }),
    Type: "Text",
    Data: "",
    DataSourceList: fixed(""),
    dataSourceIndex: 0,
    TextAutoLine: false,
    BoxWidth: 30,
    TextPrefix: "",
    TextSuffix: "",
  };
  return el;
};

const FACTORIES: Record<ElementType, Factory> = {
  Text: text,
  TimeText: (els, p) => {
    const t = text(els, p, 0) as TextElement;
    const el: TimeTextElement = {
      ...t,
      Type: "TimeText",
      Name: nextElementName(els, "TimeText"),
      TimeType: 0,
      DateFormatChecked: ["date", "time"],
      SelectDate: "",
      SelectTime: "",
      Region: 0,
      DateFormat: DEFAULT_DATE_FORMAT,
      TimeFormat: DEFAULT_TIME_FORMAT,
      DayOffset: 0,
      MinuteOffset: 0,
    };
    return el;
  },
  Barcode: (els, p) => {
    const el: BarcodeElement = {
      ...base("Barcode", els, p, 40, BARCODE_HEIGHT + 5),
      Type: "Barcode",
      BarCodeType: 1,
      BarcodeNumPosition: 1,
      TextAlign: 0,
      FontFamily: DEFAULT_FONT_FAMILY,
      FontSize: CODE_TEXT_SIZE,
      ISParticipating: false,
      isEdit: false,
      Data: "123456789012",
      DataSourceList: fixed("123456789012"),
      dataSourceIndex: 0,
    };
    return el;
  },
  QRcode: (els, p) => {
    const el: QRCodeElement = {
      ...base("QRcode", els, p, 20, 20),
      Type: "QRcode",
      QrCodeType: 1,
      ErrorCorrectionLevel: "M",
      HanxinVersion: 0,
      Encoding: "UTF-8",
      BarcodeNumPosition: 0,
      TextAlign: 0,
      FontFamily: DEFAULT_FONT_FAMILY,
      FontSize: CODE_TEXT_SIZE,
      ISParticipating: true,
      isEdit: false,
      Data: "https://example.com",
      DataSourceList: fixed("https://example.com"),
      dataSourceIndex: 0,
    };
    return el;
  },
  Image: (els, p) => {
    const el: ImageElement = {
      ...base("Image", els, p, 20, 20),
      Type: "Image",
      imageSrc: "",
      imageDisplayMode: "COLORFUL",
      imageScaleType: 0,
      ISParticipating: true,
      Threshold: IMAGE_THRESHOLD,
    };
    return el;
  },
  Table: (els, p, labelW) => {
    const cw = Math.round(labelW * NEW_TABLE.cellWidthRatio * 10) / 10;
    const ch = Math.round(labelW * NEW_TABLE.cellHeightRatio * 10) / 10;
    const cells: TableCell[] = [];
    for (let r = 0; r < NEW_TABLE.rows; r++)
      for (let c = 0; c < NEW_TABLE.columns; c++) cells.push(createTableCell(r, c));
    const el: TableElement = {
      ...base("Table", els, p, cw * NEW_TABLE.columns, ch * NEW_TABLE.rows),
      Type: "Table",
      Row: NEW_TABLE.rows,
      Column: NEW_TABLE.columns,
      CellWidth: Array(NEW_TABLE.columns).fill(cw),
      CellHeight: Array(NEW_TABLE.rows).fill(ch),
      PenWidth: pen(NEW_TABLE.penWidth),
      cells,
    };
    return el;
  },
  Line: line("Line"),
  LineHorizontal: line("LineHorizontal"),
  LineVertical: line("LineVertical"),
  Rectangle: shape("Rectangle"),
  RoundRectangle: shape("RoundRectangle"),
  Diamond: shape("Diamond"),
  Ellipse: shape("Ellipse"),
  Triangle: shape("Triangle"),
};

/** A new element of a kind with the spec's defaults, a fresh id and the next counter name. */
export function createElement<T extends ElementType>(
  type: T,
  elements: readonly LabelElement[],
  placement: Placement,
  labelWidthMm = DEFAULT_LABEL_WIDTH_MM,
): ElementOf<T> {
  return FACTORIES[type](elements, placement, labelWidthMm) as ElementOf<T>;
}

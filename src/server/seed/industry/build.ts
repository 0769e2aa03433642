// A small builder for the industry templates: label elements placed in millimetres with the model's
// own defaults (createElement), deterministic ids, and valid check digits computed, never typed.
import { gs1CheckDigit } from "../../../codes/checkDigits";
import { defaultDots, spanForDots } from "../../../codes/xdim";
import { translate } from "../../../i18n/messages";
import { DEFAULT_TARGET_DPI, type Language, TEXT_HEIGHT_FACTOR } from "../../../model/constants";
import { createDataSource, createTableCell, defaultLabelAttrs } from "../../../model/defaults";
import { createElement } from "../../../model/kinds";
import type {
  BarcodeElement,
  DataSource,
  LabelDocument,
  LabelElement,
  LineElement,
  QRCodeElement,
  ShapeElement,
  TableCell,
  TableElement,
  TextElement,
  TimeTextElement,
} from "../../../model/types";
import { ptToMm } from "../../../model/units";
import { printedDateFormat, printedText } from "./texts";

/** Symbology codes (application.md §9) the library uses. */
export const BARCODE = { code128: 1, code39: 2, ean13: 7, upcA: 8, gs1_128: 26, itf14: 28 } as const;
/** 2D code types: QR 1, PDF417 2, DataMatrix 3. */
export const MATRIX = { qr: 1, pdf417: 2, dataMatrix: 3 } as const;

export const SERIF = "Noto Serif";
export const SANS = "Noto Sans SC";
export const MONO = "Roboto Mono";
export const ROBOTO = "Roboto";

/**
 * Widths (mm) giving EAN-13 / UPC-A the GS1 minimum X-dimension at 203 dpi (3 dots per module): 95
 * modules of bars, plus the digits outside them when shown (EAN-13: 104 in all, UPC-A: 111).
 */
const gs1Width = (modules: number) =>
  spanForDots(modules, defaultDots(BARCODE.ean13, DEFAULT_TARGET_DPI), DEFAULT_TARGET_DPI);
export const EAN13_WIDTH = gs1Width(104);
export const EAN13_BARS_WIDTH = gs1Width(95);
export const UPCA_WIDTH = gs1Width(111);

/** EAN-13 from its 12 data digits, the check digit appended. */
export const ean13 = (d12: string) => {
  if (!/^\d{12}$/.test(d12)) throw new Error(`EAN-13 needs 12 digits: ${d12}`);
  return d12 + gs1CheckDigit(d12);
};
/** UPC-A from its 11 data digits. */
export const upcA = (d11: string) => {
  if (!/^\d{11}$/.test(d11)) throw new Error(`UPC-A needs 11 digits: ${d11}`);
  return d11 + gs1CheckDigit(d11);
};
/** ITF-14 from its 13 data digits. */
export const itf14 = (d13: string) => {
  if (!/^\d{13}$/.test(d13)) throw new Error(`ITF-14 needs 13 digits: ${d13}`);
  return d13 + gs1CheckDigit(d13);
};
/** An SSCC (AI 00): extension digit + company prefix + serial, 17 digits, check digit appended. */
export const sscc = (d17: string) => {
  if (!/^\d{17}$/.test(d17)) throw new Error(`SSCC needs 17 digits: ${d17}`);
  return d17 + gs1CheckDigit(d17);
};

/** Height (mm) of `lines` lines of text at `pt` points with no extra line spacing. */
export const textHeight = (pt: number, lines = 1) => lines * ptToMm(pt) * TEXT_HEIGHT_FACTOR;

export interface TextOptions {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  /** 0 centre, 1 left (default), 2 right */
  align?: 0 | 1 | 2;
  font?: string;
  /** wrap within the width; `lines` sets the height */
  lines?: number;
  /** white on black */
  inverse?: boolean;
  underline?: boolean;
  strike?: boolean;
  prefix?: string;
  suffix?: string;
  /** a sequence (first value, step): record i shows first + i × step */
  sequence?: { first: string; step?: number; quantity?: number };
  letterSpacing?: number;
}

export interface CodeOptions {
  /** 0 no text, 1 below (default), 2 above */
  text?: 0 | 1 | 2;
  size?: number;
  sequence?: { first: string; step?: number; quantity?: number };
}

const sourcesFor = (value: string, seq?: TextOptions["sequence"]): DataSource[] =>
  seq
    ? [
        createDataSource({
          DataSourceType: 2,
          InitialValue: seq.first,
          FirstValue: seq.first,
          AddedValue: seq.step ?? 1,
          Quantity: seq.quantity ?? 1,
        }),
      ]
    : [createDataSource({ DataSourceType: 0, FirstValue: value, NormalText: value })];

/** Collects the elements of one label in z-order (first is bottom). */
export class LabelBuilder {
  readonly elements: LabelElement[] = [];
  private n = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    /** the language the fixed texts are printed in (texts.ts) */
    readonly lang: Language = "en",
  ) {}

  /** A fixed text in the builder's language. */
  private say(english: string): string {
    return printedText(english, this.lang);
  }

  private add<T extends LabelElement>(el: T): T {
    this.n++;
    const id = `${el.Type.slice(0, 2)}${String(this.n).padStart(6, "0")}`;
    const placed = { ...el, Id: id } as T;
    this.elements.push(placed);
    return placed;
  }

  private base<T extends LabelElement["Type"]>(type: T, x: number, y: number, w: number, h: number) {
    return createElement(type, this.elements, { x, y, width: w, height: h }, this.width);
  }

  /** One text element; its height is that of `lines` lines at the size. */
  text(x: number, y: number, w: number, value: string, o: TextOptions = {}): TextElement {
    const size = o.size ?? 10;
    const lines = o.lines ?? 1;
    const data = o.sequence ? o.sequence.first : this.say(value);
    const el: TextElement = {
      ...(this.base("Text", x, y, w, textHeight(size, lines)) as TextElement),
      FontFamily: o.font ?? SANS,
      FontSize: size,
      Bold: o.bold ?? false,
      Italic: o.italic ?? false,
      UnderLine: o.underline ?? false,
      DeleteLine: o.strike ?? false,
      TextAlign: o.align ?? 1,
      LetterSpacing: o.letterSpacing ?? 0,
      AntiMirror: o.inverse ?? false,
      TextAutoLine: lines > 1,
      BoxWidth: w,
      TextPrefix: this.say(o.prefix ?? ""),
      TextSuffix: this.say(o.suffix ?? ""),
      Data: data,
      DataSourceList: sourcesFor(data, o.sequence),
    };
    return this.add(el);
  }

  /** A date that follows the clock (TimeType 0), `days` ahead: packed-on and best-before dates. */
  date(x: number, y: number, w: number, o: TextOptions & { days?: number; format?: string } = {}) {
    const size = o.size ?? 10;
    const base = this.base("TimeText", x, y, w, textHeight(size)) as TimeTextElement;
    const el: TimeTextElement = {
      ...base,
      FontFamily: o.font ?? SANS,
      FontSize: size,
      Bold: o.bold ?? false,
      TextAlign: o.align ?? 1,
      AntiMirror: o.inverse ?? false,
      BoxWidth: w,
      TextPrefix: this.say(o.prefix ?? ""),
      TextSuffix: this.say(o.suffix ?? ""),
      DateFormatChecked: ["date"],
      Region: 1,
      DateFormat: printedDateFormat(o.format ?? "yyyy-MM-dd", this.lang),
      DayOffset: o.days ?? 0,
    };
    return this.add(el);
  }

  barcode(x: number, y: number, w: number, h: number, data: string, type: number, o: CodeOptions = {}) {
    const value = o.sequence ? o.sequence.first : data;
    const el: BarcodeElement = {
      ...(this.base("Barcode", x, y, w, h) as BarcodeElement),
      BarCodeType: type,
      BarcodeNumPosition: o.text ?? 1,
      FontSize: o.size ?? 9,
      isEdit: true,
      Data: value,
      DataSourceList: sourcesFor(value, o.sequence),
    };
    return this.add(el);
  }

  /** A square 2D code (QR by default). */
  code2d(x: number, y: number, size: number, data: string, type: number = MATRIX.qr, o: CodeOptions = {}) {
    const value = o.sequence ? o.sequence.first : data;
    const el: QRCodeElement = {
      ...(this.base("QRcode", x, y, size, size) as QRCodeElement),
      QrCodeType: type,
      ErrorCorrectionLevel: type === MATRIX.qr ? "M" : type === MATRIX.pdf417 ? "2" : "",
      BarcodeNumPosition: o.text ?? 0,
      FontSize: o.size ?? 8,
      isEdit: true,
      Data: value,
      DataSourceList: sourcesFor(value, o.sequence),
    };
    return this.add(el);
  }

  /** A PDF417 code, wider than tall. */
  pdf417(x: number, y: number, w: number, h: number, data: string) {
    const el: QRCodeElement = {
      ...(this.base("QRcode", x, y, w, h) as QRCodeElement),
      QrCodeType: MATRIX.pdf417,
      ErrorCorrectionLevel: "2",
      BarcodeNumPosition: 0,
      isEdit: true,
      Data: data,
      DataSourceList: sourcesFor(data),
    };
    return this.add(el);
  }

  /** A horizontal (y1 = y2) or vertical (x1 = x2) rule. */
  line(x1: number, y1: number, x2: number, y2: number, pen = 0.4, dash = false) {
    const type = y1 === y2 ? "LineHorizontal" : x1 === x2 ? "LineVertical" : "Line";
    const el: LineElement = {
      ...(this.base(
        type,
        Math.min(x1, x2),
        Math.min(y1, y2),
        Math.abs(x2 - x1),
        Math.abs(y2 - y1),
      ) as LineElement),
      EndX: Math.max(x1, x2),
      EndY: Math.max(y1, y2),
      PenWidth: pen,
      Dash: dash,
      DashStyle: dash ? 1 : 0,
    };
    return this.add(el);
  }

  box(
    x: number,
    y: number,
    w: number,
    h: number,
    o: { pen?: number; fill?: boolean; radius?: number; shape?: ShapeElement["Type"]; dash?: boolean } = {},
  ) {
    const type = o.shape ?? (o.radius ? "RoundRectangle" : "Rectangle");
    const el: ShapeElement = {
      ...(this.base(type, x, y, w, h) as ShapeElement),
      PenWidth: o.pen ?? 0.4,
      Fill: o.fill ?? false,
      Dash: o.dash ?? false,
      DashStyle: o.dash ? 1 : 0,
      CornerRadius: o.radius ?? 0,
    };
    return this.add(el);
  }

  /** A grid of cells: `rows[r][c]` is a cell's text. */
  table(
    x: number,
    y: number,
    colWidths: readonly number[],
    rowHeights: readonly number[],
    rows: readonly (readonly string[])[],
    o: { size?: number; pen?: number; boldRows?: readonly number[]; align?: 0 | 1 | 2 } = {},
  ) {
    const cells: TableCell[] = [];
    const cols = colWidths.length;
    rows.forEach((row, r) => {
      const style = {
        FontSize: o.size ?? 8,
        Bold: o.boldRows?.includes(r) ?? false,
        TextAlign: o.align ?? 1,
      };
      row.forEach((v, c) => {
        cells.push(createTableCell(r, c, { ...style, Data: this.say(v) }));
      });
    });
    const sum = (a: readonly number[]) => a.reduce((s, v) => s + v, 0);
    const el: TableElement = {
      ...(this.base("Table", x, y, sum(colWidths), sum(rowHeights)) as TableElement),
      Row: rowHeights.length,
      Column: cols,
      CellWidth: [...colWidths],
      CellHeight: [...rowHeights],
      PenWidth: o.pen ?? 0.3,
      cells,
    };
    return this.add(el);
  }
}

/** A template of the library: its slug (file name, and message key `industry.template.<slug>`). */
export interface IndustryTemplate {
  readonly slug: string;
  readonly width: number;
  readonly height: number;
  readonly draw: (b: LabelBuilder) => void;
}

export interface Industry {
  readonly id: string;
  readonly templates: readonly IndustryTemplate[];
}

export const template = (
  slug: string,
  width: number,
  height: number,
  draw: (b: LabelBuilder) => void,
): IndustryTemplate => ({ slug, width, height, draw });

export const templateNameKey = (slug: string) => `industry.template.${slug}`;
export const industryNameKey = (id: string) => `industry.category.${id}`;

/** The label document of a template, named and printing its fixed texts in `lang`. */
export function buildTemplate(t: IndustryTemplate, lang: Language = "en"): LabelDocument {
  const b = new LabelBuilder(t.width, t.height, lang);
  t.draw(b);
  const name = translate(templateNameKey(t.slug), {}, lang);
  return { attrs: defaultLabelAttrs({ name, width: t.width, height: t.height }), elements: b.elements };
}

// The elements of the format being read: each ZPL field or graphic command → one of our elements,
// in mm at the file's resolution, placed at once from its field origin with an estimated size
// (finish.ts measures and places again). Bounded by ZPL_MAX_FIELDS.
import { TEXT_HEIGHT_FACTOR } from "../model/constants";
import { createElement } from "../model/kinds";
import { fitsText } from "../model/kinds/caps";
import { boundTo } from "../model/kinds/parts";
import type { LabelElement } from "../model/types";
import { mmToPt } from "../model/units";
import { SPACING_UNIT_MM } from "../render/text/layout";
import type { BlockLines } from "./blockLines";
import { type CodeField, codeContent, qrLevelOf } from "./codes";
import type { Field } from "./field";
import { ourFont, scalableStretch, type ZplFont } from "./fonts";
import type { DotBitmap } from "./graphic";
import { imageElement } from "./image";
import { ZPL_MAX_FIELDS, ZplError } from "./limits";
import { type Anchor, placed } from "./place";
import type { SerialMask } from "./serialMask";
import type { CodeSizing } from "./types";

export class FormatElements {
  readonly els: LabelElement[] = [];
  readonly anchors = new Map<string, Anchor>();
  readonly codes = new Map<string, CodeSizing>();
  /** text element id → how much ^A's width stretches its line */
  readonly stretches = new Map<string, number>();
  /** element id → its ^SN step from one printed copy to the next */
  readonly serials = new Map<string, number>();
  /** text element id → its ^FB line count and indent */
  readonly blocks = new Map<string, BlockLines>();
  /** ids of the reversed fields (^FR), composed with what is below by reverse.ts */
  readonly reversed = new Set<string>();
  /** element id → its ^SF mask */
  readonly masks = new Map<string, SerialMask>();

  constructor(readonly dpi: number) {}

  mm(dots: number): number {
    return (dots * 25.4) / this.dpi;
  }

  private add(el: LabelElement, field: Field, typeset: boolean, code?: CodeSizing): void {
    if (this.els.length >= ZPL_MAX_FIELDS)
      throw new ZplError("zpl.error.tooManyFields", { max: ZPL_MAX_FIELDS });
    // ^FO / ^FT x,y,1 of an upright text outside a block: (x, y) is its right end
    const right = field.justify === 1 && fitsText(el) && el.Rotate === 0 && !field.block;
    const anchor = { x: this.mm(field.x), y: this.mm(field.y), typeset, right };
    this.els.push(placed(el, anchor, code));
    this.anchors.set(el.Id, anchor);
    if (code) this.codes.set(el.Id, code);
    if (field.serial !== null) this.serials.set(el.Id, field.serial);
    if (field.mask) this.masks.set(el.Id, field.mask);
    if (field.reverse) this.reversed.add(el.Id);
  }

  /** A text field: its font (^A, else ^CF), turned, in a block (^FB) or inverse (^FR). */
  text(data: string, field: Field, font: ZplFont, rotate: 0 | 90 | 180 | 270, downloaded?: string): void {
    // in an ^FB block, \& starts a new line and \\ is one backslash
    const text = field.block ? data.replace(/\\[&\\]/g, (m) => (m === "\\&" ? "\n" : "\\")) : data;
    // a downloaded font is drawn in itself, at its exact size (^A@'s height is its em in dots)
    const f = downloaded
      ? { family: downloaded, bold: false, heightDots: font.height || 9, stretch: scalableStretch(font) }
      : ourFont(font, this.dpi);
    const fontMm = this.mm(f.heightDots);
    // ^FB's block keeps its justification: a stretched text in a block is drawn in proportion
    const stretched = !field.block && Math.abs(f.stretch - 1) > 0.01;
    const base = createElement("Text", this.els, { x: 0, y: 0 });
    const blockMm = field.block ? this.mm(field.block.width) : 0;
    const el: LabelElement = {
      ...base,
      ...boundTo(text),
      FontFamily: f.family,
      Bold: f.bold,
      FontSize: Math.min(
        100,
        Math.max(
          1,
          downloaded ? Math.round(mmToPt(fontMm) * 1000) / 1000 : Math.round(mmToPt(fontMm) * 2) / 2,
        ),
      ),
      Rotate: rotate,
      AntiMirror: field.reverse,
      TextAutoLine: field.block !== null,
      BoxWidth: field.block ? blockMm : base.BoxWidth,
      // a width other than the height's: the line stretched to its measured length × stretch (finish.ts)
      TextAlign: field.block ? field.block.just : stretched ? 4 : 1,
      LineHeight: field.block ? this.lineGap(f.heightDots, field.block.spacing) : base.LineHeight,
      // estimates until finish.ts measures the text with its font
      Width: field.block ? blockMm : Math.max(1, text.length * fontMm * 0.55),
      Height: fontMm * 1.1,
    };
    this.add(el, field, field.typeset);
    if (field.block)
      this.blocks.set(el.Id, {
        lines: field.block.lines,
        indent: this.mm(field.block.indent),
        pitch: this.mm(f.heightDots + field.block.spacing),
      });
    if (stretched) this.stretches.set(el.Id, Math.min(10, Math.max(0.1, f.stretch)));
  }

  /**
   * Our gap between lines (editor units) for ZPL's: a printer's lines are the font's height plus
   * ^FB's spacing apart, ours TEXT_HEIGHT_FACTOR × the size plus the gap.
   */
  private lineGap(heightDots: number, spacingDots: number): number {
    return this.mm(spacingDots - heightDots * (TEXT_HEIGHT_FACTOR - 1)) / SPACING_UNIT_MM;
  }

  /** A barcode or 2D code field of its ^B command, sized in dots by finish.ts. */
  code(code: CodeField, text: string, field: Field, rotate: 0 | 90 | 180 | 270): void {
    const { type, data } = codeContent(code, text);
    const sizing: CodeSizing = { ...code, dpi: this.dpi };
    if (code.kind === "barcode") {
      const base = createElement("Barcode", this.els, { x: 0, y: 0 });
      const el: LabelElement = {
        ...base,
        ...boundTo(data),
        BarCodeType: type,
        BarcodeNumPosition: code.hri,
        Rotate: rotate,
        AntiMirror: field.reverse,
        Height: this.mm(code.height),
      };
      this.add(el, field, field.typeset, sizing);
      return;
    }
    const base = createElement("QRcode", this.els, { x: 0, y: 0 });
    const level = type === 1 ? (qrLevelOf(text) ?? code.ecLevel) : code.ecLevel;
    const el: LabelElement = {
      ...base,
      ...boundTo(data),
      QrCodeType: type,
      ErrorCorrectionLevel: level ?? base.ErrorCorrectionLevel,
      BarcodeNumPosition: 0,
      Rotate: rotate,
      AntiMirror: field.reverse,
    };
    this.add(el, field, field.typeset, sizing);
  }

  /** A box, line or ellipse of ZPL's graphic commands: solid when the border fills it. */
  shape(
    type: "Rectangle" | "RoundRectangle" | "Ellipse",
    field: Field,
    size: { w: number; h: number; t: number; radius?: number },
  ): void {
    const { w, h, t } = size;
    const solid = t * 2 >= Math.min(w, h);
    const base = createElement(type, this.els, { x: 0, y: 0, width: this.mm(w), height: this.mm(h) });
    this.add(
      {
        ...base,
        Fill: solid,
        PenWidth: solid ? 0 : this.mm(t),
        CornerRadius: this.mm(size.radius ?? 0),
      } as LabelElement,
      field,
      false,
    );
  }

  /** A box one border thick: a horizontal or vertical line, its pen the thickness. */
  straightLine(horizontal: boolean, field: Field, lengthDots: number, t: number): void {
    const len = this.mm(lengthDots);
    const base = createElement(horizontal ? "LineHorizontal" : "LineVertical", this.els, {
      x: 0,
      y: 0,
      width: horizontal ? len : 0,
      height: horizontal ? 0 : len,
    });
    this.add({ ...base, PenWidth: this.mm(t) }, field, false);
  }

  /** ^GD: a diagonal, leaning right (bottom left to top right) or left. */
  diagonal(field: Field, size: { w: number; h: number; t: number }, right: boolean): void {
    const base = createElement("Line", this.els, {
      x: 0,
      y: 0,
      width: this.mm(size.w),
      height: this.mm(size.h),
    });
    this.add(
      {
        ...base,
        PenWidth: this.mm(size.t),
        LineDirection: right ? "RightLine" : "LeftLine",
      } as LabelElement,
      field,
      false,
    );
  }

  /** A bitmap (^GF, ^XG) dot for dot, `mag` times. */
  graphic(bitmap: DotBitmap, field: Field, mag = 1): void {
    const base = createElement("Image", this.els, { x: 0, y: 0 });
    this.add(imageElement(base, bitmap, this.mm(1) * mag), field, false);
  }
}

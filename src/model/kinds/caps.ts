// The questions code outside the kinds asks of an element instead of testing its Type: each kind
// declares its capabilities once in its definition (`caps`, see kind.ts) and these read them. The
// narrowed types are the kinds' promises; tests/model/kinds/caps.test.ts checks them for every type.
import type {
  BarcodeElement,
  ImageElement,
  LabelElement,
  LineElement,
  QRCodeElement,
  ShapeElement,
  TableElement,
  TextElement,
  TimeTextElement,
} from "../types";
import { kindModel } from "./index";
import type { KindCaps } from "./kind";

const caps = (el: LabelElement): KindCaps => kindModel(el.Type).caps;

/** Shows its own Data (text or code content), so it may differ per record: the PDF's static parts exclude it. */
export function isDataBound(
  el: LabelElement,
): el is TextElement | TimeTextElement | BarcodeElement | QRCodeElement {
  return caps(el).content;
}

/** Takes its value from its DataSourceList (spreadsheet, sequence, reference, fixed). */
export function hasDataSources(el: LabelElement): el is TextElement | BarcodeElement | QRCodeElement {
  return caps(el).dataSources;
}

/** Its value is the clock's time, not its data sources. */
export function isClock(el: LabelElement): el is TimeTextElement {
  return caps(el).clock;
}

/** Its box fits its text, measured with the font after every edit of its text or style. */
export function fitsText(el: LabelElement): el is TextElement | TimeTextElement {
  return caps(el).fitsText;
}

/** Its text is typed on the canvas (the inline editor) and in its content field. */
export function hasEditableText(el: LabelElement): el is TextElement {
  return caps(el).editableText;
}

/** A code a scanner reads: its box follows its modules, so its width and height are not typed. */
export function isCode(el: LabelElement): el is BarcodeElement | QRCodeElement {
  return caps(el).code;
}

/** Holds a grid of cells, each with its own data. */
export function hasCells(el: LabelElement): el is TableElement {
  return caps(el).cells;
}

/** Can be given a mirror copy. */
export function isMirrorable(el: LabelElement): boolean {
  return caps(el).mirrorable;
}

/** Its box is spanned by two end points (StartX/StartY, EndX/EndY) instead of Width × Height. */
export function isLine(el: LabelElement): el is LineElement {
  return caps(el).endPoints;
}

/** Shows a picture (its own file or a cloud image). */
export function isPicture(el: LabelElement): el is ImageElement {
  return caps(el).picture;
}

/** An element a label printer can draw with its own commands, by form (see `printerDrawn`). */
export type PrinterDrawn =
  | { readonly form: "box" | "ellipse"; readonly el: ShapeElement }
  | { readonly form: "line"; readonly el: LineElement }
  | { readonly form: "linear"; readonly el: BarcodeElement }
  | { readonly form: "matrix"; readonly el: QRCodeElement };

/** The form a printer language draws this element as (a box, a code…), or null: it is sent as a picture. */
export function printerDrawn(el: LabelElement): PrinterDrawn | null {
  const form = caps(el).printerForms[el.Type];
  return form ? ({ form, el } as PrinterDrawn) : null;
}

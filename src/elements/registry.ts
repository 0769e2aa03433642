// ElementType → the kind that renders it, one entry per type (Barcode and QRcode come from the codes
// area's kinds in src/elements/barcode and src/elements/qrcode).
import type { ElementType, LabelElement } from "../model/types";
import { barcodeKind } from "./barcode/render";
import { imageKind } from "./image/render";
import type { ElementKind } from "./kind";
import { lineKinds } from "./line/render";
import { qrcodeKind } from "./qrcode/render";
import { shapeKinds } from "./shape/render";
import { tableKind } from "./table/render";
import { textKind } from "./text/render";
import { timeTextKind } from "./timeText/render";

const [line, lineHorizontal, lineVertical] = lineKinds;
const [rectangle, roundRectangle, diamond, ellipse, triangle] = shapeKinds;

// biome-ignore lint/suspicious/noExplicitAny: each entry is typed by its own element type
const KINDS: Record<ElementType, ElementKind<any>> = {
  Text: textKind,
  TimeText: timeTextKind,
  Barcode: barcodeKind,
  QRcode: qrcodeKind,
  Image: imageKind,
  Table: tableKind,
  Line: line,
  LineHorizontal: lineHorizontal,
  LineVertical: lineVertical,
  Rectangle: rectangle,
  RoundRectangle: roundRectangle,
  Diamond: diamond,
  Ellipse: ellipse,
  Triangle: triangle,
};

/** The kind for an element type, or undefined for a type we do not know (never rendered). */
export function kindOf(type: string): ElementKind<LabelElement> | undefined {
  return Object.hasOwn(KINDS, type) ? KINDS[type as ElementType] : undefined;
}

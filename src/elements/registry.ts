// ElementType → the kind that renders it. One entry per type; the codes area plugs in Barcode and
// QRcode here (until then they render a marked placeholder box).
import type { ElementType, LabelElement } from "../model/types";
import { placeholderKind } from "../render/placeholder";
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

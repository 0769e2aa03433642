// Every kind's renderers, by the kind's name (the kinds are registered once, in src/model/kinds:
// a registered kind without its renderers here fails typecheck). Barcode and QRcode come from the
// codes area's kinds in src/elements/barcode and src/elements/qrcode. Kept apart from the UI (ui.ts)
// because the PDF worker, the print path and the command line render labels without React.
import { KIND_MODELS, type KindName } from "../model/kinds";
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

// biome-ignore lint/suspicious/noExplicitAny: each renderer is typed by its own element type
const BY_KIND: { readonly [K in KindName]: readonly ElementKind<any>[] } = {
  text: [textKind],
  timeText: [timeTextKind],
  barcode: [barcodeKind],
  qrcode: [qrcodeKind],
  image: [imageKind],
  shape: shapeKinds,
  line: lineKinds,
  table: [tableKind],
};

/** Every renderer, in the kinds' order. */
// biome-ignore lint/suspicious/noExplicitAny: each renderer is typed by its own element type
export const RENDERERS: readonly ElementKind<any>[] = KIND_MODELS.flatMap((k) => BY_KIND[k.name]);

const BY_TYPE = new Map<string, ElementKind<LabelElement>>(RENDERERS.map((k) => [k.type, k]));

/** The kind for an element type, or undefined for a type we do not know (never rendered). */
export function kindOf(type: ElementType | string): ElementKind<LabelElement> | undefined {
  return BY_TYPE.get(type);
}

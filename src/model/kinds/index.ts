// Every element kind, listed once. Everything that differs by kind in src/model (defaults, the file
// codec, handles, minimum size, resize rules, multi-selection fields) is found through `kindModel`.
import { DEFAULT_LABEL_WIDTH_MM } from "../constants";
import type { ElementOf, ElementType, LabelElement } from "../types";
import { barcodeModel } from "./barcode";
import { imageModel } from "./image";
import type { KindModel, Placement } from "./kind";
import { lineModel } from "./line";
import { qrcodeModel } from "./qrcode";
import { shapeModel } from "./shape";
import { tableModel } from "./table";
import { textModel } from "./text";
import { timeTextModel } from "./timeText";

export type { Handle, KindModel, Placement, SharedField } from "./kind";
export { BOX_HANDLES, SHARED_FIELDS, TEXT_STYLE_FIELDS } from "./kind";

/** The kinds, in palette order; each names the element types it defines. */
export const KIND_MODELS = [
  textModel,
  timeTextModel,
  barcodeModel,
  qrcodeModel,
  imageModel,
  tableModel,
  lineModel,
  shapeModel,
] as const;

// every element type has a kind: a type missing from all `types` lists fails typecheck here
type Covered = (typeof KIND_MODELS)[number]["types"][number];
const everyTypeCovered: [ElementType] extends [Covered] ? true : never = true;
void everyTypeCovered;

const BY_TYPE = new Map<string, KindModel>();
for (const kind of KIND_MODELS) {
  // each kind is typed by its own elements; the map is read only with an element's own type
  for (const type of kind.types) BY_TYPE.set(type, kind as unknown as KindModel);
}

/** The kind of an element type (every ElementType has one). */
export function kindModel(type: ElementType): KindModel {
  const kind = BY_TYPE.get(type);
  if (!kind) throw new Error(`no kind for element type ${type}`);
  return kind;
}

/** A new element of a type with the spec's defaults, a fresh id and the next counter name. */
export function createElement<T extends ElementType>(
  type: T,
  elements: readonly LabelElement[],
  placement: Placement,
  labelWidthMm = DEFAULT_LABEL_WIDTH_MM,
): ElementOf<T> {
  return kindModel(type).create(type, elements, placement, labelWidthMm) as ElementOf<T>;
}

// Every element kind, listed once. Everything that differs by kind in src/model (defaults, the file
// codec, handles, minimum size, resize rules, multi-selection fields) is found through `kindModel`.
import { DEFAULT_LABEL_WIDTH_MM } from "../constants";
import type { ElementOf, ElementType, LabelElement } from "../types";
import { barcodeModel } from "./barcode";
import { imageModel } from "./image";
import type { KindEnv, KindModel, Placement } from "./kind";
import { lineModel } from "./line";
import { qrcodeModel } from "./qrcode";
import { shapeModel } from "./shape";
import { tableModel } from "./table";
import { textModel } from "./text";
import { timeTextModel } from "./timeText";

export type { Handle, KindEnv, KindModel, KindName, Placement, SharedField } from "./kind";
export { BOX_HANDLES, SHARED_FIELDS, TEXT_STYLE_FIELDS } from "./kind";

/**
 * The kinds, registered once, in palette order; each names the element types it defines. The
 * renderers (src/elements/registry.ts), the editor's UI (src/elements/ui.ts) and the palette
 * (src/editor/palette/entries.ts) follow this list: the first two are keyed by the kind's name, so a
 * kind registered here without its renderer or UI fails typecheck.
 */
export const KIND_MODELS = [
  textModel,
  timeTextModel,
  barcodeModel,
  qrcodeModel,
  imageModel,
  shapeModel,
  lineModel,
  tableModel,
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

/** `next` made consistent by its kind after an edit changed `prev` into it (see KindModel.normalize). */
export function normalizeElement(prev: LabelElement, next: LabelElement, env: KindEnv): LabelElement {
  return kindModel(next.Type).normalize?.(prev, next, env) ?? next;
}

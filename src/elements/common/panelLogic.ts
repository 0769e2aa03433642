// Pure logic of the attribute panels: which fields a multi-selection shares (label-editor.md §2
// "Attribute panel"), their common values and bounds. No React here.
import type { BoundName } from "../../model/bounds";
import { kindModel, SHARED_FIELDS, type SharedField } from "../../model/kinds";
import type { ElementType, LabelElement } from "../../model/types";

export { SHARED_FIELDS, type SharedField, TEXT_STYLE_FIELDS } from "../../model/kinds";

/** The fields every selected element has (empty for an empty selection). */
export function sharedFields(types: readonly ElementType[]): SharedField[] {
  if (types.length === 0) return [];
  return SHARED_FIELDS.filter((f) => types.every((t) => kindModel(t).shared(t).includes(f)));
}

/** The common value of a field, or undefined when the elements differ (the field shows empty). */
export function sharedValue(els: readonly LabelElement[], field: SharedField): unknown {
  if (els.length === 0) return undefined;
  const first = (els[0] as unknown as Record<string, unknown>)[field];
  return els.every((e) => (e as unknown as Record<string, unknown>)[field] === first) ? first : undefined;
}

/** The pen width bound of a set of kinds: a table border (0.3–5) is tighter than shapes (0.3–10). */
export function penBound(types: readonly ElementType[]): BoundName {
  return types.includes("Table") ? "TablePenWidth" : "PenWidth";
}

/** Dash is stored twice (Dash and DashStyle); both move together. */
export function dashPatch(on: boolean): { Dash: boolean; DashStyle: 0 | 1 } {
  return { Dash: on, DashStyle: on ? 1 : 0 };
}

// The panels' typed writes (issue 42): a patch names the kind it is for and may hold only that kind's
// fields (a field its kind does not have is a type error); a multi-selection's patch holds only the
// fields kinds share (SHARED_FIELDS). At run time a patch for another kind is refused and a shared
// field some selected kind lacks is dropped, so a replayed or hand-made event cannot write across kinds.
import { kindModel, SHARED_FIELDS, type SharedField } from "../kinds";
import {
  type BaseElement,
  ELEMENT_TYPES,
  type ElementOf,
  type ElementType,
  type ImageElement,
  type LabelDocument,
  type LabelElement,
  type ShapeElement,
  type TextStyle,
} from "../types";
import { refuse } from "./commit";
import { MSG } from "./messages";
import type { OpResult } from "./types";
import { updateElements } from "./update";

/** The fields of element `E` a panel may write (its identity and kind are not among them). */
export type ElementPatch<E extends LabelElement> = Partial<Omit<E, "Id" | "Type">>;

/** The fields of an element of type `K`. */
export type KindPatch<K extends ElementType> = ElementPatch<ElementOf<K>>;

/** A patch with the type it is for: `kind` picks which fields `patch` may hold. */
export type KindUpdate = {
  [K in ElementType]: { readonly kind: K; readonly patch: KindPatch<K> };
}[ElementType];

/** Each shared field with its value type (Dash moves with DashStyle, its second spelling in the file). */
type SharedValues = TextStyle &
  Pick<BaseElement, "AntiMirror"> &
  Pick<ShapeElement, "PenWidth" | "Dash" | "DashStyle" | "Fill" | "CornerRadius"> &
  Pick<ImageElement, "ISParticipating" | "imageDisplayMode">;

/** A multi-selection's patch: only fields several kinds share. */
export type SharedPatch = Partial<Pick<SharedValues, SharedField | "DashStyle">>;

/** `P` when it holds no field beyond `T`'s (a generic function's check against a wider patch). */
export type Exact<P, T> = P & { readonly [F in Exclude<keyof P, keyof T>]?: never };

const isElementType = (t: unknown): t is ElementType => (ELEMENT_TYPES as readonly unknown[]).includes(t);

/** `patch` on the elements `ids`, all of `kind`'s kind (else refused), as one history entry. */
export function updateOfKind(
  doc: LabelDocument,
  ids: readonly string[],
  u: { readonly kind: ElementType; readonly patch: object },
): OpResult {
  if (!isElementType(u.kind)) return refuse(MSG.notFound);
  const kind = kindModel(u.kind);
  const els = ids.map((id) => doc.elements.find((e) => e.Id === id));
  if (els.some((e) => e !== undefined && kindModel(e.Type) !== kind)) return refuse(MSG.notFound);
  return updateElements(
    doc,
    ids.map((id) => ({ id, patch: u.patch as Partial<LabelElement> })),
  );
}

/** A multi-selection's patch: each field set on the elements only when every one of them shares it. */
export function updateShared(doc: LabelDocument, ids: readonly string[], patch: SharedPatch): OpResult {
  const els = doc.elements.filter((e) => ids.includes(e.Id));
  const shared = (f: string) =>
    els.every((e) =>
      kindModel(e.Type)
        .shared(e.Type)
        .includes((f === "DashStyle" ? "Dash" : f) as SharedField),
    );
  const known = new Set<string>([...SHARED_FIELDS, "DashStyle"]);
  const kept = Object.fromEntries(Object.entries(patch).filter(([f]) => known.has(f) && shared(f)));
  return updateElements(
    doc,
    ids.map((id) => ({ id, patch: kept as Partial<LabelElement> })),
  );
}

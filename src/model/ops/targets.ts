// Resolving a selection to the elements an op may touch: mirror copies are never targets, and
// locked elements are skipped by move/align/order/copy (tip109 when nothing is left).
import type { LabelDocument, LabelElement } from "../types";
import { isMirrorCopy } from "../types";
import { refuse } from "./commit";
import { MSG } from "./messages";
import type { OpRefusal } from "./types";

/** The selected elements (in z-order), without mirror copies or unknown ids. */
export function selected(doc: LabelDocument, ids: readonly string[]): LabelElement[] {
  const want = new Set(ids);
  return doc.elements.filter((el) => want.has(el.Id) && !isMirrorCopy(el));
}

/** The selected unlocked elements, or the refusal to show: tip108 nothing selected, tip109 all locked. */
export function movable(doc: LabelDocument, ids: readonly string[]): LabelElement[] | OpRefusal {
  const sel = selected(doc, ids);
  if (sel.length === 0) return refuse(MSG.noSelection);
  const free = sel.filter((el) => !el.Lock);
  if (free.length === 0) return refuse(MSG.locked);
  return free;
}

/** Replaces elements by id in one pass. */
export function replaceElements(doc: LabelDocument, next: ReadonlyMap<string, LabelElement>): LabelDocument {
  if (next.size === 0) return doc;
  return { ...doc, elements: doc.elements.map((el) => next.get(el.Id) ?? el) };
}

// Bring to top / send to bottom: the unlocked selection keeps its relative order; mirror copies
// travel with their originals.
import { type LabelDocument, type LabelElement, mirrorIdOf } from "../types";
import { commit } from "./commit";
import { movable } from "./targets";
import type { OpResult } from "./types";

function reorder(doc: LabelDocument, ids: readonly string[], toTop: boolean): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  const moving = new Set<string>();
  for (const el of els) {
    moving.add(el.Id);
    moving.add(mirrorIdOf(el.Id));
  }
  const picked: LabelElement[] = [];
  const rest: LabelElement[] = [];
  for (const el of doc.elements) (moving.has(el.Id) ? picked : rest).push(el);
  const elements = toTop ? [...rest, ...picked] : [...picked, ...rest];
  return commit(doc, { ...doc, elements }, { kind: "edit" });
}

export function bringToTop(doc: LabelDocument, ids: readonly string[]): OpResult {
  return reorder(doc, ids, true);
}
export function sendToBottom(doc: LabelDocument, ids: readonly string[]): OpResult {
  return reorder(doc, ids, false);
}

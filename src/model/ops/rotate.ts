// Rotation of the selection to 0/90/180/270 (about each element's centre). Locked are skipped.
import type { LabelDocument, LabelElement } from "../types";
import { commit } from "./commit";
import { movable, replaceElements } from "./targets";
import type { OpResult } from "./types";
import { normalizeRotate } from "./update";

/** Sets the rotation of every unlocked selected element. */
export function rotateElements(doc: LabelDocument, ids: readonly string[], rotate: number): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  const r = normalizeRotate(rotate);
  const next = new Map<string, LabelElement>();
  for (const el of els) if (el.Rotate !== r) next.set(el.Id, { ...el, Rotate: r });
  return commit(doc, replaceElements(doc, next), { kind: "edit" });
}

/** Turns every unlocked selected element by a multiple of 90° (clockwise for positive). */
export function rotateElementsBy(doc: LabelDocument, ids: readonly string[], by: number): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  const next = new Map<string, LabelElement>();
  for (const el of els) {
    const r = normalizeRotate(el.Rotate + by);
    if (el.Rotate !== r) next.set(el.Id, { ...el, Rotate: r });
  }
  return commit(doc, replaceElements(doc, next), { kind: "edit" });
}

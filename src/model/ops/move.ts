// Moving the selection by a delta in mm. Locked elements stay put (tip109 when all are locked).
import { translateElement } from "../geometry";
import type { LabelDocument, LabelElement } from "../types";
import { commit } from "./commit";
import { syncMirrors } from "./mirror-sync";
import { movable, replaceElements } from "./targets";
import type { OpResult } from "./types";

export function moveElements(doc: LabelDocument, ids: readonly string[], dx: number, dy: number): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return commit(doc, doc, { kind: "edit" });
  const next = new Map<string, LabelElement>();
  for (const el of els) next.set(el.Id, translateElement(el, dx, dy));
  return commit(doc, replaceElements(doc, next), { kind: "edit" });
}

/**
 * The document with the selection moved, without a diff: for drag frames, where only the picture
 * matters and history squashes the whole drag into one diff at pointer-up. Same rules as
 * `moveElements`; returns `doc` itself when nothing can move.
 */
export function movedDocument(
  doc: LabelDocument,
  ids: readonly string[],
  dx: number,
  dy: number,
): LabelDocument {
  const els = movable(doc, ids);
  if (!Array.isArray(els) || !Number.isFinite(dx) || !Number.isFinite(dy)) return doc;
  const next = new Map<string, LabelElement>();
  for (const el of els) next.set(el.Id, translateElement(el, dx, dy));
  return syncMirrors(replaceElements(doc, next));
}

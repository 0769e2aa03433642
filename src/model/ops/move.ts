// Moving the selection by a delta in mm. Locked elements stay put (tip109 when all are locked).
import { translateElement } from "../geometry";
import type { LabelDocument, LabelElement } from "../types";
import { commit } from "./commit";
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

// Moving the selection by a delta in mm. Locked elements stay put (tip109 when all are locked).
import { ARROW_STEP_MM } from "../constants";
import { elementBox, translateElement, unionBox } from "../geometry";
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

/** Where `steps` whole steps from `at` land on the step grid (off-grid positions first reach it). */
export function stepOnGrid(at: number, steps: number, step: number): number {
  if (steps === 0) return at;
  const k = at / step;
  const from = steps > 0 ? Math.floor(k + 1e-6) : Math.ceil(k - 1e-6);
  // whole steps, rounded so the stored value is the decimal the panel shows (2.8, never 2.8000000000000003)
  return Math.round((from + steps) * step * 1e6) / 1e6;
}

/**
 * Arrow keys: moves the selection by whole steps of `step` mm (ARROW_STEP_MM), its common box's
 * top-left corner landing on that grid. Locked elements stay put (tip109 when all are locked).
 */
export function nudgeElements(
  doc: LabelDocument,
  ids: readonly string[],
  stepsX: number,
  stepsY: number,
  step = ARROW_STEP_MM,
): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  const box = unionBox(els.map(elementBox));
  if (!box || !Number.isFinite(stepsX) || !Number.isFinite(stepsY)) return commit(doc, doc, { kind: "edit" });
  const dx = stepOnGrid(box.x, Math.trunc(stepsX), step) - box.x;
  const dy = stepOnGrid(box.y, Math.trunc(stepsY), step) - box.y;
  return moveElements(doc, ids, dx, dy);
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

// The canvas gestures that change the document, as named ops of the editor ("elements.drag",
// "element.resize", and their cancel by Escape): pure functions of the gesture's base document, so a
// frame never builds on the previous frame and a cancel is the base again. The machine keeps each
// frame's document without a history entry; pointer-up commits the whole gesture as one entry named
// by its op (undo and redo take it back and forth in one step).
import { SNAP_DISTANCE } from "../src/model/constants";
import { elementBox, type Point, unionBox, unitsToMm } from "../src/model/geometry";
import { normalizeElement } from "../src/model/kinds";
import { type Handle, isRefusal, movedDocument, refuse, resizeElement } from "../src/model/ops";
import { MSG } from "../src/model/ops/messages";
import { createSnapper, type Guide } from "../src/model/snap";
import { isMirrorCopy, type LabelDocument } from "../src/model/types";
import type { EditorEnv, Gesture } from "./editor.types";

/** A drag of `ids` (what it was pressed on, else the selection) begins: refused when none can move. */
export function startDrag(doc: LabelDocument, ids: readonly string[]): Gesture | { refused: string } {
  const wanted = new Set(ids);
  const moving = doc.elements.filter((e) => wanted.has(e.Id) && !e.Lock && !isMirrorCopy(e));
  if (moving.length === 0) return refuse(MSG.cannotDrag);
  const movingIds = new Set(moving.map((e) => e.Id));
  const others = doc.elements.filter((e) => !movingIds.has(e.Id) && !isMirrorCopy(e)).map(elementBox);
  return {
    op: "elements.drag",
    base: doc,
    ids: [...movingIds],
    box: unionBox(moving.map(elementBox)),
    snap: createSnapper({ canvas: doc.attrs, others }),
  };
}

/** One drag frame: the base with the moving elements moved by `delta` (snapped), and the guides. */
export function dragFrame(
  g: Gesture,
  delta: Point,
  zoom: number,
): { readonly doc: LabelDocument; readonly guides: readonly Guide[] } | null {
  if (!g.box || !g.snap) return null;
  const s = g.snap(g.box, delta, unitsToMm(SNAP_DISTANCE) / (zoom || 1));
  return { doc: movedDocument(g.base, g.ids, s.dx, s.dy), guides: s.guides };
}

/** A resize of element `id` begins: refused when it is missing or locked. */
export function startResize(doc: LabelDocument, id: string): Gesture | { refused: string } {
  const el = doc.elements.find((e) => e.Id === id);
  if (!el || el.Lock) return refuse(MSG.locked);
  return { op: "element.resize", base: doc, ids: [id], box: null, snap: null };
}

/** One resize frame: the base with element `id` resized by `delta` from `handle`, normalized by its kind. */
export function resizeFrame(
  g: Gesture,
  id: string,
  handle: Handle,
  delta: Point,
  env: EditorEnv,
): LabelDocument | null {
  const r = resizeElement(g.base, id, handle, delta);
  if (isRefusal(r)) return null;
  const before = g.base.elements.find((el) => el.Id === id);
  const elements = r.doc.elements.map((el) =>
    el.Id === id && before ? normalizeElement(before, el, env) : el,
  );
  return { ...r.doc, elements };
}

/** Escape during a gesture: the document it started from. */
export function cancelGesture(g: Gesture): LabelDocument {
  return g.base;
}

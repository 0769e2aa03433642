// Resizing one element by dragging a handle, with the per-type rules of spec §4 and minimum sizes
// of §5. Pure and idempotent: the canvas passes the element as it was at pointer-down and the total
// pointer delta (mm), so repeated moves never accumulate rounding.
import { localBox, type Point, rotateVector } from "../geometry";
import { type Handle, kindModel } from "../kinds";
import { isMirrorCopy, type LabelDocument, type LabelElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { replaceElements } from "./targets";
import type { OpResult } from "./types";

export { BOX_HANDLES, type Handle } from "../kinds";

/** The handles an element shows (spec §4 "Handles by type"): none when locked or a mirror copy. */
export function resizeHandles(el: LabelElement): readonly Handle[] {
  if (el.Lock || isMirrorCopy(el)) return [];
  return kindModel(el.Type).handles(el);
}

function edges(h: Handle): { l: boolean; r: boolean; t: boolean; b: boolean } {
  return { l: h.includes("w"), r: h.includes("e"), t: h.startsWith("n"), b: h.startsWith("s") };
}

/** Places a resized box so the point opposite the handle stays fixed on the canvas (rotation aware). */
function anchorBox(el: LabelElement, h: Handle, w2: number, h2: number): { x: number; y: number } {
  const b = localBox(el);
  const e = edges(h);
  const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const a = {
    x: e.r ? -b.width / 2 : e.l ? b.width / 2 : 0,
    y: e.b ? -b.height / 2 : e.t ? b.height / 2 : 0,
  };
  const ra = rotateVector(a, el.Rotate);
  const anchor = { x: c.x + ra.x, y: c.y + ra.y };
  const a2 = rotateVector(
    { x: e.r ? -w2 / 2 : e.l ? w2 / 2 : 0, y: e.b ? -h2 / 2 : e.t ? h2 / 2 : 0 },
    el.Rotate,
  );
  return { x: anchor.x - a2.x - w2 / 2, y: anchor.y - a2.y - h2 / 2 };
}

/** Computes the resized element, or null when the element has no such handle. */
export function resizedElement(el: LabelElement, handle: Handle, delta: Point): LabelElement | null {
  if (!resizeHandles(el).includes(handle)) return null;
  const kind = kindModel(el.Type);
  const d = rotateVector(delta, -el.Rotate);
  if (kind.resize) return kind.resize(el, handle, d);
  const e = edges(handle);
  const min = kind.minSize(el);
  let w2 = el.Width + (e.r ? d.x : e.l ? -d.x : 0);
  let h2 = el.Height + (e.b ? d.y : e.t ? -d.y : 0);
  if (kind.proportional(el, handle) && el.Width > 0 && el.Height > 0) {
    let s = Math.max(w2 / el.Width, h2 / el.Height);
    s = Math.max(s, min.w / el.Width, min.h / el.Height);
    if (kind.scaled) {
      const next = kind.scaled(el, s);
      const pos = anchorBox(el, handle, next.Width, next.Height);
      return { ...next, StartX: pos.x, StartY: pos.y };
    }
    w2 = el.Width * s;
    h2 = el.Height * s;
  } else {
    w2 = Math.max(w2, min.w);
    h2 = Math.max(h2, min.h);
  }
  const pos = anchorBox(el, handle, w2, h2);
  const next = kind.sized ? kind.sized(el, w2, h2) : { ...el, Width: w2, Height: h2 };
  return { ...next, StartX: pos.x, StartY: pos.y };
}

/** Resizes one element by dragging `handle` by `delta` mm (relative to the element in `doc`). */
export function resizeElement(doc: LabelDocument, id: string, handle: Handle, delta: Point): OpResult {
  const el = doc.elements.find((e) => e.Id === id);
  if (!el) return refuse(MSG.notFound);
  if (el.Lock) return refuse(MSG.locked);
  const next = resizedElement(el, handle, delta);
  if (!next) return refuse(MSG.noResize);
  return commit(doc, replaceElements(doc, new Map([[id, next]])), { kind: "edit" });
}

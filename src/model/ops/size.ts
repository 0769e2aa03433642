// Typed sizes (issue 23): the panel's Width and Height, in label mm along the canvas axes, applied
// through the resize handles' own rules (`resizedElement`: which handles a kind has, minimum sizes,
// keep-proportion, table cells, text box width), so a typed size is bounded exactly as a drag is.
// The box's top-left corner on the canvas stays where it was.
import { elementBox, localBox, type Point, rotateVector, translateElement } from "../geometry";
import { isCode, isLine } from "../kinds/caps";
import type { LabelDocument, LabelElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { type Handle, resizedElement, resizeHandles } from "./resize";
import { replaceElements } from "./targets";
import type { OpResult } from "./types";

export type SizeAxis = "width" | "height";

const turned = (el: LabelElement) => el.Rotate === 90 || el.Rotate === 270;
const localAxis = (el: LabelElement, axis: SizeAxis): SizeAxis =>
  turned(el) ? (axis === "width" ? "height" : "width") : axis;

/** The handle and the delta (in the element's own frame) that bring its own `axis` size to `to`. */
function handleFor(el: LabelElement, axis: SizeAxis, to: number): { handle: Handle; delta: Point } | null {
  const b = localBox(el);
  const d = to - (axis === "width" ? b.width : b.height);
  const handles = resizeHandles(el);
  if (isLine(el)) {
    // the end point moves away from the start along the axis (a line's handles are its ends)
    const sx = Math.sign(el.EndX - el.StartX) || 1;
    const sy = Math.sign(el.EndY - el.StartY) || 1;
    if (!handles.includes("end")) return null;
    if (axis === "width" && el.LineDirection === "LineVertical") return null;
    if (axis === "height" && el.LineDirection === "LineHorizontal") return null;
    return { handle: "end", delta: axis === "width" ? { x: sx * d, y: 0 } : { x: 0, y: sy * d } };
  }
  const side: Handle = axis === "width" ? "e" : "s";
  if (handles.includes(side))
    return { handle: side, delta: axis === "width" ? { x: d, y: 0 } : { x: 0, y: d } };
  if (handles.includes("se") && handles.length === 1 && b.width > 0 && b.height > 0) {
    // keep-proportion kinds have the corner only: scale both sides together
    const s = to / (axis === "width" ? b.width : b.height);
    return { handle: "se", delta: { x: b.width * (s - 1), y: b.height * (s - 1) } };
  }
  return null;
}

/** Which of the panel's sizes (canvas axes) can be typed for this element. */
export function typedSizeAxes(el: LabelElement): { width: boolean; height: boolean } {
  if (isCode(el)) return { width: false, height: false };
  const can = (axis: SizeAxis) => handleFor(el, localAxis(el, axis), 1) !== null;
  return { width: can("width"), height: can("height") };
}

/** The element with its canvas `axis` size typed as `value` mm, or null when that size is not typeable. */
export function sizedElement(el: LabelElement, axis: SizeAxis, value: number): LabelElement | null {
  if (!Number.isFinite(value) || !typedSizeAxes(el)[axis]) return null;
  const h = handleFor(el, localAxis(el, axis), value);
  if (!h) return null;
  const next = resizedElement(el, h.handle, rotateVector(h.delta, el.Rotate));
  if (!next) return null;
  const a = elementBox(el);
  const b = elementBox(next);
  return translateElement(next, a.x - b.x, a.y - b.y);
}

/** Types the canvas width or height of one element (one history entry). */
export function setElementSize(doc: LabelDocument, id: string, axis: SizeAxis, value: number): OpResult {
  const el = doc.elements.find((e) => e.Id === id);
  if (!el) return refuse(MSG.notFound);
  if (el.Lock) return refuse(MSG.locked);
  const next = sizedElement(el, axis, value);
  if (!next) return refuse(MSG.noResize);
  return commit(doc, replaceElements(doc, new Map([[id, next]])), { kind: "edit" });
}

// Screen positions of an element's resize handles (which handles exist is decided by the model's
// resizeHandles, spec §4 "Handles by type"). A handle names a side or corner of the element's own
// box, so on a rotated element it is drawn where that side has turned to (with the cursor turned too).
import { localBox, type Point, rotateVector } from "../../model/geometry";
import { isLine } from "../../model/kinds/caps";
import type { Handle } from "../../model/ops/resize";
import type { LabelElement } from "../../model/types";
import { docToScreen, type Viewport } from "./geometry";
import type { OverlayHandle } from "./Overlay";

type Compass = Exclude<Handle, "start" | "end">;
/** Clockwise from north: a quarter turn moves a side two places on. */
const COMPASS: readonly Compass[] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
const COMPASS_CURSOR: Record<Compass, string> = {
  n: "ns-resize",
  s: "ns-resize",
  e: "ew-resize",
  w: "ew-resize",
  nw: "nwse-resize",
  se: "nwse-resize",
  ne: "nesw-resize",
  sw: "nesw-resize",
};
/** Where each side or corner lies in the element's own box, as fractions of its width and height. */
const AT: Record<Compass, [number, number]> = {
  nw: [0, 0],
  n: [0.5, 0],
  ne: [1, 0],
  e: [1, 0.5],
  se: [1, 1],
  s: [0.5, 1],
  sw: [0, 1],
  w: [0, 0.5],
};

/** The cursor of a handle on an element turned by `rotate` degrees (clockwise). */
export function handleCursor(h: Handle, rotate: number): string {
  if (h === "start" || h === "end") return "move";
  const turns = Math.round((((rotate % 360) + 360) % 360) / 90);
  return COMPASS_CURSOR[COMPASS[(COMPASS.indexOf(h) + turns * 2) % COMPASS.length]];
}

/** A handle's point on the label (mm): the point of the element's own box, turned about its centre. */
export function handlePoint(el: LabelElement, h: Handle): Point {
  const b = localBox(el);
  const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  let p: Point;
  if (h === "start" || h === "end") {
    p = isLine(el) ? (h === "start" ? { x: el.StartX, y: el.StartY } : { x: el.EndX, y: el.EndY }) : b;
  } else {
    const [fx, fy] = AT[h];
    p = { x: b.x + b.width * fx, y: b.y + b.height * fy };
  }
  const r = rotateVector({ x: p.x - c.x, y: p.y - c.y }, el.Rotate);
  return { x: c.x + r.x, y: c.y + r.y };
}

export function handlePoints(el: LabelElement, handles: readonly Handle[], v: Viewport): OverlayHandle[] {
  return handles.map((h) => {
    const p = docToScreen(v, handlePoint(el, h));
    return { id: h, elementId: el.Id, x: p.x, y: p.y, cursor: handleCursor(h, el.Rotate) };
  });
}

// Screen positions of an element's resize handles (which handles exist is decided by the model's
// resizeHandles, spec §4 "Handles by type").
import { elementBox, isLine } from "../../model/geometry";
import type { Handle } from "../../model/ops/resize";
import type { LabelElement } from "../../model/types";
import { docToScreen, rectToScreen, type Viewport } from "./geometry";
import type { OverlayHandle } from "./Overlay";

const CURSORS: Record<Handle, string> = {
  nw: "nwse-resize",
  se: "nwse-resize",
  ne: "nesw-resize",
  sw: "nesw-resize",
  n: "ns-resize",
  s: "ns-resize",
  e: "ew-resize",
  w: "ew-resize",
  start: "move",
  end: "move",
};

export function handlePoints(el: LabelElement, handles: readonly Handle[], v: Viewport): OverlayHandle[] {
  const r = rectToScreen(v, elementBox(el));
  const at: Record<Exclude<Handle, "start" | "end">, [number, number]> = {
    nw: [0, 0],
    n: [0.5, 0],
    ne: [1, 0],
    e: [1, 0.5],
    se: [1, 1],
    s: [0.5, 1],
    sw: [0, 1],
    w: [0, 0.5],
  };
  return handles.map((h) => {
    if (h === "start" || h === "end") {
      const p = isLine(el)
        ? docToScreen(v, h === "start" ? { x: el.StartX, y: el.StartY } : { x: el.EndX, y: el.EndY })
        : { x: r.x, y: r.y };
      return { id: h, elementId: el.Id, x: p.x, y: p.y, cursor: CURSORS[h] };
    }
    const [fx, fy] = at[h];
    return { id: h, elementId: el.Id, x: r.x + r.width * fx, y: r.y + r.height * fy, cursor: CURSORS[h] };
  });
}

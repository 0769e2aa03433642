// Turns d3-drag gestures on the canvas into the pointer events of the canvas-interaction machine
// (machines/canvasInteraction.machine.ts), in label millimetres, with the target found by
// hit-testing the rendered label (`g[data-id]`) and the overlay handles (`[data-handle]`).
// The viewport is frozen at pointer-down so a pan gesture does not feed back into its own deltas.
import type { PointerTarget } from "../../../machines/canvasInteraction.machine";
import { LINE_HIT_WIDTH, PX_PER_MM } from "../../model/constants";
import { elementHit, hitTest, isHollowShape } from "../../model/geometry";
import type { Handle } from "../../model/ops/resize";
import { type LabelElement, originalIdOf } from "../../model/types";
import type { EditorStore } from "../state/store";
import { type Point, screenToDoc, type Viewport } from "./geometry";
import type { DragPoint } from "./pointerDrag";

/** The element id a DOM target belongs to (mirror copies select their original), or null. */
export function elementIdAt(target: Element | null): string | null {
  const g = target?.closest?.(".ink-label g[data-id]");
  const id = g?.getAttribute("data-id");
  if (!id) return null;
  return originalIdOf(id);
}

export function handleAt(target: Element | null): { id: string; handle: Handle } | null {
  const h = target?.closest?.("[data-handle]");
  const handle = h?.getAttribute("data-handle") as Handle | null;
  const id = h?.getAttribute("data-for");
  return handle && id ? { id, handle } : null;
}

export function pointerTarget(target: Element | null): PointerTarget {
  const h = handleAt(target);
  if (h) return { kind: "handle", id: h.id, handle: h.handle };
  const id = elementIdAt(target);
  return id ? { kind: "element", id } : { kind: "canvas" };
}

/** The hit tolerance in label mm: half the line hit width in screen px, at any zoom. */
export function hitPad(zoom: number): number {
  return LINE_HIT_WIDTH / 2 / (PX_PER_MM * zoom);
}

/**
 * What a press at `point` (label mm) is on. The DOM answers first (handles, glyphs, each element's
 * box), except that an unfilled shape is hit only on its outline: pressed in its empty inside, or
 * next to anything (a near miss within `pad` mm still hits thin lines and hairline shapes), the
 * answer is the topmost element the geometry finds there, else the canvas (a frame selection).
 */
export function targetAt(
  target: Element | null,
  point: Point,
  elements: readonly LabelElement[],
  pad: number,
): PointerTarget {
  const found = pointerTarget(target);
  if (found.kind === "handle") return found;
  if (found.kind === "element") {
    // the drawn node's own id: a mirror copy has its own place on the label
    const drawnId = target?.closest?.(".ink-label g[data-id]")?.getAttribute("data-id");
    const drawn = elements.find((e) => e.Id === drawnId);
    if (!drawn || !isHollowShape(drawn) || elementHit(drawn, point, pad)) return found;
  }
  const el = hitTest(elements, point, pad);
  return el ? { kind: "element", id: el.Id } : { kind: "canvas" };
}

export interface GestureDeps {
  readonly store: EditorStore;
  readonly getViewport: () => Viewport;
}

export function createGestures({ store, getViewport }: GestureDeps) {
  let frozen: Viewport | null = null;
  const at = (p: DragPoint): Point => screenToDoc(frozen ?? getViewport(), p.screen);
  return {
    start(p: DragPoint) {
      frozen = getViewport();
      const e = p.sourceEvent;
      const point = at(p);
      const target = targetAt(p.target, point, store.get().doc.elements, hitPad(frozen.zoom));
      // snapping keeps 5 screen px at any zoom: the machine learns the zoom when a gesture starts
      store.send({ type: "zoom.set", zoom: frozen.zoom });
      // Shift adds and removes as Ctrl/Cmd does (clicks and frames); in a table's cells it extends
      store.send({ type: "pointer.down", point, target, ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey });
    },
    move(p: DragPoint) {
      store.send({ type: "pointer.move", point: at(p) });
    },
    end(p: DragPoint) {
      store.send({ type: "pointer.up", point: at(p) });
      frozen = null;
    },
    /** the viewport at pointer-down, while a gesture is in progress */
    frozen: () => frozen,
    escape() {
      store.send({ type: "key.escape" });
    },
    /** the gesture ends without its pointer-up (a second finger, a long press): undone as Escape does */
    cancel() {
      store.send({ type: "key.escape" });
      frozen = null;
    },
  };
}

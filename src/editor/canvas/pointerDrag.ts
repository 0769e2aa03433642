// d3-drag wrapped in a framework-free factory (after xyflow's XYDrag): reports each gesture on the
// canvas in document millimetres (and screen px), from start to end. The caller decides what a gesture
// means (move, resize, frame selection) from the start event's target. One finger drags as the mouse
// does; a second finger ends the gesture (onCancel): two fingers pinch-zoom (panZoom.ts).
import { type D3DragEvent, drag as d3drag } from "d3-drag";
import { select } from "d3-selection";
import { type Point, screenToDoc, type Viewport } from "./geometry";

export interface DragPoint {
  /** pointer in document mm */
  readonly doc: Point;
  /** pointer in px relative to the element */
  readonly screen: Point;
  /** pointer at the start of the gesture, document mm */
  readonly startDoc: Point;
  readonly startScreen: Point;
  readonly target: Element | null;
  readonly sourceEvent: MouseEvent | TouchEvent;
}

export interface PointerDragOptions {
  readonly element: HTMLElement;
  readonly getViewport: () => Viewport;
  /** should a press with this event start a gesture? (otherwise it falls through, e.g. to panning) */
  readonly filter: (event: MouseEvent | TouchEvent) => boolean;
  readonly onStart: (p: DragPoint) => void;
  readonly onMove: (p: DragPoint) => void;
  readonly onEnd: (p: DragPoint) => void;
  /** the gesture was ended without its end (a second finger landed, a long press opened a menu) */
  readonly onCancel: () => void;
}

export interface PointerDragInstance {
  update(opts: Partial<Omit<PointerDragOptions, "element">>): void;
  /** ends the gesture in progress without its end event (the rest of its moves are ignored) */
  cancel(): void;
  destroy(): void;
}

/** A primary press: the left mouse button, or the first finger on a touch screen. */
const isPrimaryPress = (event: MouseEvent | TouchEvent) =>
  "touches" in event ? event.touches.length === 1 : event.button === 0;

export function createPointerDrag(options: PointerDragOptions): PointerDragInstance {
  let opts = options;
  const el = options.element;
  let start: { doc: Point; screen: Point; target: Element | null } | null = null;

  const point = (event: D3DragEvent<HTMLElement, unknown, unknown>): DragPoint => {
    const screen = { x: event.x, y: event.y };
    const s = start ?? { doc: screenToDoc(opts.getViewport(), screen), screen, target: null };
    return {
      doc: screenToDoc(opts.getViewport(), screen),
      screen,
      startDoc: s.doc,
      startScreen: s.screen,
      target: s.target,
      sourceEvent: event.sourceEvent as MouseEvent | TouchEvent,
    };
  };
  const cancel = () => {
    if (!start) return;
    start = null;
    opts.onCancel();
  };
  // a second finger: the pinch belongs to d3-zoom, which then keeps the first finger's moves and end
  // from d3-drag (seen here first: the listener is on an ancestor of the touched element, capturing)
  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length >= 2) cancel();
  };
  el.addEventListener("touchstart", onTouchStart, { capture: true, passive: true });

  const behaviour = d3drag<HTMLElement, unknown>()
    .container(() => el)
    .clickDistance(3)
    .filter((event: MouseEvent | TouchEvent) => isPrimaryPress(event) && opts.filter(event))
    .on("start", (event: D3DragEvent<HTMLElement, unknown, unknown>) => {
      const screen = { x: event.x, y: event.y };
      const src = event.sourceEvent as MouseEvent | TouchEvent;
      start = { doc: screenToDoc(opts.getViewport(), screen), screen, target: src.target as Element | null };
      opts.onStart(point(event));
    })
    .on("drag", (event: D3DragEvent<HTMLElement, unknown, unknown>) => {
      if (start) opts.onMove(point(event));
    })
    .on("end", (event: D3DragEvent<HTMLElement, unknown, unknown>) => {
      if (!start) return; // cancelled
      const p = point(event);
      start = null;
      opts.onEnd(p);
    });
  select(el).call(behaviour);

  return {
    update(next) {
      opts = { ...opts, ...next };
    },
    cancel,
    destroy() {
      el.removeEventListener("touchstart", onTouchStart, { capture: true });
      select(el).on(".drag", null);
    },
  };
}

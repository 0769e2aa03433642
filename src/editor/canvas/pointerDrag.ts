// d3-drag wrapped in a framework-free factory (after xyflow's XYDrag): reports each gesture on the
// canvas in document millimetres (and screen px), from start to end. The caller decides what a gesture
// means (move, resize, frame selection) from the start event's target.
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
  readonly sourceEvent: MouseEvent;
}

export interface PointerDragOptions {
  readonly element: HTMLElement;
  readonly getViewport: () => Viewport;
  /** should a press with this event start a gesture? (otherwise it falls through, e.g. to panning) */
  readonly filter: (event: MouseEvent) => boolean;
  readonly onStart: (p: DragPoint) => void;
  readonly onMove: (p: DragPoint) => void;
  readonly onEnd: (p: DragPoint) => void;
}

export interface PointerDragInstance {
  update(opts: Partial<Omit<PointerDragOptions, "element">>): void;
  destroy(): void;
}

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
      sourceEvent: event.sourceEvent as MouseEvent,
    };
  };

  const behaviour = d3drag<HTMLElement, unknown>()
    .container(() => el)
    .clickDistance(3)
    .filter((event: MouseEvent) => event.button === 0 && opts.filter(event))
    .on("start", (event: D3DragEvent<HTMLElement, unknown, unknown>) => {
      const screen = { x: event.x, y: event.y };
      const src = event.sourceEvent as MouseEvent;
      start = { doc: screenToDoc(opts.getViewport(), screen), screen, target: src.target as Element | null };
      opts.onStart(point(event));
    })
    .on("drag", (event: D3DragEvent<HTMLElement, unknown, unknown>) => opts.onMove(point(event)))
    .on("end", (event: D3DragEvent<HTMLElement, unknown, unknown>) => {
      const p = point(event);
      start = null;
      opts.onEnd(p);
    });
  select(el).call(behaviour);

  return {
    update(next) {
      opts = { ...opts, ...next };
    },
    destroy() {
      select(el).on(".drag", null);
    },
  };
}

// Pointer gestures on the canvas, as a state chart (tldraw SelectTool style):
// idle / pointingElement / dragging / resizing / pointingCanvas / frameSelecting / panning.
// Pointer events arrive in label mm from the d3 adapter; this machine only recognises gestures and
// reports them (`gesture.*`) to the parent given in the input (the editor) and as emitted events.
// Canvas lock decides what dragging empty canvas does: on → selection frame, off → pan.
// A press released within 300 ms is a click; Escape abandons a drag, resize or frame.
import { type AnyActorRef, and, assign, enqueueActions, setup } from "xstate";
import { CLICK_MAX_MS, PX_PER_MM } from "../src/model/constants";
import { type Box, boxFromPoints, type Point } from "../src/model/geometry";
import type { Handle } from "../src/model/ops/resize";

export type PointerTarget =
  | { readonly kind: "element"; readonly id: string }
  | { readonly kind: "handle"; readonly id: string; readonly handle: Handle }
  | { readonly kind: "canvas" };

export type CanvasInteractionEvent =
  | { type: "pointer.down"; point: Point; target: PointerTarget; ctrl?: boolean }
  | { type: "pointer.move"; point: Point }
  | { type: "pointer.up"; point?: Point }
  | { type: "key.escape" }
  | { type: "canvas.lock.set"; locked: boolean }
  | { type: "zoom.set"; zoom: number };

/** What the machine reports. Deltas are totals since pointer-down, in mm. */
export type GestureEvent =
  | { type: "gesture.pointElement"; id: string; ctrl: boolean }
  | { type: "gesture.click"; id: string | null; ctrl: boolean }
  | { type: "gesture.dragStart"; id: string }
  | { type: "gesture.drag"; delta: Point }
  | { type: "gesture.dragEnd" }
  | { type: "gesture.resizeStart"; id: string; handle: Handle }
  | { type: "gesture.resize"; id: string; handle: Handle; delta: Point }
  | { type: "gesture.resizeEnd" }
  | { type: "gesture.frame"; rect: Box }
  | { type: "gesture.frameEnd"; rect: Box; ctrl: boolean }
  | { type: "gesture.pan"; delta: Point }
  | { type: "gesture.panEnd" }
  | { type: "gesture.cancel" };

export interface CanvasInteractionContext {
  readonly parent: AnyActorRef | null;
  readonly canvasLock: boolean;
  /** canvas zoom, for the drag threshold in screen pixels */
  readonly zoom: number;
  readonly origin: Point;
  readonly last: Point;
  readonly target: PointerTarget | null;
  readonly ctrl: boolean;
}

/** Movement below this many screen pixels still counts as a press, so a shaky click does not drag. */
export const DRAG_THRESHOLD_PX = 2;

/** The drag threshold in label mm at a zoom. */
export function dragThresholdMm(zoom: number): number {
  return DRAG_THRESHOLD_PX / (PX_PER_MM * (Number.isFinite(zoom) && zoom > 0 ? zoom : 1));
}

const delta = (c: CanvasInteractionContext, p: Point): Point => ({
  x: p.x - c.origin.x,
  y: p.y - c.origin.y,
});

export const canvasInteractionMachine = setup({
  types: {
    context: {} as CanvasInteractionContext,
    events: {} as CanvasInteractionEvent,
    input: {} as { parent?: AnyActorRef; canvasLock?: boolean; zoom?: number } | undefined,
    emitted: {} as GestureEvent,
  },
  delays: { clickMax: CLICK_MAX_MS },
  actions: {
    report: enqueueActions(({ context, enqueue }, ev: GestureEvent) => {
      if (context.parent) enqueue.sendTo(context.parent, ev);
      enqueue.emit(ev);
    }),
    start: assign(({ event }) => {
      if (event.type !== "pointer.down") return {};
      return { origin: event.point, last: event.point, target: event.target, ctrl: event.ctrl === true };
    }),
    track: assign(({ event }) => (event.type === "pointer.move" ? { last: event.point } : {})),
  },
  guards: {
    onElement: ({ event }) => event.type === "pointer.down" && event.target.kind === "element",
    onHandle: ({ event }) => event.type === "pointer.down" && event.target.kind === "handle",
    canvasLocked: ({ context }) => context.canvasLock,
    movedEnough: ({ context, event }) =>
      event.type === "pointer.move" &&
      Math.hypot(event.point.x - context.origin.x, event.point.y - context.origin.y) >=
        dragThresholdMm(context.zoom),
  },
}).createMachine({
  id: "canvasInteraction",
  context: ({ input }) => ({
    parent: input?.parent ?? null,
    canvasLock: input?.canvasLock ?? true,
    zoom: input?.zoom ?? 1,
    origin: { x: 0, y: 0 },
    last: { x: 0, y: 0 },
    target: null,
    ctrl: false,
  }),
  initial: "idle",
  on: {
    "canvas.lock.set": { actions: assign({ canvasLock: ({ event }) => event.locked }) },
    "zoom.set": {
      actions: assign({
        zoom: ({ event, context }) =>
          Number.isFinite(event.zoom) && event.zoom > 0 ? event.zoom : context.zoom,
      }),
    },
  },
  states: {
    idle: {
      entry: assign({ target: null }),
      on: {
        "pointer.down": [
          { guard: "onHandle", target: "resizing", actions: "start" },
          { guard: "onElement", target: "pointingElement", actions: "start" },
          { target: "pointingCanvas", actions: "start" },
        ],
      },
    },
    pointingElement: {
      entry: {
        type: "report",
        params: ({ context }) =>
          ({ type: "gesture.pointElement", id: elementId(context), ctrl: context.ctrl }) as GestureEvent,
      },
      initial: "short",
      states: {
        // released within 300 ms: a click (Ctrl-click toggles the element in the selection)
        short: {
          after: { clickMax: "long" },
          on: {
            "pointer.up": {
              target: "#canvasInteraction.idle",
              actions: {
                type: "report",
                params: ({ context }) =>
                  ({ type: "gesture.click", id: elementId(context), ctrl: context.ctrl }) as GestureEvent,
              },
            },
          },
        },
        // a long press without movement is not a click; pointer-down already selected the element
        long: { on: { "pointer.up": "#canvasInteraction.idle" } },
      },
      on: {
        "pointer.move": { guard: "movedEnough", target: "dragging", actions: "track" },
        "key.escape": "idle",
      },
    },
    dragging: {
      entry: [
        {
          type: "report",
          params: ({ context }) => ({ type: "gesture.dragStart", id: elementId(context) }) as GestureEvent,
        },
        {
          type: "report",
          params: ({ context }) =>
            ({ type: "gesture.drag", delta: delta(context, context.last) }) as GestureEvent,
        },
      ],
      on: {
        "pointer.move": {
          actions: [
            "track",
            {
              type: "report",
              params: ({ context, event }) =>
                ({ type: "gesture.drag", delta: delta(context, event.point) }) as GestureEvent,
            },
          ],
        },
        "pointer.up": { target: "idle", actions: { type: "report", params: { type: "gesture.dragEnd" } } },
        "key.escape": { target: "idle", actions: { type: "report", params: { type: "gesture.cancel" } } },
      },
    },
    resizing: {
      entry: {
        type: "report",
        params: ({ context }) => {
          const t = context.target as Extract<PointerTarget, { kind: "handle" }>;
          return { type: "gesture.resizeStart", id: t.id, handle: t.handle } as GestureEvent;
        },
      },
      on: {
        "pointer.move": {
          actions: [
            "track",
            {
              type: "report",
              params: ({ context, event }) => {
                const t = context.target as Extract<PointerTarget, { kind: "handle" }>;
                return {
                  type: "gesture.resize",
                  id: t.id,
                  handle: t.handle,
                  delta: delta(context, event.point),
                } as GestureEvent;
              },
            },
          ],
        },
        "pointer.up": { target: "idle", actions: { type: "report", params: { type: "gesture.resizeEnd" } } },
        "key.escape": { target: "idle", actions: { type: "report", params: { type: "gesture.cancel" } } },
      },
    },
    // pressed on empty canvas: a click clears the selection, a drag frames or pans
    pointingCanvas: {
      on: {
        "pointer.move": [
          { guard: and(["movedEnough", "canvasLocked"]), target: "frameSelecting", actions: "track" },
          { guard: "movedEnough", target: "panning", actions: "track" },
        ],
        "pointer.up": {
          target: "idle",
          actions: {
            type: "report",
            params: ({ context }) =>
              ({ type: "gesture.click", id: null, ctrl: context.ctrl }) as GestureEvent,
          },
        },
        "key.escape": "idle",
      },
    },
    frameSelecting: {
      entry: {
        type: "report",
        params: ({ context }) =>
          ({ type: "gesture.frame", rect: boxFromPoints(context.origin, context.last) }) as GestureEvent,
      },
      on: {
        "pointer.move": {
          actions: [
            "track",
            {
              type: "report",
              params: ({ context, event }) =>
                ({ type: "gesture.frame", rect: boxFromPoints(context.origin, event.point) }) as GestureEvent,
            },
          ],
        },
        "pointer.up": {
          target: "idle",
          actions: {
            type: "report",
            params: ({ context, event }) =>
              ({
                type: "gesture.frameEnd",
                rect: boxFromPoints(context.origin, event.point ?? context.last),
                ctrl: context.ctrl,
              }) as GestureEvent,
          },
        },
        "key.escape": { target: "idle", actions: { type: "report", params: { type: "gesture.cancel" } } },
      },
    },
    panning: {
      entry: {
        type: "report",
        params: ({ context }) =>
          ({ type: "gesture.pan", delta: delta(context, context.last) }) as GestureEvent,
      },
      on: {
        "pointer.move": {
          actions: [
            "track",
            {
              type: "report",
              params: ({ context, event }) =>
                ({ type: "gesture.pan", delta: delta(context, event.point) }) as GestureEvent,
            },
          ],
        },
        "pointer.up": { target: "idle", actions: { type: "report", params: { type: "gesture.panEnd" } } },
        "key.escape": { target: "idle", actions: { type: "report", params: { type: "gesture.panEnd" } } },
      },
    },
  },
});

function elementId(c: CanvasInteractionContext): string {
  return c.target && c.target.kind !== "canvas" ? c.target.id : "";
}

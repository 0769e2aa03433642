// Pointer gestures on the canvas, as a state chart (tldraw SelectTool style):
// idle / pointingElement / dragging / resizing / pointingCanvas / frameSelecting / panning, and the
// selected table's own two: pickingCells (cells picked: presses inside it pick cells) and
// draggingBorder (an inner row or column line). The editor names those targets at pointer-down.
// Pointer events arrive in label mm from the d3 adapter; this machine only recognises gestures and
// reports them (`gesture.*`) to the parent given in the input (the editor) and as emitted events.
// Canvas lock decides what dragging empty canvas does: on → selection frame, off → pan.
// A press released within 300 ms is a click; Escape abandons a drag, resize or frame.
import { type AnyActorRef, and, assign, enqueueActions, setup } from "xstate";
import { CLICK_MAX_MS, PX_PER_MM } from "../src/model/constants";
import { type Box, boxFromPoints, type Point } from "../src/model/geometry";
import type { Border, Pos } from "../src/model/kinds/tableGrid";
import type { Handle } from "../src/model/ops/resize";

export type PointerTarget =
  /** `cell`: the cell of the selected table under the pointer, which a click picks */
  | { readonly kind: "element"; readonly id: string; readonly cell?: Pos }
  | { readonly kind: "handle"; readonly id: string; readonly handle: Handle }
  /** inside the selected table while cells are picked: the press picks cells */
  | { readonly kind: "cells"; readonly id: string; readonly cell: Pos }
  /** an inner row or column line of the selected table */
  | { readonly kind: "border"; readonly id: string; readonly border: Border }
  | { readonly kind: "canvas" };

export type CanvasInteractionEvent =
  /** ctrl: Ctrl or Cmd held; shift: Shift held (either adds to the selection) */
  | { type: "pointer.down"; point: Point; target: PointerTarget; ctrl?: boolean; shift?: boolean }
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
  | { type: "gesture.cellClick"; id: string; cell: Pos }
  | { type: "gesture.cellsPress"; id: string; cell: Pos; toggle: boolean; extend: boolean }
  | { type: "gesture.cellsDrag"; id: string; point: Point }
  | { type: "gesture.borderStart"; id: string; border: Border }
  | { type: "gesture.borderDrag"; id: string; border: Border; point: Point }
  | { type: "gesture.borderEnd" }
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
  /** Ctrl, Cmd or Shift: adds to the selection */
  readonly ctrl: boolean;
  /** Ctrl or Cmd (toggles a cell) and Shift (extends the cells from the anchor) */
  readonly toggle: boolean;
  readonly extend: boolean;
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
      const toggle = event.ctrl === true;
      const extend = event.shift === true;
      return {
        origin: event.point,
        last: event.point,
        target: event.target,
        ctrl: toggle || extend,
        toggle,
        extend,
      };
    }),
    track: assign(({ event }) => (event.type === "pointer.move" ? { last: event.point } : {})),
    reportCellClick: enqueueActions(({ context, enqueue }) => {
      const t = context.target;
      if (t?.kind !== "element" || !t.cell) return;
      const ev: GestureEvent = { type: "gesture.cellClick", id: t.id, cell: t.cell };
      if (context.parent) enqueue.sendTo(context.parent, ev);
      enqueue.emit(ev);
    }),
  },
  guards: {
    onElement: ({ event }) => event.type === "pointer.down" && event.target.kind === "element",
    onHandle: ({ event }) => event.type === "pointer.down" && event.target.kind === "handle",
    onCells: ({ event }) => event.type === "pointer.down" && event.target.kind === "cells",
    onBorder: ({ event }) => event.type === "pointer.down" && event.target.kind === "border",
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
    toggle: false,
    extend: false,
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
          { guard: "onBorder", target: "draggingBorder", actions: "start" },
          { guard: "onCells", target: "pickingCells", actions: "start" },
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
              actions: [
                {
                  type: "report",
                  params: ({ context }) =>
                    ({ type: "gesture.click", id: elementId(context), ctrl: context.ctrl }) as GestureEvent,
                },
                "reportCellClick",
              ],
            },
          },
        },
        // a long press without movement is not a click (pointer-down already selected the element),
        // but it still picks the selected table's cell under it
        long: { on: { "pointer.up": { target: "#canvasInteraction.idle", actions: "reportCellClick" } } },
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
      entry: { type: "report", params: ({ context }) => resizeReport(context, null) },
      on: {
        "pointer.move": {
          actions: [
            "track",
            { type: "report", params: ({ context, event }) => resizeReport(context, event.point) },
          ],
        },
        "pointer.up": { target: "idle", actions: { type: "report", params: { type: "gesture.resizeEnd" } } },
        "key.escape": { target: "idle", actions: { type: "report", params: { type: "gesture.cancel" } } },
      },
    },
    // cells of the selected table are picked: the press picks (click, Ctrl-click toggles, Shift-click
    // extends from the anchor) and dragging over cells picks the rectangle between
    pickingCells: {
      entry: {
        type: "report",
        params: ({ context }) => {
          const t = context.target as Extract<PointerTarget, { kind: "cells" }>;
          return {
            type: "gesture.cellsPress",
            id: t.id,
            cell: t.cell,
            toggle: context.toggle,
            extend: context.extend,
          } as GestureEvent;
        },
      },
      on: {
        "pointer.move": {
          actions: [
            "track",
            {
              type: "report",
              params: ({ context, event }) =>
                ({ type: "gesture.cellsDrag", id: elementId(context), point: event.point }) as GestureEvent,
            },
          ],
        },
        "pointer.up": "idle",
        "key.escape": "idle",
      },
    },
    // an inner line of the selected table follows the pointer; released, the two cells beside it
    // share their size (one history entry); Escape leaves the table as it was
    draggingBorder: {
      entry: { type: "report", params: ({ context }) => borderReport(context, null) },
      on: {
        "pointer.move": {
          actions: [
            "track",
            { type: "report", params: ({ context, event }) => borderReport(context, event.point) },
          ],
        },
        "pointer.up": { target: "idle", actions: { type: "report", params: { type: "gesture.borderEnd" } } },
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

/** A resize's start (no point yet) or its step to a point. */
function resizeReport(c: CanvasInteractionContext, p: Point | null): GestureEvent {
  const t = c.target as Extract<PointerTarget, { kind: "handle" }>;
  return p
    ? { type: "gesture.resize", id: t.id, handle: t.handle, delta: delta(c, p) }
    : { type: "gesture.resizeStart", id: t.id, handle: t.handle };
}

/** A table line's drag: its start, or the line moved to a point. */
function borderReport(c: CanvasInteractionContext, p: Point | null): GestureEvent {
  const t = c.target as Extract<PointerTarget, { kind: "border" }>;
  return p
    ? { type: "gesture.borderDrag", id: t.id, border: t.border, point: p }
    : { type: "gesture.borderStart", id: t.id, border: t.border };
}

function elementId(c: CanvasInteractionContext): string {
  return c.target && c.target.kind !== "canvas" ? c.target.id : "";
}

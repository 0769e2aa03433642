// The editor: holds the LabelDocument, the unsaved flag (IsDraw) and the clipboard, and composes
// the selection, history and canvas-interaction machines (stable systemIds: "selection",
// "history", "canvasInteraction"). Every document change goes through a pure op of src/model/ops
// (chosen in editor.ops.ts); its diff is recorded in history; refusals and success notes are
// emitted as `message` events. Persistence (canvasLock) is an injected action so the machine runs
// in plain vitest.
import { assign, enqueueActions, setup } from "xstate";
import { elementsInFrame } from "../src/model/geometry";
import {
  copyElements,
  deleteElements,
  deleteElementsConfirmed,
  type Handle,
  isRefusal,
  type OpResult,
} from "../src/model/ops";
import { MSG } from "../src/model/ops/messages";
import { normalizeResult } from "../src/model/ops/normalize";
import type { LabelDocument } from "../src/model/types";
import { isMirrorCopy } from "../src/model/types";
import { type CanvasInteractionEvent, canvasInteractionMachine } from "./canvasInteraction.machine";
import { cancelGesture, dragFrame, resizeFrame, startDrag, startResize } from "./editor.gestures";
import { OP_EVENTS, opFor } from "./editor.ops";
import {
  borderDrag,
  cellPick,
  cellsAfterClick,
  cellsDrag,
  cellsPress,
  pressTarget,
} from "./editor.tableCells";
import {
  type EditorContext,
  type EditorEmitted,
  type EditorEnv,
  type EditorEvent,
  type EditorInput,
  selectionOf,
} from "./editor.types";
import { historyMachine } from "./history.machine";
import { type SelectionEvent, selectionMachine } from "./selection.machine";

export type { EditorContext, EditorEmitted, EditorEvent, EditorInput } from "./editor.types";
export { selectionOf, shouldWarnOnLeave } from "./editor.types";

function nonMirrorIds(doc: LabelDocument): string[] {
  return doc.elements.filter((e) => !isMirrorCopy(e)).map((e) => e.Id);
}

/**
 * No fonts to measure with, no workbook, no encoder (a test, the command line): every box stays as
 * the op made it and spreadsheet values stay as stored.
 */
const BARE_ENV: EditorEnv = {
  measureText: () => ({}),
  sheets: () => new Map(),
  keepCodeX: (_before, after) => after,
};

/** Events the editor passes on unchanged to a child: the selection, or the gesture recogniser. */
const TO_SELECTION = ["selection.set"] as const satisfies readonly SelectionEvent["type"][];
const TO_CANVAS = ["pointer.move", "pointer.up"] as const satisfies readonly CanvasInteractionEvent["type"][];
export const editorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
    emitted: {} as EditorEmitted,
  },
  actors: {
    selection: selectionMachine,
    history: historyMachine,
    canvasInteraction: canvasInteractionMachine,
  },
  actions: {
    /** persists the canvas lock (localStorage "canvasLock" in the app) */
    persistCanvasLock: (_, _params: { locked: boolean }) => {},
    /** runs the op the event asks for and applies / records / reports its result */
    runOp: enqueueActions(({ context, event, enqueue }) => {
      let r: ReturnType<typeof opFor>;
      try {
        r = opFor(context, event);
        if (r && !isRefusal(r)) r = normalizeResult(context.doc, r, context.env);
      } catch (err) {
        // a malformed element must never stop the editor (and lose the label): refuse instead
        console.error("editor op failed", event.type, err);
        enqueue.emit({ type: "message", key: MSG.failed, level: "error" });
        return;
      }
      if (!r) return;
      if (isRefusal(r)) {
        enqueue.emit({ type: "message", key: r.refused, level: "error" });
        return;
      }
      const changed = r.doc !== context.doc;
      if (changed) {
        enqueue.assign({ doc: r.doc, dirty: true });
        enqueue.sendTo(context.history, {
          type: "history.record",
          diff: r.diff,
          kind: r.kind,
          op: event.type,
        });
      }
      if (event.type === "clipboard.paste") enqueue.assign({ pasteCount: context.pasteCount + 1 });
      if (r.select) enqueue.sendTo(context.selection, { type: "selection.set", ids: r.select });
      else {
        // elements an op removed leave the selection
        const gone = Object.keys(r.diff.removed);
        if (gone.length > 0) enqueue.sendTo(context.selection, { type: "selection.remove", ids: gone });
      }
      if (r.message) enqueue.emit({ type: "message", key: r.message, level: "success" });
      if (r.warning) enqueue.emit({ type: "message", key: r.warning, level: "warning" });
    }),
    /** pointer-up of a drag or resize: the whole gesture becomes one history entry */
    endGesture: enqueueActions(({ context, enqueue }) => {
      const g = context.gesture;
      if (g) {
        if (context.doc !== g.base) enqueue.assign({ dirty: true });
        enqueue.sendTo(context.history, { type: "history.commit", doc: context.doc, op: g.op });
      }
      enqueue.assign({ gesture: null, guides: [] });
    }),
    /** applies a delete (plain or confirmed): one history entry, and the selection empties */
    applyDelete: enqueueActions(({ context, enqueue }, params: { result: OpResult }) => {
      const r = params.result;
      if (isRefusal(r)) {
        enqueue.emit({ type: "message", key: r.refused, level: "error" });
        return;
      }
      enqueue.assign({ doc: r.doc, dirty: true });
      enqueue.sendTo(context.history, {
        type: "history.record",
        diff: r.diff,
        kind: r.kind,
        op: "elements.delete",
      });
      enqueue.sendTo(context.selection, { type: "selection.clear" });
    }),
    forwardToSelection: enqueueActions(({ context, event, enqueue }) =>
      enqueue.sendTo(context.selection, event as SelectionEvent),
    ),
    forwardToCanvas: enqueueActions(({ context, event, enqueue }) =>
      enqueue.sendTo(context.canvas, event as CanvasInteractionEvent),
    ),
    /** a press goes to the gesture recogniser with what it is on (the selected table's line or cell) */
    forwardPointerDown: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "pointer.down") return;
      enqueue.sendTo(context.canvas, { ...event, target: pressTarget(context, event) });
    }),
    clearCells: assign({ cells: null, cellDrag: null }),
    /** undo or redo: history answers with history.applied */
    historyStep: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === "history.undo" || event.type === "history.redo")
        enqueue.sendTo(context.history, { type: event.type, doc: context.doc });
    }),
    copy: enqueueActions(({ context, enqueue }) => {
      const r = copyElements(context.doc, selectionOf(context));
      if ("refused" in r) {
        enqueue.emit({ type: "message", key: r.refused, level: "error" });
        return;
      }
      enqueue.assign({ clipboard: r.clipboard, pasteCount: 0 });
      enqueue.emit({ type: "message", key: r.message, level: "success" });
    }),
  },
  guards: {
    deleteNeedsConfirm: ({ context }) => {
      const r = deleteElements(context.doc, selectionOf(context));
      return isRefusal(r) && r.needsConfirm === true;
    },
  },
}).createMachine({
  id: "editor",
  context: ({ input, spawn, self }) => ({
    // the table's cell pick first: the in-app inspector shows the first 4,000 characters of a
    // context, which the document alone fills
    cells: null,
    cellDrag: null,
    borderDrag: null,
    doc: input.doc,
    dirty: false,
    clipboard: null,
    pasteCount: 0,
    canvasLock: input.canvasLock ?? true,
    zoom: input.zoom ?? 1,
    guides: [],
    frame: null,
    gesture: null,
    env: { ...BARE_ENV, ...input.env },
    pendingDelete: [],
    selection: spawn("selection", {
      id: "selection",
      systemId: "selection",
      input: { ids: [], parent: self },
    }),
    history: spawn("history", { id: "history", systemId: "history", input: { parent: self } }),
    canvas: spawn("canvasInteraction", {
      id: "canvasInteraction",
      systemId: "canvasInteraction",
      input: { parent: self, canvasLock: input.canvasLock ?? true, zoom: input.zoom ?? 1 },
    }),
  }),
  initial: "ready",
  on: {
    "doc.saved": { actions: assign({ dirty: false }) },
    // the picked cells belong to the one selected table: any other selection ends them
    "selection.changed": {
      guard: ({ context, event }) =>
        context.cells !== null && !(event.ids.length === 1 && event.ids[0] === context.cells.tableId),
      actions: "clearCells",
    },
    "zoom.set": {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!Number.isFinite(event.zoom) || event.zoom <= 0) return;
        enqueue.assign({ zoom: event.zoom });
        enqueue.sendTo(context.canvas, { type: "zoom.set", zoom: event.zoom });
      }),
    },
    "canvas.lock.toggle": {
      actions: enqueueActions(({ context, enqueue }) => {
        const locked = !context.canvasLock;
        enqueue.assign({ canvasLock: locked });
        enqueue.sendTo(context.canvas, { type: "canvas.lock.set", locked });
        enqueue({ type: "persistCanvasLock", params: { locked } });
      }),
    },
  },
  states: {
    ready: {
      on: {
        "doc.load": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ doc: event.doc, dirty: false, guides: [], frame: null, gesture: null });
            enqueue.sendTo(context.history, { type: "history.clear" });
            enqueue.sendTo(context.selection, { type: "selection.clear" });
          }),
        },
        ...Object.fromEntries(OP_EVENTS.map((t) => [t, { actions: "runOp" }])),
        "clipboard.copy": { actions: "copy" },
        "elements.delete": [
          {
            guard: "deleteNeedsConfirm",
            target: "confirmingDelete",
            actions: assign({ pendingDelete: ({ context }) => [...selectionOf(context)] }),
          },
          {
            actions: {
              type: "applyDelete",
              params: ({ context }) => ({ result: deleteElements(context.doc, selectionOf(context)) }),
            },
          },
        ],
        "history.undo": { actions: "historyStep" },
        "history.redo": { actions: "historyStep" },
        "history.applied": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ doc: event.doc, dirty: true });
            enqueue.sendTo(context.selection, { type: "selection.clear" });
          }),
        },
        "history.restored": { actions: assign({ doc: ({ event }) => event.doc }) },
        // selection
        ...Object.fromEntries(TO_SELECTION.map((t) => [t, { actions: "forwardToSelection" }])),
        "selection.all": {
          actions: enqueueActions(({ context, enqueue }) =>
            enqueue.sendTo(context.selection, { type: "selection.all", ids: nonMirrorIds(context.doc) }),
          ),
        },
        // pointer input goes to the gesture recogniser
        ...Object.fromEntries(TO_CANVAS.map((t) => [t, { actions: "forwardToCanvas" }])),
        "pointer.down": { actions: "forwardPointerDown" },
        // Escape also ends the cell selection
        "key.escape": { actions: ["forwardToCanvas", "clearCells"] },
        // the table cell selection (canvas gestures below, the panel's grid here)
        "table.cells.pick": {
          actions: assign({
            cells: ({ event }) => cellPick(event.id, event.cells, event.anchor ?? event.cells[0] ?? null),
            cellDrag: null,
          }),
        },
        "table.cells.click": {
          actions: assign({
            cells: ({ context, event }) =>
              cellsAfterClick(context, event.id, event.cell, event) ?? context.cells,
          }),
        },
        "gesture.cellClick": {
          actions: assign({
            cells: ({ event }) => cellPick(event.id, [event.cell], event.cell),
          }),
        },
        "gesture.cellsPress": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const next = cellsPress(context, event);
            if (next) enqueue.assign(next);
          }),
        },
        "gesture.cellsDrag": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const next = cellsDrag(context, event.id, event.point);
            if (next) enqueue.assign(next);
          }),
        },
        "gesture.borderStart": { actions: assign({ borderDrag: null }) },
        "gesture.borderDrag": {
          actions: assign({
            borderDrag: ({ context, event }) => borderDrag(context, event.id, event.border, event.point),
          }),
        },
        // released: the two cells beside the line share their size (one history entry), unless reverted
        "gesture.borderEnd": { actions: ["runOp", assign({ borderDrag: null })] },
        // gestures reported back by the recogniser
        "gesture.pointElement": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (!event.ctrl && !selectionOf(context).includes(event.id)) {
              enqueue.sendTo(context.selection, { type: "selection.set", ids: [event.id] });
            }
          }),
        },
        "gesture.click": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (event.id === null) {
              if (!event.ctrl) enqueue.sendTo(context.selection, { type: "selection.clear" });
            } else if (event.ctrl)
              enqueue.sendTo(context.selection, { type: "selection.toggle", id: event.id });
            else enqueue.sendTo(context.selection, { type: "selection.set", ids: [event.id] });
          }),
        },
        "gesture.dragStart": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            // pointer-down selected the element unless Ctrl was held; the drag moves the selection
            const sel = selectionOf(context);
            const g = startDrag(context.doc, sel.includes(event.id) ? sel : [event.id]);
            if ("refused" in g) {
              enqueue.emit({ type: "message", key: g.refused, level: "error" });
              return;
            }
            enqueue.assign({ gesture: g });
            enqueue.sendTo(context.history, { type: "history.begin", doc: context.doc });
          }),
        },
        "gesture.drag": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const frame = context.gesture && dragFrame(context.gesture, event.delta, context.zoom);
            // frames skip the diff: history squashes the whole drag at pointer-up
            if (frame) enqueue.assign({ doc: frame.doc, guides: frame.guides });
          }),
        },
        "gesture.resizeStart": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const g = startResize(context.doc, event.id);
            if ("refused" in g) {
              enqueue.emit({ type: "message", key: g.refused, level: "error" });
              return;
            }
            enqueue.assign({ gesture: g });
            enqueue.sendTo(context.history, { type: "history.begin", doc: context.doc });
          }),
        },
        "gesture.resize": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const g = context.gesture;
            if (!g) return;
            let doc: LabelDocument | null;
            try {
              doc = resizeFrame(g, event.id, event.handle as Handle, event.delta, context.env);
            } catch (err) {
              console.error("resize failed", err);
              return;
            }
            if (doc) enqueue.assign({ doc });
          }),
        },
        "gesture.dragEnd": { actions: "endGesture" },
        "gesture.resizeEnd": { actions: "endGesture" },
        "gesture.cancel": {
          actions: enqueueActions(({ context, enqueue }) => {
            if (context.gesture) {
              enqueue.assign({ doc: cancelGesture(context.gesture) });
              enqueue.sendTo(context.history, { type: "history.abandon", doc: context.doc });
            }
            enqueue.assign({ gesture: null, guides: [], frame: null, borderDrag: null });
          }),
        },
        "gesture.frame": { actions: assign({ frame: ({ event }) => event.rect }) },
        "gesture.frameEnd": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const ids = elementsInFrame(context.doc.elements, event.rect);
            enqueue.sendTo(
              context.selection,
              event.ctrl ? { type: "selection.add", ids } : { type: "selection.set", ids },
            );
            enqueue.assign({ frame: null });
          }),
        },
        "gesture.pan": {
          actions: enqueueActions(({ event, enqueue }) => enqueue.emit({ type: "pan", delta: event.delta })),
        },
      },
    },
    // "Other elements reference this one; delete anyway?" (tip77, title tip71)
    confirmingDelete: {
      on: {
        "confirm.accept": {
          target: "ready",
          actions: [
            {
              type: "applyDelete",
              params: ({ context }) => ({
                result: deleteElementsConfirmed(context.doc, context.pendingDelete),
              }),
            },
            assign({ pendingDelete: [] }),
          ],
        },
        "confirm.cancel": { target: "ready", actions: assign({ pendingDelete: [] }) },
      },
    },
  },
});

// The editor: holds the LabelDocument, the unsaved flag (IsDraw) and the clipboard, and composes
// the selection, history and canvas-interaction machines (stable systemIds: "selection",
// "history", "canvasInteraction"). Every document change goes through a pure op of src/model/ops;
// its diff is recorded in history; refusals and success notes are emitted as `message` events.
// Persistence (canvasLock) is an injected action so the machine runs in plain vitest.
import { type ActorRefFrom, assign, enqueueActions, setup } from "xstate";
import { SNAP_DISTANCE } from "../src/model/constants";
import {
  type Box,
  elementBox,
  elementsInFrame,
  type Point,
  unionBox,
  unitsToMm,
} from "../src/model/geometry";
import {
  type Alignment,
  addNewElement,
  alignElements,
  bringToTop,
  type Clipboard,
  copyElements,
  type DistributeAxis,
  deleteElements,
  deleteElementsConfirmed,
  deleteTableColumn,
  deleteTableRow,
  distributeElements,
  type Handle,
  insertTableColumn,
  insertTableRow,
  isRefusal,
  mergeTableCells,
  moveElements,
  type NewElementOptions,
  type OpResult,
  pasteElements,
  resizeElement,
  rotateElements,
  selectedTable,
  sendToBottom,
  splitTableCell,
  toggleAntiMirror,
  toggleLock,
  toggleMirror,
  updateElement,
  updateElements,
  updateLabelAttrs,
  updateSelected,
  updateTableCells,
} from "../src/model/ops";
import { MSG } from "../src/model/ops/messages";
import { type Guide, snapMove } from "../src/model/snap";
import type { ElementType, LabelAttrs, LabelDocument, LabelElement, TableCell } from "../src/model/types";
import { isMirrorCopy } from "../src/model/types";
import {
  type CanvasInteractionEvent,
  canvasInteractionMachine,
  type GestureEvent,
} from "./canvasInteraction.machine";
import { type HistoryReply, historyMachine } from "./history.machine";
import { type SelectionEvent, selectionMachine } from "./selection.machine";

type Cell = readonly [number, number];

/** Events the editor screen sends. Coordinates are label mm unless named "units". */
export type EditorEvent =
  | { type: "doc.load"; doc: LabelDocument }
  | { type: "doc.saved" }
  | { type: "doc.apply"; op: (doc: LabelDocument, selection: readonly string[]) => OpResult }
  | ({ type: "element.add"; elementType: ElementType } & NewElementOptions)
  | { type: "element.update"; id: string; patch: Partial<LabelElement> }
  | { type: "elements.update"; patches: readonly { id: string; patch: Partial<LabelElement> }[] }
  | { type: "selection.update"; patch: Partial<LabelElement> }
  | { type: "table.cells.update"; id: string; cells: readonly Cell[]; patch: Partial<TableCell> }
  | { type: "label.update"; patch: Partial<LabelAttrs> }
  | { type: "elements.delete" }
  | { type: "confirm.accept" }
  | { type: "confirm.cancel" }
  | { type: "elements.nudge"; dx: number; dy: number }
  | { type: "elements.align"; how: Alignment }
  | { type: "elements.distribute"; axis: DistributeAxis }
  | { type: "elements.order"; to: "top" | "bottom" }
  | { type: "elements.rotate"; rotate: 0 | 90 | 180 | 270 }
  | { type: "elements.lock.toggle" }
  | { type: "elements.mirror.toggle" }
  | { type: "elements.antiMirror.toggle" }
  | { type: "clipboard.copy" }
  | { type: "clipboard.paste" }
  | { type: "table.row.insert"; at?: number }
  | { type: "table.row.delete"; index?: number }
  | { type: "table.column.insert"; at?: number }
  | { type: "table.column.delete"; index?: number }
  | { type: "table.cells.merge"; cells: readonly Cell[] }
  | { type: "table.cells.split"; cells: readonly Cell[] }
  | { type: "history.undo" }
  | { type: "history.redo" }
  | { type: "selection.all" }
  | { type: "canvas.lock.toggle" }
  | { type: "zoom.set"; zoom: number }
  | Exclude<SelectionEvent, { type: "selection.all" }>
  | CanvasInteractionEvent
  | GestureEvent
  | HistoryReply;

export type EditorEmitted =
  | { type: "message"; key: string; level: "error" | "success" | "info" }
  | { type: "pan"; delta: Point };

/** A drag or resize in progress: the document at pointer-down and what it moves. */
interface Gesture {
  readonly base: LabelDocument;
  readonly ids: readonly string[];
  readonly box: Box | null;
  readonly others: readonly Box[];
}

export interface EditorContext {
  readonly doc: LabelDocument;
  /** unsaved changes (spec IsDraw) */
  readonly isDraw: boolean;
  readonly clipboard: Clipboard | null;
  /** pastes of the current clipboard so far (each steps another 20 units) */
  readonly pasteCount: number;
  readonly canvasLock: boolean;
  readonly zoom: number;
  /** snap guides to draw while dragging */
  readonly guides: readonly Guide[];
  /** the selection frame being drawn */
  readonly frame: Box | null;
  readonly gesture: Gesture | null;
  /** ids waiting for the delete-referenced confirmation */
  readonly pendingDelete: readonly string[];
  readonly selection: ActorRefFrom<typeof selectionMachine>;
  readonly history: ActorRefFrom<typeof historyMachine>;
  readonly canvas: ActorRefFrom<typeof canvasInteractionMachine>;
}

export interface EditorInput {
  readonly doc: LabelDocument;
  readonly canvasLock?: boolean;
  readonly zoom?: number;
}

/** Selected ids right now (the selection actor's context). */
export function selectionOf(c: Pick<EditorContext, "selection">): readonly string[] {
  return c.selection.getSnapshot().context.ids;
}

/** The browser should warn before leaving: unsaved changes and at least one element. */
export function shouldWarnOnLeave(c: Pick<EditorContext, "isDraw" | "doc">): boolean {
  return c.isDraw && c.doc.elements.length > 0;
}

function nonMirrorIds(doc: LabelDocument): string[] {
  return doc.elements.filter((e) => !isMirrorCopy(e)).map((e) => e.Id);
}

/** The result of the op an event asks for (null: not an op event). */
function opFor(context: EditorContext, event: EditorEvent): OpResult | null {
  const doc = context.doc;
  const sel = selectionOf(context);
  switch (event.type) {
    case "doc.apply":
      return event.op(doc, sel);
    case "element.add": {
      const { type: _t, elementType, ...opts } = event;
      return addNewElement(doc, elementType, opts);
    }
    case "element.update":
      return updateElement(doc, event.id, event.patch);
    case "elements.update":
      return updateElements(doc, event.patches);
    case "selection.update":
      return updateSelected(doc, sel, event.patch);
    case "table.cells.update":
      return updateTableCells(doc, event.id, event.cells, event.patch);
    case "label.update":
      return updateLabelAttrs(doc, event.patch);
    case "elements.nudge":
      return moveElements(doc, sel, unitsToMm(event.dx), unitsToMm(event.dy));
    case "elements.align":
      return alignElements(doc, sel, event.how);
    case "elements.distribute":
      return distributeElements(doc, sel, event.axis);
    case "elements.order":
      return event.to === "top" ? bringToTop(doc, sel) : sendToBottom(doc, sel);
    case "elements.rotate":
      return rotateElements(doc, sel, event.rotate);
    case "elements.lock.toggle":
      return toggleLock(doc, sel);
    case "elements.mirror.toggle":
      return toggleMirror(doc, sel);
    case "elements.antiMirror.toggle":
      return toggleAntiMirror(doc, sel);
    case "clipboard.paste":
      return pasteElements(doc, context.clipboard, context.pasteCount + 1);
    case "table.row.insert":
    case "table.row.delete":
    case "table.column.insert":
    case "table.column.delete":
    case "table.cells.merge":
    case "table.cells.split": {
      const t = selectedTable(doc, sel);
      if ("refused" in t) return t;
      if (event.type === "table.row.insert") return insertTableRow(doc, t.Id, event.at ?? t.Row);
      if (event.type === "table.row.delete") return deleteTableRow(doc, t.Id, event.index ?? t.Row - 1);
      if (event.type === "table.column.insert") return insertTableColumn(doc, t.Id, event.at ?? t.Column);
      if (event.type === "table.column.delete")
        return deleteTableColumn(doc, t.Id, event.index ?? t.Column - 1);
      if (event.type === "table.cells.merge") return mergeTableCells(doc, t.Id, event.cells);
      return splitTableCell(doc, t.Id, event.cells);
    }
    default:
      return null;
  }
}

const OP_EVENTS = [
  "doc.apply",
  "element.add",
  "element.update",
  "elements.update",
  "selection.update",
  "table.cells.update",
  "label.update",
  "elements.nudge",
  "elements.align",
  "elements.distribute",
  "elements.order",
  "elements.rotate",
  "elements.lock.toggle",
  "elements.mirror.toggle",
  "elements.antiMirror.toggle",
  "clipboard.paste",
  "table.row.insert",
  "table.row.delete",
  "table.column.insert",
  "table.column.delete",
  "table.cells.merge",
  "table.cells.split",
] as const;

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
      const r = opFor(context, event);
      if (!r) return;
      if (isRefusal(r)) {
        enqueue.emit({ type: "message", key: r.refused, level: "error" });
        return;
      }
      const changed = r.doc !== context.doc;
      if (changed) {
        enqueue.assign({ doc: r.doc, isDraw: true });
        enqueue.sendTo(context.history, { type: "history.record", diff: r.diff, kind: r.kind });
      }
      if (event.type === "clipboard.paste") enqueue.assign({ pasteCount: context.pasteCount + 1 });
      if (r.select) enqueue.sendTo(context.selection, { type: "selection.set", ids: r.select });
      else {
        // elements an op removed leave the selection
        const gone = Object.keys(r.diff.removed);
        if (gone.length > 0) enqueue.sendTo(context.selection, { type: "selection.remove", ids: gone });
      }
      if (r.message) enqueue.emit({ type: "message", key: r.message, level: "success" });
    }),
    /** pointer-up of a drag or resize: the whole gesture becomes one history entry */
    endGesture: enqueueActions(({ context, enqueue }) => {
      const g = context.gesture;
      if (g) {
        if (context.doc !== g.base) enqueue.assign({ isDraw: true });
        enqueue.sendTo(context.history, { type: "history.commit", doc: context.doc });
      }
      enqueue.assign({ gesture: null, guides: [] });
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
    doc: input.doc,
    isDraw: false,
    clipboard: null,
    pasteCount: 0,
    canvasLock: input.canvasLock ?? true,
    zoom: input.zoom ?? 1,
    guides: [],
    frame: null,
    gesture: null,
    pendingDelete: [],
    selection: spawn("selection", { id: "selection", systemId: "selection", input: { ids: [] } }),
    history: spawn("history", { id: "history", systemId: "history", input: { parent: self } }),
    canvas: spawn("canvasInteraction", {
      id: "canvasInteraction",
      systemId: "canvasInteraction",
      input: { parent: self, canvasLock: input.canvasLock ?? true },
    }),
  }),
  initial: "ready",
  on: {
    "doc.saved": { actions: assign({ isDraw: false }) },
    "zoom.set": {
      actions: assign({
        zoom: ({ event, context }) =>
          Number.isFinite(event.zoom) && event.zoom > 0 ? event.zoom : context.zoom,
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
            enqueue.assign({ doc: event.doc, isDraw: false, guides: [], frame: null, gesture: null });
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
            actions: enqueueActions(({ context, enqueue }) => {
              const r = deleteElements(context.doc, selectionOf(context));
              if (isRefusal(r)) {
                enqueue.emit({ type: "message", key: r.refused, level: "error" });
                return;
              }
              enqueue.assign({ doc: r.doc, isDraw: true });
              enqueue.sendTo(context.history, { type: "history.record", diff: r.diff, kind: r.kind });
              enqueue.sendTo(context.selection, { type: "selection.clear" });
            }),
          },
        ],
        "history.undo": {
          actions: enqueueActions(({ context, enqueue }) =>
            enqueue.sendTo(context.history, { type: "history.undo", doc: context.doc }),
          ),
        },
        "history.redo": {
          actions: enqueueActions(({ context, enqueue }) =>
            enqueue.sendTo(context.history, { type: "history.redo", doc: context.doc }),
          ),
        },
        "history.applied": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ doc: event.doc, isDraw: true });
            enqueue.sendTo(context.selection, { type: "selection.clear" });
          }),
        },
        "history.restored": { actions: assign({ doc: ({ event }) => event.doc }) },
        // selection
        "selection.all": {
          actions: enqueueActions(({ context, enqueue }) =>
            enqueue.sendTo(context.selection, { type: "selection.all", ids: nonMirrorIds(context.doc) }),
          ),
        },
        "selection.set": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.selection, event)),
        },
        "selection.add": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.selection, event)),
        },
        "selection.toggle": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.selection, event)),
        },
        "selection.remove": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.selection, event)),
        },
        "selection.clear": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.selection, event)),
        },
        // pointer input goes to the gesture recogniser
        "pointer.down": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.canvas, event)),
        },
        "pointer.move": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.canvas, event)),
        },
        "pointer.up": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.canvas, event)),
        },
        "key.escape": {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.canvas, event)),
        },
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
            const ids = sel.includes(event.id) ? sel : [event.id];
            const wanted = new Set(ids);
            const moving = context.doc.elements.filter(
              (e) => wanted.has(e.Id) && !e.Lock && !isMirrorCopy(e),
            );
            if (moving.length === 0) {
              enqueue.emit({ type: "message", key: MSG.cannotDrag, level: "error" });
              return;
            }
            const movingIds = new Set(moving.map((e) => e.Id));
            const others = context.doc.elements
              .filter((e) => !movingIds.has(e.Id) && !isMirrorCopy(e))
              .map(elementBox);
            enqueue.assign({
              gesture: {
                base: context.doc,
                ids: [...movingIds],
                box: unionBox(moving.map(elementBox)),
                others,
              },
            });
            enqueue.sendTo(context.history, { type: "history.begin", doc: context.doc });
          }),
        },
        "gesture.drag": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const g = context.gesture;
            if (!g?.box) return;
            const threshold = unitsToMm(SNAP_DISTANCE) / (context.zoom || 1);
            const s = snapMove(
              g.box,
              event.delta,
              { canvas: context.doc.attrs, others: g.others },
              threshold,
            );
            const r = moveElements(g.base, g.ids, s.dx, s.dy);
            if (isRefusal(r)) return;
            enqueue.assign({ doc: r.doc, guides: s.guides });
          }),
        },
        "gesture.resizeStart": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const el = context.doc.elements.find((e) => e.Id === event.id);
            if (!el || el.Lock) {
              enqueue.emit({ type: "message", key: MSG.locked, level: "error" });
              return;
            }
            enqueue.assign({ gesture: { base: context.doc, ids: [event.id], box: null, others: [] } });
            enqueue.sendTo(context.history, { type: "history.begin", doc: context.doc });
          }),
        },
        "gesture.resize": {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const g = context.gesture;
            if (!g) return;
            const r = resizeElement(g.base, event.id, event.handle as Handle, event.delta);
            if (!isRefusal(r)) enqueue.assign({ doc: r.doc });
          }),
        },
        "gesture.dragEnd": { actions: "endGesture" },
        "gesture.resizeEnd": { actions: "endGesture" },
        "gesture.cancel": {
          actions: enqueueActions(({ context, enqueue }) => {
            if (context.gesture) {
              enqueue.assign({ doc: context.gesture.base });
              enqueue.sendTo(context.history, { type: "history.abandon", doc: context.doc });
            }
            enqueue.assign({ gesture: null, guides: [], frame: null });
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
          actions: enqueueActions(({ context, enqueue }) => {
            const r = deleteElementsConfirmed(context.doc, context.pendingDelete);
            enqueue.assign({ pendingDelete: [] });
            if (isRefusal(r)) {
              enqueue.emit({ type: "message", key: r.refused, level: "error" });
              return;
            }
            enqueue.assign({ doc: r.doc, isDraw: true });
            enqueue.sendTo(context.history, { type: "history.record", diff: r.diff, kind: r.kind });
            enqueue.sendTo(context.selection, { type: "selection.clear" });
          }),
        },
        "confirm.cancel": { target: "ready", actions: assign({ pendingDelete: [] }) },
      },
    },
  },
});

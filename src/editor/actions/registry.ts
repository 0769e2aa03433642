// Every editor action, by id. Each one sends an event to the editor machine, which runs the pure op of
// src/model/ops, records history and emits the op's message (tip108 nothing selected, tip109 locked, …).

import type { EditorEvent } from "../../../machines/editor.machine";
import { ARROW_MOVE } from "../../model/constants";
import type { Alignment } from "../../model/ops/align";
import { tableTarget } from "./tableTarget";
import type { ActionContext, EditorAction } from "./types";

const send = (ctx: ActionContext, event: EditorEvent) => ctx.store.send(event);
const target = (ctx: ActionContext) => tableTarget(ctx.store.get());
const hasSelection = (ctx: ActionContext) => ctx.store.get().selection.length > 0;

const align = (how: Alignment, icon: string): EditorAction => ({
  id: `align.${how}`,
  labelKey: `editor.action.align.${how}`,
  icon,
  predicate: hasSelection,
  perform: (ctx) => send(ctx, { type: "elements.align", how }),
});

/** Arrow keys move the selection by 1 unit (spec §9 ARROW_MOVE), a unit being ARROW_STEP_MM. */
const arrow = (key: string, dx: number, dy: number): EditorAction => ({
  id: `move.${key}`,
  labelKey: `editor.action.move.${key}`,
  kbd: [{ key: `Arrow${key[0].toUpperCase()}${key.slice(1)}` }],
  predicate: hasSelection,
  perform: (ctx) => send(ctx, { type: "elements.nudge", dx: dx * ARROW_MOVE, dy: dy * ARROW_MOVE }),
});

export const ACTIONS: readonly EditorAction[] = [
  {
    id: "canvasLock",
    labelKey: "editor.action.canvasLock",
    icon: "canvasLock",
    active: (ctx) => ctx.store.get().canvasLock,
    perform: (ctx) => send(ctx, { type: "canvas.lock.toggle" }),
  },
  {
    id: "lock",
    labelKey: "editor.action.lock",
    icon: "lock",
    kbd: [{ key: "l", mod: true }],
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.lock.toggle" }),
  },
  {
    id: "mirror",
    labelKey: "editor.action.mirror",
    icon: "mirror",
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.mirror.toggle" }),
  },
  {
    id: "rotate.cw",
    labelKey: "editor.action.rotate.cw",
    icon: "rotateCw",
    kbd: [{ key: "r", mod: true }],
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.rotate.by", by: 90 }),
  },
  {
    id: "rotate.ccw",
    labelKey: "editor.action.rotate.ccw",
    icon: "rotateCcw",
    kbd: [{ key: "r", mod: true, shift: true }],
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.rotate.by", by: -90 }),
  },
  {
    id: "undo",
    labelKey: "editor.action.undo",
    icon: "undo",
    kbd: [{ key: "z", mod: true }],
    predicate: (ctx) => ctx.store.get().canUndo,
    perform: (ctx) => send(ctx, { type: "history.undo" }),
  },
  {
    id: "redo",
    labelKey: "editor.action.redo",
    icon: "redo",
    kbd: [{ key: "y", mod: true }],
    predicate: (ctx) => ctx.store.get().canRedo,
    perform: (ctx) => send(ctx, { type: "history.redo" }),
  },
  align("left", "alignLeft"),
  align("center", "alignCenter"),
  align("right", "alignRight"),
  align("top", "alignTop"),
  align("middle", "alignMiddle"),
  align("bottom", "alignBottom"),
  {
    id: "distribute.horizontal",
    labelKey: "editor.action.distribute.horizontal",
    icon: "distributeH",
    predicate: (ctx) => ctx.store.get().selection.length >= 3,
    perform: (ctx) => send(ctx, { type: "elements.distribute", axis: "horizontal" }),
  },
  {
    id: "distribute.vertical",
    labelKey: "editor.action.distribute.vertical",
    icon: "distributeV",
    predicate: (ctx) => ctx.store.get().selection.length >= 3,
    perform: (ctx) => send(ctx, { type: "elements.distribute", axis: "vertical" }),
  },
  {
    id: "order.top",
    labelKey: "editor.action.order.top",
    icon: "toTop",
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.order", to: "top" }),
  },
  {
    id: "order.bottom",
    labelKey: "editor.action.order.bottom",
    icon: "toBottom",
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.order", to: "bottom" }),
  },
  {
    id: "copy",
    labelKey: "editor.action.copy",
    icon: "copy",
    kbd: [{ key: "c", mod: true }],
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "clipboard.copy" }),
  },
  {
    id: "paste",
    labelKey: "editor.action.paste",
    icon: "paste",
    kbd: [{ key: "v", mod: true }],
    predicate: (ctx) => ctx.store.get().hasClipboard,
    perform: (ctx) => send(ctx, { type: "clipboard.paste" }),
  },
  {
    id: "delete",
    labelKey: "editor.action.delete",
    icon: "delete",
    kbd: [{ key: "Delete" }, { key: "Backspace", mod: true }],
    predicate: hasSelection,
    perform: (ctx) => send(ctx, { type: "elements.delete" }),
  },
  {
    id: "selectAll",
    labelKey: "editor.action.selectAll",
    kbd: [{ key: "a", mod: true }],
    perform: (ctx) => send(ctx, { type: "selection.all" }),
  },
  {
    id: "grid",
    labelKey: "editor.action.grid",
    icon: "grid",
    kbd: [{ key: "'", mod: true }],
    active: (ctx) => ctx.prefs.showGrid,
    perform: (ctx) => ctx.prefs.setShowGrid(!ctx.prefs.showGrid),
  },
  {
    id: "save",
    labelKey: "editor.save.cloud",
    kbd: [{ key: "s", mod: true }],
    preview: true,
    typing: true,
    perform: (ctx) => ctx.ui.save(),
  },
  {
    id: "download",
    labelKey: "editor.save.local",
    kbd: [{ key: "s", mod: true, shift: true }],
    preview: true,
    perform: (ctx) => ctx.ui.download(),
  },
  {
    id: "print",
    labelKey: "print.dialog.title",
    kbd: [{ key: "p", mod: true }],
    preview: true,
    typing: true,
    perform: (ctx) => ctx.ui.print(),
  },
  {
    id: "scan",
    labelKey: "editor.scan.title",
    icon: "scan",
    kbd: [{ key: "b", mod: true }],
    preview: true,
    perform: (ctx) => ctx.ui.scan(),
  },
  {
    id: "labelSettings",
    labelKey: "editor.action.labelSettings",
    icon: "settings",
    perform: (ctx) => ctx.ui.openLabelSettings(),
  },
  arrow("left", -1, 0),
  arrow("right", 1, 0),
  arrow("up", 0, -1),
  arrow("down", 0, 1),
  {
    id: "table.insertRow",
    labelKey: "editor.action.table.insertRow",
    kbd: [{ key: "l", mod: true, shift: true }],
    perform: (ctx) => send(ctx, { type: "table.row.insert", at: target(ctx)?.after[0] }),
  },
  {
    id: "table.insertColumn",
    labelKey: "editor.action.table.insertColumn",
    kbd: [{ key: "c", mod: true, shift: true }],
    perform: (ctx) => send(ctx, { type: "table.column.insert", at: target(ctx)?.after[1] }),
  },
  {
    id: "table.deleteRow",
    labelKey: "editor.action.table.deleteRow",
    kbd: [{ key: "l", mod: true, alt: true }],
    perform: (ctx) => send(ctx, { type: "table.row.delete", index: target(ctx)?.first[0] }),
  },
  {
    id: "table.deleteColumn",
    labelKey: "editor.action.table.deleteColumn",
    kbd: [{ key: "c", mod: true, alt: true }],
    perform: (ctx) => send(ctx, { type: "table.column.delete", index: target(ctx)?.first[1] }),
  },
];

const BY_ID = new Map(ACTIONS.map((a) => [a.id, a]));

export function action(id: string): EditorAction {
  const a = BY_ID.get(id);
  if (!a) throw new Error(`unknown action ${id}`);
  return a;
}

/** The align and distribute actions, in the order the toolbar, the menu and the panel show them. */
export const ALIGN_ACTIONS: readonly string[] = [
  "align.left",
  "align.center",
  "align.right",
  "align.top",
  "align.middle",
  "align.bottom",
  "distribute.horizontal",
  "distribute.vertical",
];

/** Toolbar order of spec §2. */
export const TOOLBAR: readonly (string | "|")[] = [
  "canvasLock",
  "lock",
  "mirror",
  "rotate.ccw",
  "rotate.cw",
  "|",
  "undo",
  "redo",
  "|",
  ...ALIGN_ACTIONS,
  "|",
  "order.top",
  "order.bottom",
  "|",
  "copy",
  "paste",
  "delete",
];

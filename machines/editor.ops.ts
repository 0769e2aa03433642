// The editor's document changes, as one map (excalidraw's actions are the model): each event type
// names the pure op of src/model/ops it runs on the current document and selection with the event's
// own fields (plain data, never a function, so the inspector shows every change). The op events
// (`OpEvent`) and `OP_EVENTS` are derived from the map; editor.machine.ts runs them all one way
// (`runOp`: apply, record one history entry, report a refusal's message).

import { editSources, markCodeEdited, type SourceEdit, settleSources } from "../src/data/edit";
import type { SourceTarget } from "../src/data/targets";
import { hasCells, isCode } from "../src/model/kinds/caps";
import { withCentreImage } from "../src/model/kinds/qrcode";
import type { Alignment, DistributeAxis, NewElementOptions } from "../src/model/ops";
import {
  addNewElement,
  alignElements,
  bringToTop,
  commit,
  deleteTableColumn,
  deleteTableRow,
  diffDocs,
  distributeElements,
  insertTableColumn,
  insertTableRow,
  isRefusal,
  type KindUpdate,
  mergeTableCells,
  moveElements,
  nudgeElements,
  type OpResult,
  pasteElements,
  refuse,
  rotateElements,
  rotateElementsBy,
  type SharedPatch,
  type SizeAxis,
  selectedTable,
  sendToBottom,
  setElementSize,
  setTableCellSize,
  setTableCount,
  setTableSizes,
  splitTableCell,
  toggleLock,
  toggleMirror,
  updateLabelAttrs,
  updateOfKind,
  updateShared,
  updateTableCells,
} from "../src/model/ops";
import { MSG } from "../src/model/ops/messages";
import type { ElementType, LabelAttrs, LabelDocument, TableCell, TableElement } from "../src/model/types";
import { type Cell, type EditorContext, type EditorEnv, selectionOf } from "./editor.types";

/** What an op reads besides its event: the document, the selected ids, the clipboard and the env. */
interface OpInput {
  readonly doc: LabelDocument;
  readonly sel: readonly string[];
  readonly context: Pick<EditorContext, "clipboard" | "pasteCount">;
  readonly env: EditorEnv;
}

type NoFields = Record<never, never>;
/** One op: its event's fields are the type parameter (the event is `{ type } & F`). */
const op = <F extends object = NoFields>(run: (i: OpInput, e: F) => OpResult) => run;

/** A table op acts on the table named by `id` (the panel's), else on the one selected table. */
function onTable(i: OpInput, id: string | undefined, run: (t: TableElement) => OpResult): OpResult {
  if (id === undefined) {
    const t = selectedTable(i.doc, i.sel);
    return "refused" in t ? t : run(t);
  }
  const t = i.doc.elements.find((e) => e.Id === id);
  return t && hasCells(t) ? run(t) : refuse(MSG.notFound);
}

/** A code's patch: the barcode's or the QR code's fields. */
type CodeUpdate = Extract<KindUpdate, { kind: "Barcode" | "QRcode" }>;

export const EDITOR_OPS = {
  /** palette add (double-click: canvas centre, `centered: true`); selects the new element */
  "element.add": op<{ elementType: ElementType } & NewElementOptions>(({ doc }, e) =>
    addNewElement(doc, e.elementType, {
      x: e.x,
      y: e.y,
      centered: e.centered,
      multiple: e.multiple,
      patch: e.patch,
    }),
  ),
  /**
   * one element's fields, typed by its kind (`kind`: its Type; a field that kind lacks is a type
   * error, a patch for another kind is refused)
   */
  "element.update": op<{ id: string } & KindUpdate>(({ doc }, e) => updateOfKind(doc, [e.id], e)),
  /** several elements of one kind, one patch, one history entry */
  "elements.update": op<{ ids: readonly string[] } & KindUpdate>(({ doc }, e) => updateOfKind(doc, e.ids, e)),
  /** the multi-selection panel: the fields its kinds share (SHARED_FIELDS), one history entry */
  "elements.shared": op<{ ids: readonly string[]; patch: SharedPatch }>(({ doc }, e) =>
    updateShared(doc, e.ids, e.patch),
  ),
  /** a typed width or height, under the resize handles' rules */
  "element.size": op<{ id: string; axis: SizeAxis; size: number }>(({ doc }, e) =>
    setElementSize(doc, e.id, e.axis, e.size),
  ),
  "elements.move": op<{ ids: readonly string[]; dx: number; dy: number }>(({ doc }, e) =>
    moveElements(doc, e.ids, e.dx, e.dy),
  ),
  /** arrow keys: whole ARROW_STEP_MM steps (the box lands on that grid) */
  "elements.nudge": op<{ dx: number; dy: number }>(({ doc, sel }, e) => nudgeElements(doc, sel, e.dx, e.dy)),
  "elements.align": op<{ how: Alignment }>(({ doc, sel }, e) => alignElements(doc, sel, e.how)),
  "elements.distribute": op<{ axis: DistributeAxis }>(({ doc, sel }, e) =>
    distributeElements(doc, sel, e.axis),
  ),
  "elements.order": op<{ to: "top" | "bottom" }>(({ doc, sel }, e) =>
    e.to === "top" ? bringToTop(doc, sel) : sendToBottom(doc, sel),
  ),
  /** the panel's rotation of `ids` */
  "elements.rotate": op<{ ids: readonly string[]; rotate: 0 | 90 | 180 | 270 }>(({ doc }, e) =>
    rotateElements(doc, e.ids, e.rotate),
  ),
  /** Ctrl+R / Ctrl+Shift+R, the toolbar and the menu: the selection */
  "elements.rotate.by": op<{ by: 90 | -90 }>(({ doc, sel }, e) => rotateElementsBy(doc, sel, e.by)),
  "elements.lock.toggle": op(({ doc, sel }) => toggleLock(doc, sel)),
  "elements.mirror.toggle": op(({ doc, sel }) => toggleMirror(doc, sel)),
  "clipboard.paste": op(({ doc, context }) => pasteElements(doc, context.clipboard, context.pasteCount + 1)),
  "label.update": op<{ patch: Partial<LabelAttrs> }>(({ doc }, e) => updateLabelAttrs(doc, e.patch)),
  "table.cells.update": op<{ id: string; cells: readonly Cell[]; patch: Partial<TableCell> }>(({ doc }, e) =>
    updateTableCells(doc, e.id, e.cells, e.patch),
  ),
  /** rows (axis 0) or columns (axis 1) added or removed at the end until there are `count` */
  "table.count": op<{ id: string; axis: 0 | 1; count: number }>(({ doc }, e) =>
    setTableCount(doc, e.id, e.axis, e.count),
  ),
  /** one row height (axis 0) or column width (axis 1) */
  "table.cellSize": op<{ id: string; axis: 0 | 1; index: number; size: number }>(({ doc }, e) =>
    setTableCellSize(doc, e.id, e.axis, e.index, e.size),
  ),
  // table structure: the table `id`, else the one selected table (defaults: append / the last)
  "table.row.insert": op<{ id?: string; at?: number }>((i, e) =>
    onTable(i, e.id, (t) => insertTableRow(i.doc, t.Id, e.at ?? t.Row)),
  ),
  "table.row.delete": op<{ id?: string; index?: number }>((i, e) =>
    onTable(i, e.id, (t) => deleteTableRow(i.doc, t.Id, e.index ?? t.Row - 1)),
  ),
  "table.column.insert": op<{ id?: string; at?: number }>((i, e) =>
    onTable(i, e.id, (t) => insertTableColumn(i.doc, t.Id, e.at ?? t.Column)),
  ),
  "table.column.delete": op<{ id?: string; index?: number }>((i, e) =>
    onTable(i, e.id, (t) => deleteTableColumn(i.doc, t.Id, e.index ?? t.Column - 1)),
  ),
  "table.cells.merge": op<{ id?: string; cells: readonly Cell[] }>((i, e) =>
    onTable(i, e.id, (t) => mergeTableCells(i.doc, t.Id, e.cells)),
  ),
  "table.cells.split": op<{ id?: string; cells: readonly Cell[] }>((i, e) =>
    onTable(i, e.id, (t) => splitTableCell(i.doc, t.Id, e.cells)),
  ),
  /** a code's patch: when its symbol changes size the box follows, keeping its X-dimension */
  "code.update": op<{ id: string } & CodeUpdate>(({ doc, env }, e) => {
    const el = doc.elements.find((x) => x.Id === e.id);
    if (!el || !isCode(el)) return refuse(MSG.notFound);
    const r = updateOfKind(doc, [e.id], e);
    return isRefusal(r) ? r : commit(doc, env.keepCodeX(doc, r.doc, e.id));
  }),
  /**
   * one change of a data source list (src/data/edit.ts), the stored values re-synced with the
   * workbooks; `code`: the code panels' list, whose content then counts as edited and keeps its
   * X-dimension. The type switch's refusal to reference (tip72) is its warning.
   */
  "sources.edit": op<{ target: SourceTarget; edit: SourceEdit; code?: boolean }>(({ doc, env }, e) => {
    const r = editSources(doc, e.target, e.edit, env.sheets());
    const id = e.target.elementId;
    const after = e.code && r.doc !== doc ? env.keepCodeX(doc, markCodeEdited(doc, r.doc, id), id) : r.doc;
    const done = after === doc ? { doc, diff: diffDocs(doc, doc) } : commit(doc, after, { kind: "edit" });
    return r.tip ? { ...done, warning: r.tip } : done;
  }),
  /** the workbook store's correction after a file was read (src/data/edit.ts settleSources) */
  "sources.settle": op(({ doc, env }) => {
    const after = settleSources(doc, env.sheets());
    return after === doc ? { doc, diff: diffDocs(doc, doc) } : commit(doc, after, { kind: "edit" });
  }),
  /** the QR code's centre image (a data URL the panel checked), or none with "" */
  "qr.centreImage": op<{ id: string; src: string }>(({ doc }, e) => {
    const after = withCentreImage(doc, e.id, e.src);
    return after === doc ? { doc, diff: diffDocs(doc, doc) } : commit(doc, after, { kind: "edit" });
  }),
  /**
   * "This document instead", one undoable edit: only the load path sends it (a restored draft, back
   * to what was opened in one step); every other change is a named op above (machines/editor.namedOps.test.ts
   * keeps it so).
   */
  "doc.replace": op<{ doc: LabelDocument }>(({ doc }, e) =>
    e.doc === doc ? { doc, diff: diffDocs(doc, doc) } : commit(doc, e.doc, { kind: "edit" }),
  ),
};

type Ops = typeof EDITOR_OPS;
export type OpEventType = keyof Ops;
/** The events that change the document, derived from the map. */
export type OpEvent = { [K in OpEventType]: { type: K } & Parameters<Ops[K]>[1] }[OpEventType];
export const OP_EVENTS = Object.keys(EDITOR_OPS) as OpEventType[];

const isOpEvent = (type: string): type is OpEventType => Object.hasOwn(EDITOR_OPS, type);

/** The result of the op an event asks for (null: not an op event, or nothing to do). */
export function opFor(
  context: Pick<EditorContext, "doc" | "selection" | "clipboard" | "pasteCount" | "borderDrag" | "env">,
  event: { type: string },
): OpResult | null {
  const doc = context.doc;
  // a released inner table line: the two cells beside it share their size (unless reverted)
  if (event.type === "gesture.borderEnd") {
    const b = context.borderDrag;
    return b?.sizes ? setTableSizes(doc, b.id, b.border.axis, b.sizes) : null;
  }
  if (!isOpEvent(event.type)) return null;
  const run = EDITOR_OPS[event.type] as (i: OpInput, e: object) => OpResult;
  return run({ doc, sel: selectionOf(context), context, env: context.env }, event);
}

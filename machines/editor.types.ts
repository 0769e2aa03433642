// Events, context and small read helpers of the editor machine (machines/editor.machine.ts).
import type { ActorRefFrom } from "xstate";
import type { Box, Point } from "../src/model/geometry";
import type { CellPick } from "../src/model/kinds/tableCells";
import type { Border } from "../src/model/kinds/tableGrid";
import type { Alignment, Clipboard, DistributeAxis, NewElementOptions, OpResult } from "../src/model/ops";
import type { Guide, SnapResult } from "../src/model/snap";
import type { ElementType, LabelAttrs, LabelDocument, LabelElement, TableCell } from "../src/model/types";
import type {
  CanvasInteractionEvent,
  canvasInteractionMachine,
  GestureEvent,
} from "./canvasInteraction.machine";
import type { HistoryReply, historyMachine } from "./history.machine";
import type { SelectionEvent, SelectionReport, selectionMachine } from "./selection.machine";

export type Cell = readonly [number, number];

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
  | { type: "text.edit.start"; id: string }
  | { type: "text.edit.input"; value: string }
  | { type: "text.edit.end" }
  | { type: "confirm.accept" }
  | { type: "confirm.cancel" }
  /** arrow keys: whole ARROW_STEP_MM steps (the box lands on that grid) */
  | { type: "elements.nudge"; dx: number; dy: number }
  | { type: "elements.align"; how: Alignment }
  | { type: "elements.distribute"; axis: DistributeAxis }
  | { type: "elements.order"; to: "top" | "bottom" }
  | { type: "elements.rotate"; rotate: 0 | 90 | 180 | 270 }
  | { type: "elements.rotate.by"; by: 90 | -90 }
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
  /** the table's picked cells: set (anchor: the first cell unless given), as a click picks, or none */
  | { type: "table.cells.pick"; id: string; cells: readonly Cell[]; anchor?: Cell }
  | { type: "table.cells.click"; id: string; cell: Cell; toggle: boolean; extend: boolean }
  | { type: "table.cells.clear" }
  | { type: "history.undo" }
  | { type: "history.redo" }
  | { type: "selection.all" }
  | { type: "canvas.lock.toggle" }
  | { type: "zoom.set"; zoom: number }
  | Exclude<SelectionEvent, { type: "selection.all" }>
  | CanvasInteractionEvent
  | GestureEvent
  | HistoryReply
  | SelectionReport;

export type EditorEmitted =
  | { type: "message"; key: string; level: "error" | "success" | "info" }
  | { type: "pan"; delta: Point };

/** A drag or resize in progress: the document at pointer-down and what it moves. */
export interface Gesture {
  readonly base: LabelDocument;
  readonly ids: readonly string[];
  readonly box: Box | null;
  /** snaps the moving box against the label and the other elements (lines computed at drag start) */
  readonly snap: ((box: Box, delta: Point, threshold?: number) => SnapResult) | null;
}

export interface EditorContext {
  readonly doc: LabelDocument;
  /** unsaved changes (spec IsDraw) */
  readonly dirty: boolean;
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
  /** inline text editing: the element and the latest typed text (applied 100 ms after a key press) */
  readonly textEdit: { readonly id: string; readonly value: string } | null;
  /** the cells picked in the one selected table (canvas and panel grid); cleared when it is not */
  readonly cells: CellPick | null;
  /** a drag over cells: the cells it adds to, its anchor and the last cell it passed */
  readonly cellDrag: { readonly base: readonly Cell[]; readonly anchor: Cell; readonly last: Cell } | null;
  /** an inner table line being dragged: where (table-local mm) and the sizes it gives (null: reverted) */
  readonly borderDrag: {
    readonly id: string;
    readonly border: Border;
    readonly pos: number;
    readonly sizes: readonly number[] | null;
  } | null;
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
export function shouldWarnOnLeave(c: Pick<EditorContext, "dirty" | "doc">): boolean {
  return c.dirty && c.doc.elements.length > 0;
}

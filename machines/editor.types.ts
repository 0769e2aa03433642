// Events, context and small read helpers of the editor machine (machines/editor.machine.ts).
import type { ActorRefFrom } from "xstate";
import type { Sheets } from "../src/data/records";
import type { Box, Point } from "../src/model/geometry";
import type { KindEnv } from "../src/model/kinds";
import type { CellPick } from "../src/model/kinds/tableCells";
import type { Border } from "../src/model/kinds/tableGrid";
import type { Clipboard } from "../src/model/ops";
import type { Guide, SnapResult } from "../src/model/snap";
import type { LabelDocument } from "../src/model/types";
import type {
  CanvasInteractionEvent,
  canvasInteractionMachine,
  GestureEvent,
} from "./canvasInteraction.machine";
import type { OpEvent } from "./editor.ops";
import type { HistoryReply, historyMachine } from "./history.machine";
import type { SelectionEvent, SelectionReport, selectionMachine } from "./selection.machine";

export type Cell = readonly [number, number];

/** Events the editor screen sends. Coordinates are label mm unless named "units". */
export type EditorEvent =
  /** every document change (machines/editor.ops.ts) */
  | OpEvent
  | { type: "doc.load"; doc: LabelDocument }
  | { type: "doc.saved" }
  | { type: "elements.delete" }
  | { type: "confirm.accept" }
  | { type: "confirm.cancel" }
  | { type: "clipboard.copy" }
  /** the table's picked cells: set (anchor: the first cell unless given), as a click picks, or none */
  | { type: "table.cells.pick"; id: string; cells: readonly Cell[]; anchor?: Cell }
  | { type: "table.cells.click"; id: string; cell: Cell; toggle: boolean; extend: boolean }
  | { type: "table.cells.clear" }
  | { type: "history.undo" }
  | { type: "history.redo" }
  | { type: "selection.all" }
  | { type: "canvas.lock.toggle" }
  | { type: "zoom.set"; zoom: number }
  /** the screen sets the selection (store.select); clicks, frames and ops change it inside */
  | Extract<SelectionEvent, { type: "selection.set" }>
  | CanvasInteractionEvent
  | GestureEvent
  | HistoryReply
  | SelectionReport;

export type EditorEmitted =
  | { type: "message"; key: string; level: "error" | "warning" | "success" | "info" }
  | { type: "pan"; delta: Point };

/**
 * What the editor's ops use that the machine cannot compute itself, injected by the editor store:
 * the kinds' text measure (KindEnv), the parsed workbooks of the label's spreadsheet sources (the
 * workbook store attaches them) and the code rule that keeps a code's X-dimension when its content
 * changes (the encoders live with the kinds' UI). The defaults measure nothing, know no workbook and
 * keep every box.
 */
export interface EditorEnv extends KindEnv {
  sheets(): Sheets;
  keepCodeX(before: LabelDocument, after: LabelDocument, id: string): LabelDocument;
}

/** A drag or resize in progress: the document at pointer-down and what it moves. */
export interface Gesture {
  /** the op the history names the gesture by */
  readonly op: "elements.drag" | "element.resize";
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
  /** see EditorInput.env (measures nothing when not given: boxes stay as the ops made them) */
  readonly env: EditorEnv;
  /** ids waiting for the delete-referenced confirmation */
  readonly pendingDelete: readonly string[];
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
  /** what the ops and the kinds' `normalize` use: the text measure, the workbooks, the code rule */
  readonly env?: Partial<EditorEnv>;
}

/** Selected ids right now (the selection actor's context). */
export function selectionOf(c: Pick<EditorContext, "selection">): readonly string[] {
  return c.selection.getSnapshot().context.ids;
}

/** The browser should warn before leaving: unsaved changes and at least one element. */
export function shouldWarnOnLeave(c: Pick<EditorContext, "dirty" | "doc">): boolean {
  return c.dirty && c.doc.elements.length > 0;
}

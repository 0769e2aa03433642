// The editor session as seen by the React screen: an adapter over the editor machine
// (machines/editor.machine.ts, systemId "editor") and its selection and history children. Every
// change goes through a pure op of src/model/ops inside the machine; this adapter only reads
// snapshots, sends events and turns emitted messages into toasts.
import { type Actor, createActor, type InspectionEvent } from "xstate";
import { type EditorEvent, editorMachine, selectionOf } from "../../../machines/editor.machine";
import type { EditorContext, EditorEnv } from "../../../machines/editor.types";
import type { Sheets } from "../../data/records";
import type { Box } from "../../model/geometry";
import { canRedo, canUndo, type History } from "../../model/history";
import type { CellPick } from "../../model/kinds/tableCells";
import type { OpRefusal } from "../../model/ops/types";
import type { Guide } from "../../model/snap";
import type { LabelDocument } from "../../model/types";
import { getFontRegistry } from "../../render";
import { textSizePatch } from "../../render/text/size";
import { PREF_KEYS, writeBool } from "../prefs";
import type { LabelStatus } from "../query";

export interface EditorSnapshot {
  readonly doc: LabelDocument;
  readonly history: History;
  /** selected element ids, never mirror copies */
  readonly selection: readonly string[];
  readonly hasClipboard: boolean;
  /** unsaved changes (the spec's isDraw) */
  readonly dirty: boolean;
  readonly status: LabelStatus;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly canvasLock: boolean;
  readonly guides: readonly Guide[];
  readonly frame: Box | null;
  /** waiting for the delete-referenced confirmation (tip77 / tip71) */
  readonly confirmingDelete: boolean;
  /** the cells picked in the one selected table (canvas and panel grid), or null */
  readonly cells: CellPick | null;
  /** an inner table line being dragged on the canvas, or null */
  readonly borderDrag: EditorContext["borderDrag"];
}

export type Notify = (
  kind: "success" | "warning" | "error" | "info",
  key: string,
  vars?: Record<string, string | number>,
) => void;

export interface EditorStore {
  get(): EditorSnapshot;
  subscribe(listener: () => void): () => void;
  send(event: EditorEvent): void;
  /** Shows a refusal's message. */
  refuse(r: OpRefusal): void;
  message(kind: Parameters<Notify>[0], key: string): void;
  select(ids: readonly string[]): void;
  /** Where the source ops find the parsed workbooks (the workbook store attaches its own). */
  attachSheets(get: () => Sheets): void;
  /** listens to the machine's `pan` requests (canvas lock off, dragging empty canvas) */
  onPan(l: (delta: { x: number; y: number }) => void): () => void;
  readonly actor: Actor<typeof editorMachine>;
  stop(): void;
}

export interface StoreOptions {
  readonly doc: LabelDocument;
  readonly status: LabelStatus;
  readonly canvasLock: boolean;
  readonly notify: Notify;
  readonly inspect?: (ev: InspectionEvent) => void;
  /** the code rule keeping a code's X-dimension (the kinds' UI has the encoders; absent: boxes stay) */
  readonly keepCodeX?: EditorEnv["keepCodeX"];
}

export function createEditorStore(opts: StoreOptions): EditorStore {
  const machine = editorMachine.provide({
    actions: { persistCanvasLock: (_, p: { locked: boolean }) => writeBool(PREF_KEYS.canvasLock, p.locked) },
  });
  let sheets: () => Sheets = () => new Map();
  const actor = createActor(machine, {
    input: {
      doc: opts.doc,
      canvasLock: opts.canvasLock,
      env: {
        measureText: (el) => textSizePatch(el, getFontRegistry()),
        sheets: () => sheets(),
        ...(opts.keepCodeX ? { keepCodeX: opts.keepCodeX } : {}),
      },
    },
    systemId: "editor",
    inspect: opts.inspect,
  });
  const listeners = new Set<() => void>();
  let snap: EditorSnapshot | null = null;

  const read = (): EditorSnapshot => {
    const s = actor.getSnapshot();
    const c = s.context;
    const history = c.history.getSnapshot().context.history;
    const selection = selectionOf(c);
    // the pick belongs to the one selected table (the machine clears it on the selection's report)
    const cells = c.cells && selection.length === 1 && selection[0] === c.cells.tableId ? c.cells : null;
    return {
      doc: c.doc,
      history,
      selection,
      hasClipboard: (c.clipboard?.elements.length ?? 0) > 0,
      dirty: c.dirty,
      status: opts.status,
      canUndo: canUndo(history),
      canRedo: canRedo(history),
      canvasLock: c.canvasLock,
      guides: c.guides,
      frame: c.frame,
      confirmingDelete: s.matches("confirmingDelete"),
      cells,
      borderDrag: c.borderDrag,
    };
  };
  const changed = () => {
    snap = null;
    for (const l of listeners) l();
  };
  actor.on("message", (e) =>
    opts.notify(e.level === "success" ? "success" : e.level === "info" ? "info" : "warning", e.key),
  );
  actor.start();
  const { selection, history } = actor.getSnapshot().context;
  const subs = [actor.subscribe(changed), selection.subscribe(changed), history.subscribe(changed)];

  const store: EditorStore = {
    actor,
    get() {
      if (!snap) snap = read();
      return snap;
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    send: (event) => actor.send(event),
    refuse(r) {
      opts.notify("warning", r.refused);
    },
    message(kind, key) {
      opts.notify(kind, key);
    },
    select(ids) {
      actor.send({ type: "selection.set", ids });
    },
    attachSheets(get) {
      sheets = get;
    },
    onPan(l) {
      const sub = actor.on("pan", (e) => l(e.delta));
      return () => sub.unsubscribe();
    },
    stop() {
      for (const s of subs) s.unsubscribe();
      actor.stop();
    },
  };
  return store;
}

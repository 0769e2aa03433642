// History as an actor around the pure diff history (src/model/history.ts). Undo/redo and abandon
// need the current document, carried by the event; the result goes back as `history.applied` /
// `history.restored` to the parent given in the input (the editor) and is also emitted.
import { type AnyActorRef, assign, enqueueActions, setup } from "xstate";
import {
  abandonTransaction,
  beginTransaction,
  commitTransaction,
  createHistory,
  type History,
  record,
  redo,
  undo,
} from "../src/model/history";
import type { Diff, HistoryKind } from "../src/model/ops/types";
import type { LabelDocument } from "../src/model/types";

export type HistoryEvent =
  /** `op`: the named op that made the change (kept on the entry) */
  | { type: "history.record"; diff: Diff; kind?: HistoryKind; op?: string }
  | { type: "history.undo"; doc: LabelDocument }
  | { type: "history.redo"; doc: LabelDocument }
  | { type: "history.begin"; doc: LabelDocument }
  | { type: "history.commit"; doc: LabelDocument; kind?: HistoryKind; op?: string }
  | { type: "history.abandon"; doc: LabelDocument }
  | { type: "history.clear" };

/** Sent to the parent (and emitted) after undo/redo: the document to show. */
export type HistoryReply =
  | { type: "history.applied"; doc: LabelDocument; diff: Diff; direction: "undo" | "redo" }
  | { type: "history.restored"; doc: LabelDocument };

export interface HistoryContext {
  readonly history: History;
  readonly parent: AnyActorRef | null;
}

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as { parent?: AnyActorRef } | undefined,
    emitted: {} as HistoryReply,
  },
  actions: {
    step: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "history.undo" && event.type !== "history.redo") return;
      const r =
        event.type === "history.undo" ? undo(context.history, event.doc) : redo(context.history, event.doc);
      if (!r) return;
      const reply: HistoryReply = {
        type: "history.applied",
        doc: r.doc,
        diff: r.diff,
        direction: event.type === "history.undo" ? "undo" : "redo",
      };
      enqueue.assign({ history: r.history });
      if (context.parent) enqueue.sendTo(context.parent, reply);
      enqueue.emit(reply);
    }),
    abandon: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "history.abandon") return;
      const r = abandonTransaction(context.history, event.doc);
      const reply: HistoryReply = { type: "history.restored", doc: r.doc };
      enqueue.assign({ history: r.history });
      if (context.parent) enqueue.sendTo(context.parent, reply);
      enqueue.emit(reply);
    }),
  },
}).createMachine({
  id: "history",
  context: ({ input }) => ({ history: createHistory(), parent: input?.parent ?? null }),
  initial: "idle",
  on: {
    "history.clear": { target: ".idle", actions: assign({ history: createHistory() }) },
  },
  states: {
    idle: {
      on: {
        "history.record": {
          actions: assign({
            history: ({ context, event }) => record(context.history, event.diff, event.kind, event.op),
          }),
        },
        "history.undo": { actions: "step" },
        "history.redo": { actions: "step" },
        "history.begin": {
          target: "transacting",
          actions: assign({ history: ({ context, event }) => beginTransaction(context.history, event.doc) }),
        },
      },
    },
    // a drag or transform is in progress: one entry at commit, nothing on abandon
    transacting: {
      on: {
        "history.commit": {
          target: "idle",
          actions: assign({
            history: ({ context, event }) =>
              commitTransaction(context.history, event.doc, event.kind, event.op),
          }),
        },
        "history.abandon": { target: "idle", actions: "abandon" },
      },
    },
  },
});

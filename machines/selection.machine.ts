// Selection: none / single / multi. The editor computes ids (frame contents, all elements) and
// sends them; this machine keeps the set, toggles on Ctrl-click and never selects mirror copies.
import { type AnyActorRef, assign, enqueueActions, setup } from "xstate";
import { isMirrorId } from "../src/model/types";

export type SelectionEvent =
  | { type: "selection.set"; ids: readonly string[] }
  | { type: "selection.add"; ids: readonly string[] }
  | { type: "selection.toggle"; id: string }
  | { type: "selection.all"; ids: readonly string[] }
  | { type: "selection.remove"; ids: readonly string[] }
  | { type: "selection.clear" };

/** Told to the parent (the editor) after every change. */
export type SelectionReport = { type: "selection.changed"; ids: readonly string[] };

export interface SelectionContext {
  readonly ids: readonly string[];
  readonly parent: AnyActorRef | null;
}

function clean(ids: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (typeof id !== "string" || isMirrorId(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
    input: {} as { ids?: readonly string[]; parent?: AnyActorRef } | undefined,
  },
  actions: {
    report: enqueueActions(({ context, enqueue }) => {
      // a replay from a recorded log has the parent by name only (no actor to tell)
      const parent = context.parent as Partial<AnyActorRef> | null;
      if (typeof parent?.send === "function")
        enqueue.sendTo(parent as AnyActorRef, { type: "selection.changed", ids: context.ids });
    }),
  },
  guards: {
    isEmpty: ({ context }) => context.ids.length === 0,
    isOne: ({ context }) => context.ids.length === 1,
  },
}).createMachine({
  id: "selection",
  context: ({ input }) => ({ ids: clean(input?.ids ?? []), parent: input?.parent ?? null }),
  initial: "routing",
  on: {
    "selection.set": {
      target: ".routing",
      actions: [assign({ ids: ({ event }) => clean(event.ids) }), "report"],
    },
    "selection.all": {
      target: ".routing",
      actions: [assign({ ids: ({ event }) => clean(event.ids) }), "report"],
    },
    "selection.add": {
      target: ".routing",
      actions: [assign({ ids: ({ context, event }) => clean([...context.ids, ...event.ids]) }), "report"],
    },
    "selection.toggle": {
      target: ".routing",
      actions: [
        assign({
          ids: ({ context, event }) =>
            context.ids.includes(event.id)
              ? context.ids.filter((i) => i !== event.id)
              : clean([...context.ids, event.id]),
        }),
        "report",
      ],
    },
    "selection.remove": {
      target: ".routing",
      actions: [
        assign({ ids: ({ context, event }) => context.ids.filter((i) => !event.ids.includes(i)) }),
        "report",
      ],
    },
    "selection.clear": { target: ".none", actions: [assign({ ids: [] }), "report"] },
  },
  states: {
    routing: {
      always: [
        { guard: "isEmpty", target: "none" },
        { guard: "isOne", target: "single" },
        { target: "multi" },
      ],
    },
    none: {},
    single: {},
    multi: {},
  },
});

// Selection: none / single / multi. The editor computes ids (frame contents, all elements) and
// sends them; this machine keeps the set, toggles on Ctrl-click and never selects mirror copies.
import { assign, setup } from "xstate";
import { isMirrorId } from "../src/model/types";

export type SelectionEvent =
  | { type: "selection.set"; ids: readonly string[] }
  | { type: "selection.add"; ids: readonly string[] }
  | { type: "selection.toggle"; id: string }
  | { type: "selection.all"; ids: readonly string[] }
  | { type: "selection.remove"; ids: readonly string[] }
  | { type: "selection.clear" };

export interface SelectionContext {
  readonly ids: readonly string[];
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
    input: {} as { ids?: readonly string[] } | undefined,
  },
  guards: {
    isEmpty: ({ context }) => context.ids.length === 0,
    isOne: ({ context }) => context.ids.length === 1,
  },
}).createMachine({
  id: "selection",
  context: ({ input }) => ({ ids: clean(input?.ids ?? []) }),
  initial: "routing",
  on: {
    "selection.set": { target: ".routing", actions: assign({ ids: ({ event }) => clean(event.ids) }) },
    "selection.all": { target: ".routing", actions: assign({ ids: ({ event }) => clean(event.ids) }) },
    "selection.add": {
      target: ".routing",
      actions: assign({ ids: ({ context, event }) => clean([...context.ids, ...event.ids]) }),
    },
    "selection.toggle": {
      target: ".routing",
      actions: assign({
        ids: ({ context, event }) =>
          context.ids.includes(event.id)
            ? context.ids.filter((i) => i !== event.id)
            : clean([...context.ids, event.id]),
      }),
    },
    "selection.remove": {
      target: ".routing",
      actions: assign({ ids: ({ context, event }) => context.ids.filter((i) => !event.ids.includes(i)) }),
    },
    "selection.clear": { target: ".none", actions: assign({ ids: [] }) },
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

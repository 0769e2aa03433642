// Model-based path tests (xstate/graph) for the editor machine. Its guards read the selection
// child, which graph traversal cannot run, so the paths come from a small test model of the modes
// the issue names (ready, confirming a referenced delete) with a typed edit of the referenced text, and
// every path is replayed on the real editor, checking its mode and document after each step.
import { describe, expect, it } from "vitest";
import { assign, createActor, setup } from "xstate";
import { getSimplePaths } from "xstate/graph";
import { createElement, emptyDocument, type LabelElement, type TextElement } from "../src/model";
import { createDataSource } from "../src/model/defaults";
import { type EditorEvent, editorMachine } from "./editor.machine";

type ModelEvent =
  | { type: "DELETE_REFERENCED" }
  | { type: "ACCEPT" }
  | { type: "CANCEL" }
  | { type: "DELETE_PLAIN" }
  | { type: "EDIT_TEXT" }
  | { type: "ESCAPE" };

/**
 * What the editor should do, with what is left of the label: a (referenced), b (refers to a), c.
 * `cancelled` and `typed` make a cancelled delete or a typed edit of a a state of its own, so simple
 * paths (no state twice) still take them; one of each per path keeps the paths few.
 */
const model = setup({
  types: {
    context: {} as { a: boolean; c: boolean; typed: boolean; cancelled: boolean },
    events: {} as ModelEvent,
  },
}).createMachine({
  id: "editorModel",
  context: { a: true, c: true, typed: false, cancelled: false },
  initial: "ready",
  states: {
    ready: {
      on: {
        DELETE_REFERENCED: { guard: ({ context }) => context.a, target: "confirmingDelete" },
        DELETE_PLAIN: { guard: ({ context }) => context.c, actions: assign({ c: false }) },
        // the panel's content box or the inline editor, settled: one element.update
        EDIT_TEXT: { guard: ({ context }) => context.a && !context.typed, actions: assign({ typed: true }) },
      },
    },
    confirmingDelete: {
      on: {
        ACCEPT: { target: "ready", actions: assign({ a: false }) },
        CANCEL: {
          guard: ({ context }) => !context.cancelled,
          target: "ready",
          actions: assign({ cancelled: true }),
        },
        // Escape answers nothing: the question stays
        ESCAPE: { guard: ({ context }) => !context.cancelled, actions: assign({ cancelled: true }) },
      },
    },
  },
});

function label() {
  const els: LabelElement[] = [];
  els.push(createElement("Text", els, { x: 10, y: 10 }));
  els.push(createElement("Text", els, { x: 10, y: 40 }));
  els.push(createElement("Rectangle", els, { x: 50, y: 40, width: 20, height: 10 }));
  const [a, b0, c] = els;
  const b = {
    ...b0,
    DataSourceList: [createDataSource({ DataSourceType: 3, ReferenceId: a.Id })],
  } as LabelElement;
  return { doc: { ...emptyDocument(), elements: [a, b, c] }, a: a.Id, b: b.Id, c: c.Id };
}

/** The real events for one model event (the typed edit is of the text a). */
function realEvents(e: ModelEvent, ids: { a: string; c: string }): EditorEvent[] {
  switch (e.type) {
    case "DELETE_REFERENCED":
      return [{ type: "selection.set", ids: [ids.a] }, { type: "elements.delete" }];
    case "ACCEPT":
      return [{ type: "confirm.accept" }];
    case "CANCEL":
      return [{ type: "confirm.cancel" }];
    case "DELETE_PLAIN":
      return [{ type: "selection.set", ids: [ids.c] }, { type: "elements.delete" }];
    case "EDIT_TEXT":
      return [{ type: "element.update", id: ids.a, kind: "Text", patch: { Data: "typed" } }];
    case "ESCAPE":
      return [{ type: "key.escape" }];
    default:
      return []; // the model's own start event
  }
}

const modeOf = (value: unknown) => (typeof value === "string" ? value : Object.keys(value as object)[0]);

describe("editor machine, model-based paths", () => {
  const paths = getSimplePaths(model, {
    events: [
      { type: "DELETE_REFERENCED" },
      { type: "ACCEPT" },
      { type: "CANCEL" },
      { type: "DELETE_PLAIN" },
      { type: "EDIT_TEXT" },
      { type: "ESCAPE" },
    ],
  });

  it("the model has paths through every mode", () => {
    expect(paths.length).toBeGreaterThan(20);
    const modes = new Set(paths.map((p) => modeOf(p.state.value)));
    expect([...modes].sort()).toEqual(["confirmingDelete", "ready"]);
  });

  it("on every path the editor is in the model's mode, with the model's elements, after each step", () => {
    for (const path of paths) {
      const l = label();
      const actor = createActor(editorMachine, { input: { doc: l.doc } }).start();
      let typed = false;
      for (const step of path.steps) {
        const e = step.event as ModelEvent;
        for (const real of realEvents(e, l)) actor.send(real);
        if (e.type === "EDIT_TEXT") typed = true;
        const snap = actor.getSnapshot();
        const where = `${path.steps.map((s) => s.event.type).join(" → ")}`;
        expect(modeOf(snap.value), where).toBe(modeOf(step.state.value));
        const ids = snap.context.doc.elements.map((el) => el.Id);
        expect(ids.includes(l.a), where).toBe(step.state.context.a);
        expect(ids.includes(l.c), where).toBe(step.state.context.c);
        expect(ids.includes(l.b), where).toBe(true);
        // b refers to a exactly while a exists
        const b = snap.context.doc.elements.find((el) => el.Id === l.b) as TextElement;
        expect(b.DataSourceList[0].DataSourceType === 3, where).toBe(step.state.context.a);
        // the typed text stays while a does
        if (typed && step.state.context.a) {
          const a = snap.context.doc.elements.find((el) => el.Id === l.a) as TextElement;
          expect(a.Data, where).toBe("typed");
        }
      }
      // unsaved changes (IsDraw) exactly when the path changed the label
      const types = path.steps.map((st) => st.event.type);
      const changed =
        types.includes("ACCEPT") || types.includes("DELETE_PLAIN") || types.includes("EDIT_TEXT");
      expect(actor.getSnapshot().context.dirty, types.join(" → ")).toBe(changed);
      // and undo takes the label back to where it started, the reference included
      if (modeOf(actor.getSnapshot().value) === "ready") {
        for (let i = 0; i < 4; i++) actor.send({ type: "history.undo" });
        const back = actor.getSnapshot().context.doc.elements;
        expect(
          back.map((el) => el.Id),
          types.join(" → "),
        ).toEqual([l.a, l.b, l.c]);
        expect((back[1] as TextElement).DataSourceList[0].ReferenceId).toBe(l.a);
        expect((back[0] as TextElement).Data).toBe((l.doc.elements[0] as TextElement).Data);
      }
      actor.stop();
    }
  });
});

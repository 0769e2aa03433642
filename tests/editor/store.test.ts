// The editor store adapter runs the real editor machine (no DOM) and turns its messages into toasts.
import { describe, expect, it } from "vitest";
import type { InspectionEvent } from "xstate";
import { ACTIONS, action } from "../../src/editor/actions/registry";
import type { ActionContext } from "../../src/editor/actions/types";
import { inspectorSink } from "../../src/editor/inspector/sink";
import { createEditorStore } from "../../src/editor/state/store";
import { emptyDocument } from "../../src/model/defaults";

function setup() {
  const messages: [string, string][] = [];
  const events: InspectionEvent[] = [];
  const store = createEditorStore({
    doc: emptyDocument({ name: "T", width: 100, height: 80 }),
    status: "add",
    canvasLock: true,
    notify: (kind, key) => messages.push([kind, key]),
    inspect: (e) => events.push(e),
  });
  const ctx: ActionContext = {
    store,
    viewport: null,
    prefs: { showGrid: false, setShowGrid: () => {} },
    ui: { openLabelSettings: () => {}, save: () => {}, download: () => {}, print: () => {}, scan: () => {} },
  };
  const run = (id: string) => action(id).perform(ctx);
  return { store, messages, events, ctx, run };
}

describe("editor store on the editor machine", () => {
  it("adds through the machine, selects the new element and marks unsaved", () => {
    const { store } = setup();
    const snaps: unknown[] = [];
    store.subscribe(() => snaps.push(store.get()));
    store.send({ type: "element.add", elementType: "Rectangle", x: 50, y: 40, centered: true });
    const s = store.get();
    expect(s.doc.elements).toHaveLength(1);
    expect(s.selection).toEqual([s.doc.elements[0].Id]);
    expect(s.dirty).toBe(true);
    expect(s.canUndo).toBe(true);
    expect(snaps.length).toBeGreaterThan(0);
    // snapshots are stable between changes (useSyncExternalStore needs that)
    expect(store.get()).toBe(store.get());
  });

  it("runs registry actions: copy/paste, undo/redo, lock refusing a copy", () => {
    const { store, messages, run } = setup();
    store.send({ type: "element.add", elementType: "Text", x: 10, y: 10 });
    run("copy");
    expect(messages.at(-1)).toEqual(["success", "tip.tip35"]);
    run("paste");
    expect(store.get().doc.elements).toHaveLength(2);
    expect(store.get().doc.elements[1].Name).toBe("Text2");
    run("undo");
    expect(store.get().doc.elements).toHaveLength(1);
    expect(store.get().selection).toEqual([]);
    run("redo");
    expect(store.get().doc.elements).toHaveLength(2);
    run("selectAll");
    expect(store.get().selection).toHaveLength(2);
    run("lock");
    expect(messages.at(-1)).toEqual(["success", "tip.tip122"]);
    run("copy");
    expect(messages.at(-1)).toEqual(["warning", "tip.tip109"]);
  });

  it("says tip108 for an operation without a selection and refuses distribute under three", () => {
    const { store, messages, run } = setup();
    run("lock");
    expect(messages.at(-1)).toEqual(["warning", "tip.tip108"]);
    store.send({ type: "element.add", elementType: "Ellipse", x: 10, y: 10 });
    store.send({ type: "element.add", elementType: "Ellipse", x: 60, y: 60 });
    run("selectAll");
    run("distribute.horizontal");
    expect(messages.at(-1)).toEqual(["warning", "editor.ops.distributeNeedsThree"]);
  });

  it("moves with the arrow actions by one unit (0.1 mm) and toggles the canvas lock", () => {
    const { store, run } = setup();
    store.send({ type: "element.add", elementType: "Rectangle", x: 10, y: 10 });
    const x0 = store.get().doc.elements[0].StartX;
    run("move.right");
    // one unit is 0.1 mm (not a canvas px, 1 / 3.78 mm): the first press reaches the 0.1 mm grid
    const x1 = store.get().doc.elements[0].StartX;
    expect(x1 - x0).toBeGreaterThan(0);
    expect(x1 - x0).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(Math.round(x1 * 10) / 10).toBe(x1);
    run("move.right");
    expect(store.get().doc.elements[0].StartX).toBe(Math.round((x1 + 0.1) * 10) / 10);
    expect(store.get().canvasLock).toBe(true);
    run("canvasLock");
    expect(store.get().canvasLock).toBe(false);
  });

  it("a refused typed edit shows its message and leaves the document as it was", () => {
    const { store, messages } = setup();
    store.send({ type: "element.add", elementType: "Table", x: 10, y: 10 });
    const id = store.get().doc.elements[0].Id;
    store.send({ type: "table.count", id, axis: 0, count: 1 });
    const doc = store.get().doc;
    const entries = store.get().history.entries.length;
    // a table keeps one row (the panel's delete button, the table named by its id)
    store.send({ type: "table.row.delete", id, index: 0 });
    expect(messages.at(-1)).toEqual(["warning", "editor.ops.keepOneRow"]);
    expect(store.get().doc).toBe(doc);
    expect(store.get().history.entries).toHaveLength(entries);
    // an element that is gone: notFound
    store.send({ type: "element.update", id: "gone", kind: "Text", patch: { Name: "x" } });
    expect(messages.at(-1)).toEqual(["warning", "editor.ops.notFound"]);
    store.send({ type: "table.cells.merge", id: "gone", cells: [[0, 0]] });
    expect(messages.at(-1)).toEqual(["warning", "editor.ops.notFound"]);
    expect(store.get().doc).toBe(doc);
  });

  it("feeds the inspector: every actor by systemId, the event log", () => {
    const { store, events } = setup();
    for (const e of events) inspectorSink.inspect(e);
    store.send({ type: "selection.all" });
    for (const e of events) inspectorSink.inspect(e);
    const keys = inspectorSink.actors().map((a) => a.key);
    for (const id of ["editor", "selection", "history", "canvasInteraction"]) expect(keys).toContain(id);
    expect(inspectorSink.log().some((r) => r.type === "selection.all")).toBe(true);
  });

  it("every action runs on an empty document without throwing", () => {
    const { run } = setup();
    for (const a of ACTIONS) expect(() => run(a.id)).not.toThrow();
  });
});

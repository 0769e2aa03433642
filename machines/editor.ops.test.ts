// The editor's op map: every document change is a typed event of plain data, run by the machine as
// one history entry, refusals reported as messages.
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { createElement, emptyDocument, type LabelElement, type TableElement } from "../src/model";
import { editorMachine, selectionOf } from "./editor.machine";
import { EDITOR_OPS, OP_EVENTS } from "./editor.ops";

function start() {
  const els: LabelElement[] = [];
  els.push(createElement("Rectangle", els, { x: 10, y: 10, width: 20, height: 10 }));
  els.push(createElement("Table", els, { x: 40, y: 30 }));
  const actor = createActor(editorMachine, { input: { doc: { ...emptyDocument(), elements: els } } });
  const messages: string[] = [];
  actor.on("message", (e) => messages.push(e.key));
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const entries = () => ctx().history.getSnapshot().context.history.entries.length;
  const table = () => ctx().doc.elements.find((e) => e.Type === "Table") as TableElement;
  return { actor, ctx, entries, messages, rect: els[0].Id, tableId: els[1].Id, table };
}

describe("editor op map", () => {
  it("OP_EVENTS are the map's event types, and the machine answers each of them", () => {
    expect(OP_EVENTS).toEqual(Object.keys(EDITOR_OPS));
    const on = editorMachine.root.states.ready.on as Record<string, unknown>;
    for (const t of OP_EVENTS) expect(on[t], t).toBeDefined();
  });

  it("the panel's table edits name their table (nothing selected) and each is one entry", () => {
    const { actor, entries, table, tableId, messages } = start();
    expect(selectionOf(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: "table.count", id: tableId, axis: 0, count: 4 });
    expect(table().Row).toBe(4);
    expect(entries()).toBe(1);
    actor.send({ type: "table.cellSize", id: tableId, axis: 1, index: 0, size: 7 });
    expect(table().CellWidth[0]).toBe(7);
    actor.send({ type: "table.row.insert", id: tableId, at: 0 });
    expect(table().Row).toBe(5);
    actor.send({ type: "table.column.delete", id: tableId, index: 0 });
    actor.send({
      type: "table.cells.merge",
      id: tableId,
      cells: [
        [0, 0],
        [1, 0],
      ],
    });
    expect(
      table().cells.find((c) => c.LocaltionStart[0] === 0 && c.LocaltionStart[1] === 0)?.LocaltionEnd,
    ).toEqual([1, 0]);
    actor.send({ type: "table.cells.split", id: tableId, cells: [[0, 0]] });
    expect(entries()).toBe(6);
    expect(messages).toEqual([]);
    // without an id the one selected table is meant: nothing selected refuses (tip108)
    actor.send({ type: "table.row.insert" });
    expect(messages.at(-1)).toBe("tip.tip108");
    expect(entries()).toBe(6);
  });

  it("moves, rotates and sizes the elements it names, one entry each", () => {
    const { actor, ctx, entries, rect } = start();
    const el = () => ctx().doc.elements.find((e) => e.Id === rect) as LabelElement;
    actor.send({ type: "elements.move", ids: [rect], dx: 5, dy: -2 });
    expect([el().StartX, el().StartY]).toEqual([15, 8]);
    actor.send({ type: "elements.rotate", ids: [rect], rotate: 90 });
    expect(el().Rotate).toBe(90);
    actor.send({ type: "element.size", id: rect, axis: "width", size: 12 });
    actor.send({ type: "elements.update", ids: [rect], kind: "Rectangle", patch: { Name: "R" } });
    expect(el().Name).toBe("R");
    expect(entries()).toBe(4);
    actor.send({ type: "history.undo" });
    expect(el().Name).not.toBe("R");
  });
});

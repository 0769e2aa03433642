// The selected table's cells and inner lines through the editor machine: a click on a cell picks it,
// once cells are picked presses pick, toggle, extend and drag rectangles; Escape, another selection
// or the panel's events change the pick; an inner line dragged is one history entry (reverted under
// 0.5 mm, nothing on Escape); the pick is in the context the inspector shows.
import { describe, expect, it } from "vitest";
import { createActor, type InspectionEvent } from "xstate";
import { contextText } from "../src/editor/inspector/sink";
import { PX_PER_MM, TABLE_BORDER_GRAB_PX } from "../src/model/constants";
import { emptyDocument } from "../src/model/defaults";
import { createElement } from "../src/model/kinds";
import { tableGrid } from "../src/model/kinds/tableGrid";
import { setTableCount } from "../src/model/ops/tableStructure";
import { isRefusal, type OpResult } from "../src/model/ops/types";
import type { LabelDocument, TableElement } from "../src/model/types";
import { editorMachine, selectionOf } from "./editor.machine";

const ok = (r: OpResult) => {
  if (isRefusal(r)) throw new Error(r.refused);
  return r.doc;
};

/** A label with a 3 × 3 table and a rectangle, the table selected. */
function start(inspect?: (e: InspectionEvent) => void) {
  const t0 = createElement("Table", [], { x: 10, y: 10 }) as TableElement;
  const rect = createElement("Rectangle", [t0], { x: 80, y: 60, width: 10, height: 10 });
  let d: LabelDocument = { ...emptyDocument(), elements: [t0, rect] };
  d = ok(setTableCount(d, t0.Id, 0, 3));
  d = ok(setTableCount(d, t0.Id, 1, 3));
  const actor = createActor(editorMachine, { input: { doc: d }, inspect });
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const table = () => ctx().doc.elements[0] as TableElement;
  const id = t0.Id;
  actor.send({ type: "selection.set", ids: [id] });
  /** the label point at the centre of a grid cell */
  const cell = (r: number, c: number) => {
    const g = tableGrid(table());
    return {
      x: table().StartX + (g.xs[c] + g.xs[c + 1]) / 2,
      y: table().StartY + (g.ys[r] + g.ys[r + 1]) / 2,
    };
  };
  const press = (p: { x: number; y: number }, mods: { ctrl?: boolean; shift?: boolean } = {}) =>
    actor.send({ type: "pointer.down", point: p, target: { kind: "element", id }, ...mods });
  const click = (p: { x: number; y: number }, mods: { ctrl?: boolean; shift?: boolean } = {}) => {
    press(p, mods);
    actor.send({ type: "pointer.up", point: p });
  };
  const picked = () => ctx().cells?.cells.map((p) => `${p[0]},${p[1]}`) ?? [];
  const hist = () => ctx().history.getSnapshot().context.history;
  return { actor, ctx, table, id, rectId: rect.Id, cell, press, click, picked, hist };
}

describe("the selected table's cells", () => {
  it("a plain click on a cell picks it; with none picked a drag still moves the table", () => {
    const { actor, ctx, table, id, cell, press, click, picked } = start();
    const x0 = table().StartX;
    press(cell(0, 0));
    actor.send({ type: "pointer.move", point: { x: cell(0, 0).x + 5, y: cell(0, 0).y } });
    actor.send({ type: "pointer.up" });
    expect(table().StartX).toBeCloseTo(x0 + 5, 3);
    expect(ctx().cells).toBeNull();
    click(cell(1, 2));
    expect(ctx().cells).toEqual({ tableId: id, cells: [[1, 2]], anchor: [1, 2] });
    expect(picked()).toEqual(["1,2"]);
  });

  it("once cells are picked, presses pick: click, Ctrl toggles, Shift extends, a drag spans a rectangle", () => {
    const { actor, ctx, table, cell, press, click, picked } = start();
    click(cell(0, 0));
    click(cell(2, 2));
    expect(picked()).toEqual(["2,2"]);
    click(cell(0, 0), { ctrl: true });
    expect(picked()).toEqual(["2,2", "0,0"]);
    click(cell(0, 0), { ctrl: true });
    expect(picked()).toEqual(["2,2"]);
    // Shift extends from the anchor, the cell Ctrl-clicked last
    click(cell(2, 0), { shift: true });
    expect(picked()).toEqual(["0,0", "1,0", "2,0"]);
    const box = { ...table() };
    press(cell(0, 1));
    actor.send({ type: "pointer.move", point: cell(1, 1) });
    actor.send({ type: "pointer.move", point: cell(1, 2) });
    actor.send({ type: "pointer.up" });
    expect(picked().sort()).toEqual(["0,1", "0,2", "1,1", "1,2"]);
    expect(ctx().cells?.anchor).toEqual([0, 1]);
    expect([table().StartX, table().StartY]).toEqual([box.StartX, box.StartY]); // the table stayed put
  });

  it("Escape, another selection or undo ends the pick; the panel's grid picks through events", () => {
    const { actor, ctx, id, rectId, cell, click, picked } = start();
    click(cell(1, 1));
    actor.send({ type: "key.escape" });
    expect(ctx().cells).toBeNull();
    actor.send({ type: "table.cells.click", id, cell: [0, 0], toggle: false, extend: false });
    actor.send({ type: "table.cells.click", id, cell: [1, 1], toggle: false, extend: true });
    expect(picked()).toEqual(["0,0", "0,1", "1,0", "1,1"]);
    actor.send({ type: "table.cells.pick", id, cells: [[2, 2]] });
    expect(ctx().cells).toEqual({ tableId: id, cells: [[2, 2]], anchor: [2, 2] });
    actor.send({ type: "selection.set", ids: [rectId] });
    expect(ctx().cells).toBeNull();
    actor.send({ type: "selection.set", ids: [id] });
    expect(ctx().cells).toBeNull(); // selected again: nothing picked from before
    actor.send({ type: "table.cells.pick", id, cells: [[0, 0]] });
    actor.send({ type: "selection.set", ids: [] });
    expect(ctx().cells).toBeNull();
    expect(selectionOf(ctx())).toEqual([]);
  });

  it("the pick is in the editor's context as the inspector sees it", () => {
    const seen: unknown[] = [];
    const { actor, id, cell, click } = start((e) => {
      const c = e.type === "@xstate.snapshot" ? (e.snapshot as { context?: object }).context : undefined;
      if (c && "cells" in c) seen.push(c.cells); // the editor's own snapshots
    });
    click(cell(2, 1));
    expect(seen).toContainEqual({ tableId: id, cells: [[2, 1]], anchor: [2, 1] });
    // the in-app inspector's context text (its first 4,000 characters) shows it, before the document
    const text = contextText(actor.getSnapshot().context);
    const head = text.slice(0, text.indexOf('"doc"'));
    expect(head).toContain(`"tableId": "${id}"`);
    expect(head.replace(/\s+/g, "")).toContain('"anchor":[2,1]');
  });
});

describe("dragging an inner line of the selected table", () => {
  const tol = TABLE_BORDER_GRAB_PX / PX_PER_MM;

  it("the two neighbouring cells share their size: one history entry, the guide while dragging", () => {
    const { actor, ctx, table, cell, hist } = start();
    const g = tableGrid(table());
    const w = [...table().CellWidth];
    const line = { x: table().StartX + g.xs[1] + tol / 2, y: cell(1, 0).y };
    actor.send({ type: "pointer.down", point: line, target: { kind: "element", id: table().Id } });
    actor.send({ type: "pointer.move", point: { x: line.x + 2, y: line.y } });
    expect(ctx().borderDrag?.border).toEqual({ axis: 1, index: 1 });
    expect(ctx().borderDrag?.sizes).not.toBeNull();
    expect(table().CellWidth).toEqual(w); // nothing changes before the release
    actor.send({ type: "pointer.up" });
    expect(ctx().borderDrag).toBeNull();
    expect(table().CellWidth[0]).toBeCloseTo(w[0] + 2 + tol / 2, 2);
    expect(table().CellWidth[0] + table().CellWidth[1]).toBeCloseTo(w[0] + w[1], 2);
    expect(table().CellWidth[2]).toBeCloseTo(w[2], 3);
    expect(hist().entries).toHaveLength(1);
    expect(ctx().cells).toBeNull(); // a line press picks no cell
  });

  it("past the next line (a cell under 0.5 mm) it is reverted, and Escape leaves it as it was", () => {
    const { actor, ctx, table, cell, hist } = start();
    const g = tableGrid(table());
    const w = [...table().CellWidth];
    const line = { x: table().StartX + g.xs[1], y: cell(1, 0).y };
    actor.send({ type: "pointer.down", point: line, target: { kind: "element", id: table().Id } });
    actor.send({ type: "pointer.move", point: { x: table().StartX + g.xs[2] + 1, y: line.y } });
    expect(ctx().borderDrag?.sizes).toBeNull();
    actor.send({ type: "pointer.up" });
    actor.send({ type: "pointer.down", point: line, target: { kind: "canvas" } });
    actor.send({ type: "pointer.move", point: { x: line.x + 2, y: line.y } });
    actor.send({ type: "key.escape" });
    expect(ctx().borderDrag).toBeNull();
    actor.send({ type: "pointer.up" });
    expect(table().CellWidth).toEqual(w);
    expect(hist().entries).toHaveLength(0);
  });

  it("a line of a table that is not the one selected is not grabbed: the press selects as usual", () => {
    const { actor, ctx, table, rectId, cell } = start();
    actor.send({ type: "selection.set", ids: [rectId] });
    const g = tableGrid(table());
    const line = { x: table().StartX + g.xs[1], y: cell(1, 0).y };
    actor.send({ type: "pointer.down", point: line, target: { kind: "element", id: table().Id } });
    actor.send({ type: "pointer.up" });
    expect(selectionOf(ctx())).toEqual([table().Id]);
    expect(ctx().borderDrag).toBeNull();
    expect(ctx().cells).toBeNull();
  });
});

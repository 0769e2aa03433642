// The table shortcuts act at the cells picked on the canvas / in the panel (the editor machine's
// `cells`), and at the end without any.
import { describe, expect, it } from "vitest";
import { action } from "../../src/editor/actions/registry";
import type { ActionContext } from "../../src/editor/actions/types";
import type { TableElement } from "../../src/model/types";
import { testEditorStore } from "./editorStore";

function setup() {
  const store = testEditorStore({ inspect: () => {} });
  const ctx: ActionContext = {
    store,
    viewport: null,
    prefs: { showGrid: false, setShowGrid: () => {} },
    ui: { openLabelSettings: () => {}, save: () => {}, download: () => {}, print: () => {}, scan: () => {} },
  };
  store.send({ type: "element.add", elementType: "Table", x: 10, y: 10 });
  const table = () => store.get().doc.elements[0] as TableElement;
  store.select([table().Id]);
  const pick = (id: string, cells: readonly (readonly [number, number])[]) =>
    store.send({ type: "table.cells.pick", id, cells });
  return { store, ctx, table, pick, run: (id: string) => action(id).perform(ctx) };
}

describe("table shortcuts and the picked cells", () => {
  it("insert below / right of the picked cell and delete its row / column", () => {
    const { table, run, pick } = setup();
    expect([table().Row, table().Column]).toEqual([2, 2]);
    const widths = table().CellWidth;
    pick(table().Id, [[0, 0]]);
    run("table.insertRow");
    expect(table().Row).toBe(3);
    run("table.insertColumn");
    expect(table().Column).toBe(3);
    expect(table().CellWidth.length).toBe(widths.length + 1);

    pick(table().Id, [[2, 2]]);
    run("table.deleteRow");
    run("table.deleteColumn");
    expect([table().Row, table().Column]).toEqual([2, 2]);
  });

  it("acts at the picked row, not at the end", () => {
    const { table, run, store, pick } = setup();
    run("table.insertRow"); // no pick: at the end -> 3 rows
    const h = table().CellHeight;
    // make each row recognisable by its height, then delete row 0 through the picked cell
    store.send({ type: "table.cellSize", id: table().Id, axis: 0, index: 0, size: h[0] + 5 });
    store.send({ type: "table.cellSize", id: table().Id, axis: 0, index: 2, size: h[2] + 2 });
    const [r0, r1, r2] = table().CellHeight;
    expect(r0).not.toBe(r1);
    pick(table().Id, [[0, 0]]);
    run("table.deleteRow");
    expect(table().Row).toBe(2);
    expect(table().CellHeight).toEqual([r1, r2]);
  });

  it("ignores a pick that belongs to another table or a stale pick", () => {
    const { table, run, pick } = setup();
    pick("someone-else", [[0, 0]]);
    run("table.deleteRow"); // acts at the end
    expect(table().Row).toBe(1);
    pick(table().Id, [[7, 7]]); // no such cell any more
    run("table.insertColumn");
    expect(table().Column).toBe(3);
  });
});

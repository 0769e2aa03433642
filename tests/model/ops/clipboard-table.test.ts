import { describe, expect, it } from "vitest";
import { createDataSource, PX_PER_MM, type TableElement, type TextElement } from "../../../src/model";
import {
  cellAt,
  copyElements,
  deleteTableColumn,
  deleteTableRow,
  insertTableColumn,
  insertTableRow,
  isRefusal,
  mergeTableCells,
  pasteElements,
  selectedTable,
  splitTableCell,
  updateElement,
  updateTableCells,
} from "../../../src/model/ops";
import { byId, docWith, ids, ok } from "./helpers";

describe("copy / paste", () => {
  it("copies unlocked elements only; all locked is tip109, nothing is tip108", () => {
    const d = docWith([
      { type: "Text", x: 0, y: 0 },
      { type: "Rectangle", x: 0, y: 0, over: { Lock: true } },
    ]);
    const [a, b] = ids(d);
    const r = copyElements(d, [a, b]);
    expect("clipboard" in r && r.clipboard.elements.map((e) => e.Id)).toEqual([a]);
    expect("message" in r && r.message).toBe("tip.tip35");
    expect(copyElements(d, [b])).toEqual({ refused: "tip.tip109" });
    expect(copyElements(d, [])).toEqual({ refused: "tip.tip108" });
  });
  it("pastes with new ids and names, offset 20 units per paste, references remapped", () => {
    const d0 = docWith([
      { type: "Text", x: 0, y: 0 },
      { type: "Text", x: 0, y: 10 },
    ]);
    const [a, b] = ids(d0);
    const d = ok(
      updateElement(d0, b, {
        DataSourceList: [createDataSource({ DataSourceType: 3, ReferenceId: a })],
      } as never),
    ).doc;
    const clip = copyElements(d, [a, b]);
    if (!("clipboard" in clip)) throw new Error("copy refused");
    const p = ok(pasteElements(d, clip.clipboard, 2));
    const [ca, cb] = p.doc.elements.slice(2);
    expect(p.select).toEqual([ca.Id, cb.Id]);
    expect(new Set([a, b, ca.Id, cb.Id]).size).toBe(4);
    expect([ca.Name, cb.Name]).toEqual(["Text3", "Text4"]);
    expect(ca.StartX).toBeCloseTo((2 * 20) / PX_PER_MM);
    expect((cb as TextElement).DataSourceList[0].ReferenceId).toBe(ca.Id);
    expect(isRefusal(pasteElements(d, null)) && "empty").toBe("empty");
  });
});

function table(rows = 2, cols = 2) {
  let d = docWith([{ type: "Table", x: 0, y: 0 }]);
  const id = d.elements[0].Id;
  for (let r = 2; r < rows; r++) d = ok(insertTableRow(d, id, r)).doc;
  for (let c = 2; c < cols; c++) d = ok(insertTableColumn(d, id, c)).doc;
  return { d, id, t: () => d.elements[0] as TableElement };
}

const tableOf = (doc: { elements: readonly unknown[] }) => doc.elements[0] as TableElement;

describe("table structure", () => {
  it("inserts and deletes rows and columns, keeping sizes and one of each", () => {
    const { d, id } = table();
    const t0 = tableOf(d);
    const r1 = tableOf(ok(insertTableRow(d, id, 1)).doc);
    expect(r1.Row).toBe(3);
    expect(r1.cells).toHaveLength(6);
    expect(r1.Height).toBeCloseTo(t0.Height + t0.CellHeight[0]);
    expect(r1.cells.map((c) => c.LocaltionStart)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
    ]);
    const c1 = tableOf(ok(insertTableColumn(d, id, 0)).doc);
    expect(c1.Column).toBe(3);
    expect(c1.Width).toBeCloseTo(t0.Width + t0.CellWidth[0]);
    const del = tableOf(ok(deleteTableRow(d, id, 0)).doc);
    expect(del.Row).toBe(1);
    expect(del.cells.map((c) => c.LocaltionStart)).toEqual([
      [0, 0],
      [0, 1],
    ]);
    const one = deleteTableRow(ok(deleteTableRow(d, id, 0)).doc, id, 0);
    expect(one).toEqual({ refused: "editor.ops.keepOneRow" });
    const oneCol = ok(deleteTableColumn(d, id, 1)).doc;
    expect(deleteTableColumn(oneCol, id, 0)).toEqual({ refused: "editor.ops.keepOneColumn" });
  });

  it("merges ≥ 2 cells into a rectangle and splits exactly one merged cell", () => {
    const { d, id } = table(3, 3);
    expect(mergeTableCells(d, id, [[0, 0]])).toEqual({ refused: "editor.ops.mergeNeedsTwo" });
    const withData = ok(updateTableCells(d, id, [[0, 0]], { Data: "keep" })).doc;
    const m = ok(
      mergeTableCells(withData, id, [
        [0, 0],
        [1, 1],
      ]),
    ).doc;
    const t = tableOf(m);
    expect(t.cells).toHaveLength(9 - 3);
    const big = cellAt(t, 1, 1);
    expect(big?.LocaltionStart).toEqual([0, 0]);
    expect(big?.LocaltionEnd).toEqual([1, 1]);
    expect(big?.Data).toBe("keep");
    // a rectangle that would cut the merged cell is refused
    expect(
      mergeTableCells(m, id, [
        [1, 2],
        [2, 1],
      ]),
    ).toEqual({ refused: "editor.ops.mergeNotRectangle" });
    // including the whole merged cell is fine
    expect(
      cellAt(
        tableOf(
          ok(
            mergeTableCells(m, id, [
              [1, 1],
              [1, 2],
            ]),
          ).doc,
        ),
        0,
        2,
      )?.LocaltionEnd,
    ).toEqual([1, 2]);
    expect(splitTableCell(m, id, [[2, 2]])).toEqual({ refused: "editor.ops.splitNeedsOneMerged" });
    expect(
      splitTableCell(m, id, [
        [0, 0],
        [2, 2],
      ]),
    ).toEqual({ refused: "editor.ops.splitNeedsOneMerged" });
    const s = tableOf(ok(splitTableCell(m, id, [[1, 0]])).doc);
    expect(s.cells).toHaveLength(9);
    expect(cellAt(s, 0, 0)?.Data).toBe("keep");
    expect(cellAt(s, 1, 1)?.Data).toBe("");
  });

  it("extends a merged cell when a row is inserted inside it and shrinks it on delete", () => {
    const { d, id } = table(3, 2);
    const m = ok(
      mergeTableCells(d, id, [
        [0, 0],
        [1, 0],
      ]),
    ).doc;
    const ins = tableOf(ok(insertTableRow(m, id, 1)).doc);
    expect(cellAt(ins, 0, 0)?.LocaltionEnd).toEqual([2, 0]);
    expect(ins.cells).toHaveLength(5 + 1);
    const del = tableOf(ok(deleteTableRow(m, id, 1)).doc);
    expect(cellAt(del, 0, 0)?.LocaltionEnd).toEqual([0, 0]);
    expect(del.Row).toBe(2);
  });

  it("needs a single selected table for the row/column shortcuts", () => {
    const d = docWith([
      { type: "Table", x: 0, y: 0 },
      { type: "Text", x: 0, y: 0 },
    ]);
    // several selected: "select a single layer" (spec §8); one that is not a table: a table, please
    expect(selectedTable(d, ids(d))).toEqual({ refused: "editor.ops.singleLayer" });
    expect(selectedTable(d, [ids(d)[1]])).toEqual({ refused: "editor.ops.tableNeedsSingle" });
    expect(selectedTable(d, [])).toEqual({ refused: "tip.tip108" });
    expect((selectedTable(d, [ids(d)[0]]) as TableElement).Type).toBe("Table");
  });

  it("clamps table cell font sizes to whole 1..100", () => {
    const { d, id } = table();
    const t = tableOf(ok(updateTableCells(d, id, [[0, 1]], { FontSize: 12.7 })).doc);
    expect(cellAt(t, 0, 1)?.FontSize).toBe(13);
    expect(byId(d, id)).toBe(d.elements[0]);
  });
});

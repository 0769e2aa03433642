// The shared table cell selection: rectangle ranges grow over merged cells (so they can be merged),
// the selection belongs to one table, and subscribers hear every change.
import { describe, expect, it, vi } from "vitest";
import { cellRange, createCellSelection, unionCells } from "../../src/elements/table/cellSelection";
import { setTableCount } from "../../src/elements/table/structure";
import { createElement, emptyDocument } from "../../src/model/defaults";
import { mergeTableCells } from "../../src/model/ops/table";
import { isRefusal, type OpResult } from "../../src/model/ops/types";
import type { LabelDocument, TableElement } from "../../src/model/types";

const ok = (r: OpResult) => {
  if (isRefusal(r)) throw new Error(r.refused);
  return r.doc;
};

/** A 3 × 3 table. */
function table3(): [LabelDocument, TableElement] {
  const t = createElement("Table", [], { x: 5, y: 5 }) as TableElement;
  let d: LabelDocument = { ...emptyDocument(), elements: [t] };
  d = ok(setTableCount(d, t.Id, 0, 3));
  d = ok(setTableCount(d, t.Id, 1, 3));
  return [d, d.elements[0] as TableElement];
}

describe("cellRange", () => {
  it("spans the rectangle between two cells, in either direction", () => {
    const [, t] = table3();
    const want = [
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 2],
    ];
    expect(cellRange(t, [0, 1], [1, 2])).toEqual(want);
    expect(cellRange(t, [1, 2], [0, 1])).toEqual(want);
    expect(cellRange(t, [2, 2], [2, 2])).toEqual([[2, 2]]);
  });

  it("grows over a merged cell sticking out, so the range can always be merged", () => {
    const [d, t] = table3();
    // merge (1,0)-(2,1)
    const merged = ok(
      mergeTableCells(d, t.Id, [
        [1, 0],
        [2, 1],
      ]),
    ).elements[0] as TableElement;
    // a drag from (0,1) down to (1,1) touches the merged cell: its whole span joins
    const r = cellRange(merged, [0, 1], [1, 1]);
    expect(r).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(isRefusal(mergeTableCells(d, t.Id, r))).toBe(false);
    const whole = ok(mergeTableCells({ ...d, elements: [merged] }, t.Id, r)).elements[0] as TableElement;
    expect(
      whole.cells.find((c) => c.LocaltionStart[0] === 0 && c.LocaltionStart[1] === 0)?.LocaltionEnd,
    ).toEqual([2, 1]);
  });
});

describe("cell selection store", () => {
  it("belongs to one table, notifies, clears", () => {
    const s = createCellSelection();
    const heard = vi.fn();
    const off = s.subscribe(heard);
    s.set("A", [[0, 0]]);
    expect(s.cellsOf("A")).toEqual([[0, 0]]);
    expect(s.cellsOf("B")).toEqual([]);
    expect(s.get().anchor).toEqual([0, 0]);
    s.set(
      "A",
      [
        [0, 0],
        [1, 1],
      ],
      [1, 1],
    );
    expect(s.get().anchor).toEqual([1, 1]);
    s.clear();
    expect(s.cellsOf("A")).toEqual([]);
    s.clear(); // already empty: no event
    expect(heard).toHaveBeenCalledTimes(3);
    off();
    s.set("A", [[0, 0]]);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("unionCells keeps each cell once", () => {
    expect(
      unionCells(
        [[0, 0]],
        [
          [0, 0],
          [0, 1],
        ],
      ),
    ).toEqual([
      [0, 0],
      [0, 1],
    ]);
  });
});

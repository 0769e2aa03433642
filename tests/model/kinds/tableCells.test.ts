// The table cell selection's rules: rectangle ranges grow over merged cells (so they can be merged),
// clicks pick / toggle / extend, and rows and columns are inserted and deleted where the picked cells
// are (the panel and the shortcuts alike); the grid under a canvas point, rotation included, and inner
// borders dragged on the canvas (0.5 mm minimum, else reverted).
import { describe, expect, it } from "vitest";
import { emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import { cellRange, cellsTarget, clickedCells, unionCells } from "../../../src/model/kinds/tableCells";
import {
  borderAt,
  cellAt,
  sizesAfterDrag,
  tableBorderAt,
  tableGrid,
} from "../../../src/model/kinds/tableGrid";
import { mergeTableCells, setTableSizes } from "../../../src/model/ops/table";
import { setTableCount } from "../../../src/model/ops/tableStructure";
import { isRefusal, type OpResult } from "../../../src/model/ops/types";
import type { LabelDocument, TableElement } from "../../../src/model/types";

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

/** The table with the block between two cells merged. */
const mergedTable = (
  d: LabelDocument,
  t: TableElement,
  a: readonly [number, number],
  b: readonly [number, number],
) => ok(mergeTableCells(d, t.Id, [a, b])).elements[0] as TableElement;

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
    const merged = mergedTable(d, t, [1, 0], [2, 1]);
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

describe("unionCells", () => {
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

describe("dragging an inner border", () => {
  it("finds the nearest inner line within the tolerance, never the outer edge", () => {
    const [, t] = table3();
    const g = tableGrid(t);
    const x1 = g.xs[1];
    expect(borderAt(g, x1 + 0.2, 5, 0.5)).toEqual({ axis: 1, index: 1 });
    expect(borderAt(g, 5, g.ys[2] - 0.3, 0.5)).toEqual({ axis: 0, index: 2 });
    expect(borderAt(g, x1 + 2, g.ys[1] + 2, 0.5)).toBeNull();
    expect(borderAt(g, 0.1, 5, 0.5)).toBeNull(); // outer edge: the resize handles' business
    expect(borderAt(g, x1, -5, 0.5)).toBeNull(); // outside the table
  });

  it("moves the two neighbouring sizes, and reverts under 0.5 mm", () => {
    const [d, t] = table3();
    const g = tableGrid(t);
    const w = g.xs[1] - g.xs[0];
    const sizes = sizesAfterDrag(g, { axis: 1, index: 1 }, g.xs[1] + 3);
    expect(sizes?.[0]).toBeCloseTo(w + 3, 3);
    expect(sizes?.[1]).toBeCloseTo(w - 3, 3);
    expect(sizes?.[2]).toBeCloseTo(w, 3);
    expect(sizesAfterDrag(g, { axis: 1, index: 1 }, g.xs[2] - 0.4)).toBeNull();
    expect(sizesAfterDrag(g, { axis: 0, index: 1 }, 0.3)).toBeNull();
    const next = ok(setTableSizes(d, t.Id, 1, sizes ?? [])).elements[0] as TableElement;
    expect(next.CellWidth).toEqual(sizes);
    expect(next.Width).toBeCloseTo(3 * w, 2);
    // wrong length or non-positive sizes change nothing
    expect(ok(setTableSizes(d, t.Id, 1, [1, 2])).elements[0]).toBe(t);
    expect(ok(setTableSizes(d, t.Id, 0, [1, -2, 3])).elements[0]).toBe(t);
  });
});

describe("clickedCells (canvas and panel grid)", () => {
  it("a plain click picks that cell alone; Ctrl toggles; Shift extends from the anchor", () => {
    const [, t] = table3();
    const four = [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ] as const;
    expect(clickedCells(t, four, [0, 0], [2, 2], { toggle: false, extend: false })).toEqual({
      cells: [[2, 2]],
      anchor: [2, 2],
    });
    expect(clickedCells(t, four, [0, 0], [1, 1], { toggle: true, extend: false }).cells).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
    const ext = clickedCells(t, [[0, 0]], [0, 0], [0, 2], { toggle: false, extend: true });
    expect(ext).toEqual({
      cells: [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
      anchor: [0, 0],
    });
    // Shift with no anchor yet picks the one cell
    expect(clickedCells(t, [], null, [1, 2], { toggle: false, extend: true }).cells).toEqual([[1, 2]]);
  });
});

describe("cellsTarget (the panel's row and column buttons and the shortcuts)", () => {
  it("inserts below / right of the whole picked block and deletes its first row / column", () => {
    const [, t] = table3();
    // picked top-left first, then a cell two rows down: below the block is row 3, not row 1
    expect(
      cellsTarget(t, [
        [0, 0],
        [2, 1],
      ]),
    ).toEqual({ before: [0, 0], after: [3, 2], first: [0, 0] });
    expect(
      cellsTarget(t, [
        [2, 1],
        [1, 2],
      ]),
    ).toEqual({ before: [1, 1], after: [3, 3], first: [1, 1] });
  });

  it("counts a merged cell with its whole span; no live pick acts at the end", () => {
    const merged = mergedTable(...table3(), [0, 0], [1, 1]);
    expect(cellsTarget(merged, [[0, 0]]).after).toEqual([2, 2]);
    expect(cellsTarget(merged, [])).toEqual({ before: [2, 2], after: [3, 3], first: [2, 2] });
    expect(cellsTarget(merged, [[1, 1]])).toEqual(cellsTarget(merged, [])); // covered: no record
  });
});

describe("the grid under a canvas point", () => {
  it("finds the cell and the inner line under a label point, the table turned or not", () => {
    const [, t] = table3();
    const g = tableGrid(t);
    const at = (x: number, y: number) => ({ x: t.StartX + x, y: t.StartY + y });
    const mid = (edges: readonly number[], i: number) => (edges[i] + edges[i + 1]) / 2;
    expect(cellAt(t, at(mid(g.xs, 2), mid(g.ys, 0)))).toEqual([0, 2]);
    expect(cellAt(t, at(-1, 1))).toBeNull();
    expect(tableBorderAt(t, at(g.xs[1] + 0.1, mid(g.ys, 1)), 0.3)).toEqual({ axis: 1, index: 1 });
    // turned 90° clockwise about its centre: the local top-right cell is drawn at the bottom right
    const turned = { ...t, Rotate: 90 } as TableElement;
    const cx = t.StartX + t.Width / 2;
    const cy = t.StartY + t.Height / 2;
    // local (x, y) → label (cx − (y − h/2), cy + (x − w/2))
    const label = (x: number, y: number) => ({ x: cx - (y - t.Height / 2), y: cy + (x - t.Width / 2) });
    expect(cellAt(turned, label(mid(g.xs, 2), mid(g.ys, 0)))).toEqual([0, 2]);
    expect(tableBorderAt(turned, label(g.xs[2], mid(g.ys, 1)), 0.3)).toEqual({ axis: 1, index: 2 });
  });
});

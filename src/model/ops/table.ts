// Table structure: insert/delete rows and columns, merge and split cells. A merged cell is one
// record spanning LocaltionStart..LocaltionEnd (row, column); the cells it covers have no record.
// A table keeps at least one row and one column, at most 100 of each.
import { BOUNDS } from "../bounds";
import { createTableCell } from "../defaults";
import { hasCells } from "../kinds/caps";
import type { LabelDocument, TableCell, TableElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { replaceElements, selected } from "./targets";
import type { OpRefusal, OpResult } from "./types";

type Axis = 0 | 1; // 0 rows, 1 columns
type Pos = readonly [number, number];

/** The one selected table the row/column shortcuts act on (they need a single selected element). */
export function selectedTable(doc: LabelDocument, ids: readonly string[]): TableElement | OpRefusal {
  const sel = selected(doc, ids);
  if (sel.length === 0) return refuse(MSG.noSelection);
  // several elements: one must be chosen first (spec §8 "select a single layer")
  if (sel.length > 1) return refuse(MSG.singleLayer);
  if (sel.length !== 1 || !hasCells(sel[0])) return refuse(MSG.tableNeedsSingle);
  return sel[0];
}

function findTable(doc: LabelDocument, id: string): TableElement | null {
  const t = doc.elements.find((e) => e.Id === id);
  return t && hasCells(t) ? t : null;
}

/** The cell record covering a grid position, if any. */
export function cellAt(t: TableElement, r: number, c: number): TableCell | undefined {
  return t.cells.find(
    (cell) =>
      cell.LocaltionStart[0] <= r &&
      r <= cell.LocaltionEnd[0] &&
      cell.LocaltionStart[1] <= c &&
      c <= cell.LocaltionEnd[1],
  );
}

/** A blank cell with the text style of another (new rows/columns and split parts look like their neighbours). */
function styledLike(src: TableCell | undefined, r: number, c: number): TableCell {
  if (!src) return createTableCell(r, c);
  return createTableCell(r, c, {
    FontFamily: src.FontFamily,
    fontFamilyUrl: src.fontFamilyUrl,
    FontSize: src.FontSize,
    Bold: src.Bold,
    Italic: src.Italic,
    UnderLine: src.UnderLine,
    DeleteLine: src.DeleteLine,
    TextAlign: src.TextAlign,
    TextArrange: src.TextArrange,
    LineHeight: src.LineHeight,
    LetterSpacing: src.LetterSpacing,
    TextAutoLine: src.TextAutoLine,
  });
}

function sortCells(cells: TableCell[]): TableCell[] {
  return cells.sort(
    (a, b) => a.LocaltionStart[0] - b.LocaltionStart[0] || a.LocaltionStart[1] - b.LocaltionStart[1],
  );
}

function withAxis(p: Pos, axis: Axis, v: number): [number, number] {
  return axis === 0 ? [v, p[1]] : [p[0], v];
}

function rebuilt(t: TableElement, cells: TableCell[], sizes: number[], axis: Axis): TableElement {
  const sum = sizes.reduce((a, b) => a + b, 0);
  return axis === 0
    ? { ...t, Row: sizes.length, CellHeight: sizes, Height: sum, cells: sortCells(cells) }
    : { ...t, Column: sizes.length, CellWidth: sizes, Width: sum, cells: sortCells(cells) };
}

function insertLine(t: TableElement, axis: Axis, atRaw: number): TableElement | OpRefusal {
  const sizes = [...(axis === 0 ? t.CellHeight : t.CellWidth)];
  const max = axis === 0 ? BOUNDS.TableRows.max : BOUNDS.TableColumns.max;
  if (sizes.length >= max) return refuse(axis === 0 ? MSG.tableMaxRows : MSG.tableMaxColumns);
  const at = Math.max(0, Math.min(sizes.length, Math.round(Number.isFinite(atRaw) ? atRaw : sizes.length)));
  const size = sizes[Math.min(at, sizes.length - 1)] ?? sizes[at - 1];
  sizes.splice(at, 0, size);
  const cells: TableCell[] = t.cells.map((cell) => {
    const s = cell.LocaltionStart[axis];
    const e = cell.LocaltionEnd[axis];
    if (s >= at)
      return {
        ...cell,
        LocaltionStart: withAxis(cell.LocaltionStart, axis, s + 1),
        LocaltionEnd: withAxis(cell.LocaltionEnd, axis, e + 1),
      };
    if (e >= at) return { ...cell, LocaltionEnd: withAxis(cell.LocaltionEnd, axis, e + 1) };
    return cell;
  });
  const next = rebuilt(t, cells, sizes, axis);
  const other = axis === 0 ? t.Column : t.Row;
  for (let k = 0; k < other; k++) {
    const [r, c] = axis === 0 ? [at, k] : [k, at];
    if (cellAt(next, r, c)) continue; // covered by a merged cell that now spans the new line
    const [nr, nc] = axis === 0 ? [at > 0 ? at - 1 : at + 1, k] : [k, at > 0 ? at - 1 : at + 1];
    cells.push(styledLike(cellAt(next, nr, nc), r, c));
  }
  return rebuilt(t, cells, sizes, axis);
}

function deleteLine(t: TableElement, axis: Axis, idxRaw: number): TableElement | OpRefusal {
  const sizes = [...(axis === 0 ? t.CellHeight : t.CellWidth)];
  if (sizes.length <= 1) return refuse(axis === 0 ? MSG.keepOneRow : MSG.keepOneColumn);
  const idx = Math.max(
    0,
    Math.min(sizes.length - 1, Math.round(Number.isFinite(idxRaw) ? idxRaw : sizes.length - 1)),
  );
  sizes.splice(idx, 1);
  const cells: TableCell[] = [];
  for (const cell of t.cells) {
    const s = cell.LocaltionStart[axis];
    const e = cell.LocaltionEnd[axis];
    if (s === idx && e === idx) continue;
    if (s > idx)
      cells.push({
        ...cell,
        LocaltionStart: withAxis(cell.LocaltionStart, axis, s - 1),
        LocaltionEnd: withAxis(cell.LocaltionEnd, axis, e - 1),
      });
    else if (e >= idx) cells.push({ ...cell, LocaltionEnd: withAxis(cell.LocaltionEnd, axis, e - 1) });
    else cells.push(cell);
  }
  return rebuilt(t, cells, sizes, axis);
}

function run(doc: LabelDocument, id: string, f: (t: TableElement) => TableElement | OpRefusal): OpResult {
  const t = findTable(doc, id);
  if (!t) return refuse(MSG.notFound);
  const next = f(t);
  if ("refused" in next) return next;
  return commit(doc, replaceElements(doc, new Map([[id, next]])), { kind: "edit" });
}

/** Inserts a row before index `at` (0..Row; Row appends), as tall as its neighbour. */
export const insertTableRow = (doc: LabelDocument, id: string, at: number): OpResult =>
  run(doc, id, (t) => insertLine(t, 0, at));
/** Inserts a column before index `at` (0..Column), as wide as its neighbour. */
export const insertTableColumn = (doc: LabelDocument, id: string, at: number): OpResult =>
  run(doc, id, (t) => insertLine(t, 1, at));
/** Deletes a row (refused for the last one). */
export const deleteTableRow = (doc: LabelDocument, id: string, row: number): OpResult =>
  run(doc, id, (t) => deleteLine(t, 0, row));
/** Deletes a column (refused for the last one). */
export const deleteTableColumn = (doc: LabelDocument, id: string, col: number): OpResult =>
  run(doc, id, (t) => deleteLine(t, 1, col));

/** Merges the selected cells (≥ 2, given by any grid position inside each) into one rectangle. */
export function mergeTableCells(doc: LabelDocument, id: string, positions: readonly Pos[]): OpResult {
  return run(doc, id, (t) => {
    const picked = new Set<TableCell>();
    for (const [r, c] of positions) {
      const cell = cellAt(t, r, c);
      if (cell) picked.add(cell);
    }
    if (picked.size < 2) return refuse(MSG.mergeNeedsTwo);
    let r0 = Infinity;
    let c0 = Infinity;
    let r1 = -Infinity;
    let c1 = -Infinity;
    for (const cell of picked) {
      r0 = Math.min(r0, cell.LocaltionStart[0]);
      c0 = Math.min(c0, cell.LocaltionStart[1]);
      r1 = Math.max(r1, cell.LocaltionEnd[0]);
      c1 = Math.max(c1, cell.LocaltionEnd[1]);
    }
    const inside: TableCell[] = [];
    for (const cell of t.cells) {
      const [sr, sc] = cell.LocaltionStart;
      const [er, ec] = cell.LocaltionEnd;
      const overlaps = sr <= r1 && er >= r0 && sc <= c1 && ec >= c0;
      if (!overlaps) continue;
      if (sr < r0 || er > r1 || sc < c0 || ec > c1) return refuse(MSG.mergeNotRectangle);
      inside.push(cell);
    }
    const top = inside.find((c) => c.LocaltionStart[0] === r0 && c.LocaltionStart[1] === c0) ?? inside[0];
    const merged: TableCell = { ...top, LocaltionStart: [r0, c0], LocaltionEnd: [r1, c1] };
    const cells = t.cells.filter((c) => !inside.includes(c));
    cells.push(merged);
    return { ...t, cells: sortCells(cells) };
  });
}

/** Splits exactly one merged cell back into single cells; the top-left part keeps the content. */
export function splitTableCell(doc: LabelDocument, id: string, positions: readonly Pos[]): OpResult {
  return run(doc, id, (t) => {
    const picked = new Set<TableCell>();
    for (const [r, c] of positions) {
      const cell = cellAt(t, r, c);
      if (cell) picked.add(cell);
    }
    const [cell] = [...picked];
    if (
      picked.size !== 1 ||
      (cell.LocaltionStart[0] === cell.LocaltionEnd[0] && cell.LocaltionStart[1] === cell.LocaltionEnd[1])
    ) {
      return refuse(MSG.splitNeedsOneMerged);
    }
    const [r0, c0] = cell.LocaltionStart;
    const [r1, c1] = cell.LocaltionEnd;
    const cells = t.cells.filter((c) => c !== cell);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        cells.push(r === r0 && c === c0 ? { ...cell, LocaltionEnd: [r0, c0] } : styledLike(cell, r, c));
      }
    }
    return { ...t, cells: sortCells(cells) };
  });
}

/** Sets every row height (axis 0) or column width (axis 1) at once (a border dragged on the canvas). */
export function setTableSizes(
  doc: LabelDocument,
  id: string,
  axis: 0 | 1,
  sizes: readonly number[],
): OpResult {
  const t = findTable(doc, id);
  if (!t) return refuse(MSG.notFound);
  const n = axis === 0 ? t.Row : t.Column;
  if (sizes.length !== n || !sizes.every((v) => Number.isFinite(v) && v > 0))
    return commit(doc, doc, { kind: "edit" });
  const sum = sizes.reduce((a, b) => a + b, 0);
  const next: TableElement =
    axis === 0 ? { ...t, CellHeight: [...sizes], Height: sum } : { ...t, CellWidth: [...sizes], Width: sum };
  return commit(
    doc,
    { ...doc, elements: doc.elements.map((e) => (e.Id === id ? next : e)) },
    { kind: "edit" },
  );
}

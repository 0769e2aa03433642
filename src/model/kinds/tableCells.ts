// The table cell selection's rules (spec §4 Table: multi-cell selection), one definition for the
// canvas and the panel's cell grid: which cells a click or a drag picks, the picks still standing
// after a structure edit, and where inserting or deleting a row or column acts for the picked cells
// (the panel's buttons and the Ctrl+Shift+L/C, Ctrl+Alt+L/C shortcuts alike). The selection itself
// lives in the editor machine (context `cells`). Cells are named by their LocaltionStart.
import type { TableElement } from "../types";
import type { Pos } from "./tableGrid";

/** The picked cells of one table, and where a Shift-click or a drag range starts. */
export interface CellPick {
  readonly tableId: string;
  readonly cells: readonly Pos[];
  readonly anchor: Pos | null;
}

const same = (a: Pos, b: Pos) => a[0] === b[0] && a[1] === b[1];
const lo = (a: number, b: number) => Math.min(a, b);
const hi = (a: number, b: number) => Math.max(a, b);

/** Toggles a cell (by its LocaltionStart) in the selection. */
export function toggleCell(sel: readonly Pos[], p: Pos): Pos[] {
  const has = sel.some((s) => same(s, p));
  return has ? sel.filter((s) => !same(s, p)) : [...sel, p];
}

/** The selection kept to cells that still start a record (after merges, splits, deletions). */
export function liveSelection(t: TableElement, sel: readonly Pos[]): Pos[] {
  return sel.filter((p) => t.cells.some((c) => same(c.LocaltionStart, p)));
}

/**
 * The cells of the rectangle spanned by two grid positions, grown until no merged cell sticks out
 * of it (so the result can always be merged), as LocaltionStart positions in row-major order.
 */
export function cellRange(t: TableElement, a: Pos, b: Pos): Pos[] {
  let r0 = lo(a[0], b[0]);
  let r1 = hi(a[0], b[0]);
  let c0 = lo(a[1], b[1]);
  let c1 = hi(a[1], b[1]);
  const overlaps = (s: Pos, e: Pos) =>
    lo(s[0], e[0]) <= r1 && hi(s[0], e[0]) >= r0 && lo(s[1], e[1]) <= c1 && hi(s[1], e[1]) >= c0;
  for (let grown = true; grown; ) {
    grown = false;
    for (const cell of t.cells) {
      const s = cell.LocaltionStart;
      const e = cell.LocaltionEnd;
      if (!overlaps(s, e)) continue;
      const next = [
        lo(r0, lo(s[0], e[0])),
        hi(r1, hi(s[0], e[0])),
        lo(c0, lo(s[1], e[1])),
        hi(c1, hi(s[1], e[1])),
      ];
      if (next[0] !== r0 || next[1] !== r1 || next[2] !== c0 || next[3] !== c1) {
        [r0, r1, c0, c1] = next;
        grown = true;
      }
    }
  }
  return t.cells
    .filter((cell) => overlaps(cell.LocaltionStart, cell.LocaltionEnd))
    .map((cell) => [cell.LocaltionStart[0], cell.LocaltionStart[1]] as Pos)
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** Union of two position lists, without duplicates. */
export function unionCells(a: readonly Pos[], b: readonly Pos[]): Pos[] {
  const out = [...a];
  for (const p of b) if (!out.some((q) => same(q, p))) out.push(p);
  return out;
}

/**
 * What a click on a cell picks, on the canvas and in the panel's grid alike: that cell alone;
 * Ctrl/Cmd-click toggles it in the picked cells; Shift-click extends from the anchor.
 */
export function clickedCells(
  t: TableElement,
  picked: readonly Pos[],
  anchor: Pos | null,
  cell: Pos,
  mods: { readonly toggle: boolean; readonly extend: boolean },
): { cells: Pos[]; anchor: Pos } {
  if (mods.toggle) return { cells: toggleCell(picked, cell), anchor: cell };
  if (mods.extend && anchor) return { cells: cellRange(t, anchor, cell), anchor };
  return { cells: [cell], anchor: cell };
}

/** Where row / column edits act: insert before or after the picked block, delete its first line. */
export interface CellsTarget {
  /** insert a row / column here to put it above / left of the picked cells */
  readonly before: Pos;
  /** insert a row / column here to put it below / right of the picked cells */
  readonly after: Pos;
  /** delete this row / column (the picked block's first) */
  readonly first: Pos;
}

/**
 * Where the panel's row and column buttons and the table shortcuts act for the picked cells (merged
 * cells count with their whole span); at the end of the table when no live cell is picked.
 */
export function cellsTarget(t: TableElement, picked: readonly Pos[]): CellsTarget {
  const cells = t.cells.filter((c) => picked.some((p) => same(p, c.LocaltionStart)));
  if (cells.length === 0) {
    const last: Pos = [t.Row - 1, t.Column - 1];
    return { before: last, after: [t.Row, t.Column], first: last };
  }
  const min = (axis: 0 | 1) => Math.min(...cells.map((c) => c.LocaltionStart[axis]));
  const max = (axis: 0 | 1) => Math.max(...cells.map((c) => c.LocaltionEnd[axis]));
  const first: Pos = [min(0), min(1)];
  return { before: first, after: [max(0) + 1, max(1) + 1], first };
}

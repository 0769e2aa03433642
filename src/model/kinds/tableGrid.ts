// A table's grid in its local frame (mm): the column and row edges, which cell record covers each
// position, and what a point of the canvas is on: a cell, or an inner line a drag moves (spec §4
// Table, §5: "cell width or height by dragging: not below 0.5, else the change is reverted"). Pure:
// the renderer draws the grid, the editor machine picks cells and drags lines with it.
import { TABLE_DRAG_MIN_CELL_MM } from "../constants";
import { type Point, toLocalPoint } from "../geometry";
import type { TableElement } from "../types";

/** A grid position (row, column); a cell is named by its record's LocaltionStart. */
export type Pos = readonly [number, number];

export interface TableGrid {
  /** column edges, length Column + 1 (mm, local) */
  readonly xs: readonly number[];
  /** row edges, length Row + 1 */
  readonly ys: readonly number[];
  /** owner[r][c]: index into cells of the cell covering (r, c), or -1 */
  readonly owner: readonly (readonly number[])[];
  /** per cell record: its clamped span [r0, c0, r1, c1], or null when it covers nothing */
  readonly spans: readonly ([number, number, number, number] | null)[];
}

const count = (n: number) => (Number.isInteger(n) && n > 0 ? Math.min(n, 1000) : 1);

function edges(sizes: readonly number[], n: number, total: number): number[] {
  const s = Array.from({ length: n }, (_, i) => (sizes[i] > 0 ? sizes[i] : total > 0 ? total / n : 1));
  const sum = s.reduce((a, b) => a + b, 0);
  // The element box is authoritative: scale the cells to fill it.
  const k = total > 0 && sum > 0 ? total / sum : 1;
  const out = [0];
  for (const v of s) out.push(out[out.length - 1] + v * k);
  return out;
}

export function tableGrid(el: TableElement): TableGrid {
  const rows = count(el.Row);
  const cols = count(el.Column);
  const xs = edges(el.CellWidth ?? [], cols, el.Width);
  const ys = edges(el.CellHeight ?? [], rows, el.Height);
  const owner = Array.from({ length: rows }, () => new Array<number>(cols).fill(-1));
  const spans = (el.cells ?? []).map((cell, i) => {
    const [a, b] = cell.LocaltionStart ?? [0, 0];
    const [c, d] = cell.LocaltionEnd ?? [a, b];
    const r0 = Math.max(0, Math.min(a, c));
    const c0 = Math.max(0, Math.min(b, d));
    const r1 = Math.min(rows - 1, Math.max(a, c));
    const c1 = Math.min(cols - 1, Math.max(b, d));
    if (!(r0 <= r1 && c0 <= c1) || owner[r0]?.[c0] !== -1) return null;
    for (let r = r0; r <= r1; r++) for (let q = c0; q <= c1; q++) if (owner[r][q] === -1) owner[r][q] = i;
    return [r0, c0, r1, c1] as [number, number, number, number];
  });
  return { xs, ys, owner, spans };
}

/** The cell (its record's LocaltionStart) under a local point, or null outside the table. */
export function cellAtLocal(t: TableElement, p: Point): Pos | null {
  const grid = tableGrid(t);
  const find = (edges: readonly number[], v: number) => {
    if (v < edges[0] || v > edges[edges.length - 1]) return -1;
    for (let i = 1; i < edges.length; i++) if (v <= edges[i]) return i - 1;
    return -1;
  };
  const c = find(grid.xs, p.x);
  const r = find(grid.ys, p.y);
  if (r < 0 || c < 0) return null;
  const i = grid.owner[r]?.[c] ?? -1;
  const span = i >= 0 ? grid.spans[i] : null;
  return span ? [span[0], span[1]] : null;
}

/** The cell of a table under a label point, or null. */
export function cellAt(t: TableElement, p: Point): Pos | null {
  return cellAtLocal(t, toLocalPoint(t, p));
}

export interface Border {
  /** 0: a line between rows (moves vertically), 1: between columns */
  readonly axis: 0 | 1;
  /** the edge index: 1 … count − 1 (inner lines only) */
  readonly index: number;
}

/** The inner border within `tol` mm of a local point (columns first), or null. */
export function borderAt(g: TableGrid, x: number, y: number, tol: number): Border | null {
  const w = g.xs[g.xs.length - 1];
  const h = g.ys[g.ys.length - 1];
  if (x < -tol || y < -tol || x > w + tol || y > h + tol) return null;
  let best: Border | null = null;
  let dist = tol;
  for (let i = 1; i < g.xs.length - 1; i++) {
    const d = Math.abs(x - g.xs[i]);
    if (d <= dist) {
      dist = d;
      best = { axis: 1, index: i };
    }
  }
  for (let i = 1; i < g.ys.length - 1; i++) {
    const d = Math.abs(y - g.ys[i]);
    if (d < dist) {
      dist = d;
      best = { axis: 0, index: i };
    }
  }
  return best;
}

/** The inner border of a table within `tol` mm of a label point, or null. */
export function tableBorderAt(t: TableElement, p: Point, tol: number): Border | null {
  const l = toLocalPoint(t, p);
  return borderAt(tableGrid(t), l.x, l.y, tol);
}

/** Where a label point puts a border along its axis, in the table's local mm. */
export function borderPosition(t: TableElement, b: Border, p: Point): number {
  const l = toLocalPoint(t, p);
  return b.axis === 1 ? l.x : l.y;
}

/**
 * The sizes along the border's axis after moving it to `pos` (local mm): the two cells beside it
 * share their total, the others keep their drawn size. null when either would be under 0.5 mm (the
 * drag is then reverted).
 */
export function sizesAfterDrag(g: TableGrid, b: Border, pos: number): number[] | null {
  const edges = b.axis === 1 ? g.xs : g.ys;
  if (!(b.index >= 1 && b.index < edges.length - 1)) return null;
  const sizes = edges.slice(1).map((e, i) => e - edges[i]);
  const before = pos - edges[b.index - 1];
  const after = edges[b.index + 1] - pos;
  if (!(before >= TABLE_DRAG_MIN_CELL_MM) || !(after >= TABLE_DRAG_MIN_CELL_MM)) return null;
  sizes[b.index - 1] = before;
  sizes[b.index] = after;
  return sizes.map((v) => Math.round(v * 1000) / 1000);
}

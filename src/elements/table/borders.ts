// Dragging a table's inner border on the canvas (spec §4 Table, §5: "cell width or height by
// dragging: not below 0.5, else the change is reverted"): which border a point is on, and the row
// heights / column widths after moving it. Pure maths in the table's local millimetres.
import { TABLE_DRAG_MIN_CELL_MM } from "../../model/constants";
import type { TableGrid } from "./render";

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

/**
 * The sizes along the border's axis after moving it to `pos` (local mm): the two cells beside it
 * share their total, the others keep their drawn size. null when either would be under 0.5 mm (the
 * drag is then reverted).
 */
export function sizesAfterDrag(g: TableGrid, b: Border, pos: number): number[] | null {
  const edges = b.axis === 1 ? g.xs : g.ys;
  const sizes = edges.slice(1).map((e, i) => e - edges[i]);
  const before = pos - edges[b.index - 1];
  const after = edges[b.index + 1] - pos;
  if (!(before >= TABLE_DRAG_MIN_CELL_MM) || !(after >= TABLE_DRAG_MIN_CELL_MM)) return null;
  sizes[b.index - 1] = before;
  sizes[b.index] = after;
  return sizes.map((v) => Math.round(v * 1000) / 1000);
}

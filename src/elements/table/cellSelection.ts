// The table cell selection (spec §4 Table: multi-cell selection, highlight #3F80F5 at 0.1), shared by
// the attribute panel's cell grid and the canvas overlay (CanvasCellOverlay), so merge, split,
// insert/delete and the per-cell fields act on whatever the user picked on either. Cells are named by
// their LocaltionStart; the selection belongs to one table and is empty for every other.
import { useSyncExternalStore } from "react";
import type { TableElement } from "../../model/types";
import { type Pos, toggleCell } from "./structure";

export interface CellSelectionState {
  readonly tableId: string | null;
  readonly cells: readonly Pos[];
  /** where a Shift-click or a drag range starts */
  readonly anchor: Pos | null;
}

const EMPTY: CellSelectionState = { tableId: null, cells: [], anchor: null };
const NONE: readonly Pos[] = [];

export function createCellSelection() {
  let state = EMPTY;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    /** The cells picked in this table (empty when the selection belongs to another). */
    cellsOf: (tableId: string): readonly Pos[] => (state.tableId === tableId ? state.cells : NONE),
    set(tableId: string, cells: readonly Pos[], anchor: Pos | null = cells[0] ?? null) {
      state = { tableId, cells, anchor };
      emit();
    },
    clear() {
      if (state === EMPTY) return;
      state = EMPTY;
      emit();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

export type CellSelectionStore = ReturnType<typeof createCellSelection>;

/** The editor's one cell selection (one editor per page). */
export const cellSelection = createCellSelection();

/** The picked cells of a table, re-rendering when they change. */
export function useTableCells(tableId: string, store: CellSelectionStore = cellSelection): readonly Pos[] {
  return useSyncExternalStore(
    store.subscribe,
    () => store.cellsOf(tableId),
    () => NONE,
  );
}

const lo = (a: number, b: number) => Math.min(a, b);
const hi = (a: number, b: number) => Math.max(a, b);

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
  for (const p of b) if (!out.some((q) => q[0] === p[0] && q[1] === p[1])) out.push(p);
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

// Where the table shortcuts (Ctrl+Shift+L/C insert, Ctrl+Alt+L/C delete) act: at the cells the user
// picked in the selected table (below / right of the picked block for insert, its first row / column
// for delete), like the panel's buttons; at the end of the table when no cell is picked.
import { cellSelection } from "../../elements/table/cellSelection";
import type { LabelDocument, TableElement } from "../../model/types";

export interface TableTarget {
  /** insert a row / column at this index */
  readonly insertAt: readonly [number, number];
  /** delete this row / column */
  readonly deleteAt: readonly [number, number];
}

export function tableTarget(doc: LabelDocument, selection: readonly string[]): TableTarget | null {
  const picked = cellSelection.get();
  if (selection.length !== 1 || picked.tableId !== selection[0] || picked.cells.length === 0) return null;
  const table = doc.elements.find((e): e is TableElement => e.Id === picked.tableId && e.Type === "Table");
  if (!table) return null;
  const cells = table.cells.filter((c) =>
    picked.cells.some((p) => p[0] === c.LocaltionStart[0] && p[1] === c.LocaltionStart[1]),
  );
  if (cells.length === 0) return null;
  const min = (axis: 0 | 1) => Math.min(...cells.map((c) => c.LocaltionStart[axis]));
  const max = (axis: 0 | 1) => Math.max(...cells.map((c) => c.LocaltionEnd[axis]));
  return { insertAt: [max(0) + 1, max(1) + 1], deleteAt: [min(0), min(1)] };
}

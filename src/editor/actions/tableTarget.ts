// Where the table shortcuts (Ctrl+Shift+L/C insert, Ctrl+Alt+L/C delete) act: where the panel's
// buttons do (`cellsTarget`): below / right of the cells picked in the selected table, deleting its
// first picked row / column; at the end of the table when no cell is picked.

import { hasCells } from "../../model/kinds/caps";
import { type CellsTarget, cellsTarget } from "../../model/kinds/tableCells";
import type { EditorSnapshot } from "../state/store";

export function tableTarget({ doc, selection, cells }: EditorSnapshot): CellsTarget | null {
  if (selection.length !== 1) return null;
  const table = doc.elements.find((e) => e.Id === selection[0]);
  if (!table || !hasCells(table)) return null;
  return cellsTarget(table, cells?.tableId === table.Id ? cells.cells : []);
}

// Table edits the panel makes out of the table ops (table.ts), each as one history step:
// set the row/column count (rows and columns added or removed at the end), set one row height or
// column width (at least 1 mm in the panel).
import { clamp } from "../bounds";
import { hasCells } from "../kinds/caps";
import type { LabelDocument, TableElement } from "../types";
import { commit } from "./commit";
import { deleteTableColumn, deleteTableRow, insertTableColumn, insertTableRow } from "./table";
import { isRefusal, type OpResult } from "./types";

const tableOf = (doc: LabelDocument, id: string) => {
  const t = doc.elements.find((e) => e.Id === id);
  return t && hasCells(t) ? t : null;
};

/** Rows (axis 0) or columns (axis 1) added or removed at the end until there are `count`. */
export function setTableCount(doc: LabelDocument, id: string, axis: 0 | 1, countRaw: number): OpResult {
  const t = tableOf(doc, id);
  if (!t) return { refused: "editor.ops.notFound" };
  const count = clamp(axis === 0 ? "TableRows" : "TableColumns", countRaw);
  let cur = doc;
  for (;;) {
    const tt = tableOf(cur, id) as TableElement;
    const n = axis === 0 ? tt.Row : tt.Column;
    if (n === count) break;
    const r =
      n < count
        ? (axis === 0 ? insertTableRow : insertTableColumn)(cur, id, n)
        : (axis === 0 ? deleteTableRow : deleteTableColumn)(cur, id, n - 1);
    if (isRefusal(r)) return r;
    cur = r.doc;
  }
  return commit(doc, cur, { kind: "edit" });
}

/** Sets one row height (axis 0) or column width (axis 1); the table's box follows. */
export function setTableCellSize(
  doc: LabelDocument,
  id: string,
  axis: 0 | 1,
  index: number,
  sizeRaw: number,
): OpResult {
  const t = tableOf(doc, id);
  if (!t) return { refused: "editor.ops.notFound" };
  const sizes = [...(axis === 0 ? t.CellHeight : t.CellWidth)];
  if (!(index >= 0 && index < sizes.length)) return commit(doc, doc, { kind: "edit" });
  sizes[index] = clamp("TableCellSize", sizeRaw);
  const sum = sizes.reduce((a, b) => a + b, 0);
  const next: TableElement =
    axis === 0 ? { ...t, CellHeight: sizes, Height: sum } : { ...t, CellWidth: sizes, Width: sum };
  return commit(
    doc,
    { ...doc, elements: doc.elements.map((e) => (e.Id === id ? next : e)) },
    { kind: "edit" },
  );
}

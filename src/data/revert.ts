// Spreadsheet revert rules (label-editor.md §5, application.md §5): a spreadsheet entry becomes fixed
// text when its URL is missing or not http(s), its column is missing, or its file has no sheets.
// "Column missing": no ColumnName while the workbook is not loaded, or, with the workbook loaded,
// SheetIndex points past the sheets or columns. The fixed text is NormalText, as on a switch to fixed.

import { hasCells, hasDataSources } from "../model/kinds/caps";
import type { DataSource, LabelDocument, LabelElement } from "../model/types";
import type { Workbook } from "../spreadsheet/types";
import { columnOf, isSpreadsheetUrl } from "./spreadsheetSource";

export function shouldRevert(s: DataSource, sheets?: ReadonlyMap<string, Workbook>): boolean {
  if (s.DataSourceType !== 1) return false;
  if (!s.ConnectionStr || !isSpreadsheetUrl(s.ConnectionStr)) return true;
  const wb = sheets?.get(s.ConnectionStr);
  if (!wb) return !s.ColumnName;
  if (wb.sheets.length === 0) return true;
  return columnOf(s, wb) === null;
}

function revertList<T extends { DataSourceList: readonly DataSource[] }>(
  b: T,
  sheets: ReadonlyMap<string, Workbook> | undefined,
  count: { n: number },
): T {
  let changed = false;
  const list = b.DataSourceList.map((s) => {
    if (!shouldRevert(s, sheets)) return s;
    changed = true;
    count.n++;
    return { ...s, DataSourceType: 0 as const, FirstValue: s.NormalText };
  });
  return changed ? { ...b, DataSourceList: list } : b;
}

/** Applies the revert rules to every list of the document (elements and table cells). */
export function revertInvalidSpreadsheets(
  doc: LabelDocument,
  sheets?: ReadonlyMap<string, Workbook>,
): { readonly doc: LabelDocument; readonly reverted: number } {
  const count = { n: 0 };
  const elements = doc.elements.map((el): LabelElement => {
    if (hasCells(el)) {
      const cells = el.cells.map((c) => revertList(c, sheets, count));
      return cells.some((c, i) => c !== el.cells[i]) ? { ...el, cells } : el;
    }
    if (hasDataSources(el)) return revertList(el, sheets, count);
    return el;
  });
  return { doc: count.n ? { ...doc, elements } : doc, reverted: count.n };
}

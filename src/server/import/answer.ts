// What the import call (call 16, routes/misc.ts) answers for a parsed workbook: the chosen sheets from
// the chosen first row. Built and serialised in the import worker, so the main thread only sends the
// bytes: a 2-million-cell answer is never cloned, walked or stringified on the request thread.
import type { SpreadsheetError, Workbook } from "../../spreadsheet";

export interface ImportShape {
  /** first row (0 and up) */
  readonly rowIndex: number;
  /** one sheet by index, or -1: all sheets */
  readonly tableIndex: number;
}

/** The worker's answer: the JSON text of the call's `data` (UTF-8), or why the file was refused. */
export type ImportAnswer =
  | { readonly ok: true; readonly json: Uint8Array }
  | { readonly ok: false; readonly error: SpreadsheetError };

/** The call's `data`: [{ sheetName, data: rows }] for the chosen sheets and rows. */
export function importData(workbook: Workbook, shape: ImportShape) {
  const sheets =
    shape.tableIndex >= 0 ? workbook.sheets.slice(shape.tableIndex, shape.tableIndex + 1) : workbook.sheets;
  return sheets.map((s) => ({ sheetName: s.sheetName, data: s.data.slice(Math.max(0, shape.rowIndex)) }));
}

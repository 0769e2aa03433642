// What the import call (call 16, routes/misc.ts) answers for a parsed workbook: the chosen sheets from
// the chosen first row. Built and serialised in the import worker, so the main thread only sends the
// bytes: a 2-million-cell answer is never cloned, walked or stringified on the request thread. The
// bytes come in pieces of about ANSWER_CHUNK_BYTES, which the request thread writes one at a time
// between other requests (app.ts): never one 20 MB write, nor one 20 MB buffer to collect.
import type { SpreadsheetError, Workbook } from "../../spreadsheet";

export interface ImportShape {
  /** first row (0 and up) */
  readonly rowIndex: number;
  /** one sheet by index, or -1: all sheets */
  readonly tableIndex: number;
}

/** The size of the answer's pieces in UTF-16 units (a piece ends after the row that reaches it; as
 * UTF-8 up to three times as many bytes, as many for the ASCII of most sheets). */
export const ANSWER_CHUNK_BYTES = 256 * 1024;

/** The worker's answer: the JSON text of the call's `data` (UTF-8, in pieces), or why the file was refused. */
export type ImportAnswer =
  | { readonly ok: true; readonly json: Uint8Array[] }
  | { readonly ok: false; readonly error: SpreadsheetError };

/** The call's `data`: [{ sheetName, data: rows }] for the chosen sheets and rows. */
export function importData(workbook: Workbook, shape: ImportShape) {
  const sheets =
    shape.tableIndex >= 0 ? workbook.sheets.slice(shape.tableIndex, shape.tableIndex + 1) : workbook.sheets;
  return sheets.map((s) => ({ sheetName: s.sheetName, data: s.data.slice(Math.max(0, shape.rowIndex)) }));
}

/** JSON.stringify(importData(workbook, shape)) as UTF-8 pieces, made row by row: the whole text is
 * never one string. */
export function importJson(workbook: Workbook, shape: ImportShape, size = ANSWER_CHUNK_BYTES): Uint8Array[] {
  const enc = new TextEncoder();
  const out: Uint8Array[] = [];
  let text = "";
  const add = (piece: string) => {
    text += piece;
    if (text.length >= size) {
      out.push(enc.encode(text));
      text = "";
    }
  };
  add("[");
  const sheets = importData(workbook, shape);
  for (let i = 0; i < sheets.length; i++) {
    add(`${i ? "," : ""}{"sheetName":${JSON.stringify(sheets[i].sheetName)},"data":[`);
    const rows = sheets[i].data;
    for (let r = 0; r < rows.length; r++) add((r ? "," : "") + JSON.stringify(rows[r]));
    add("]}");
  }
  out.push(enc.encode(`${text}]`));
  return out;
}

// Records of field values by column name (the print API's JSON records, a hot folder's CSV rows or
// JSON records) made into the workbooks a label reads: a spreadsheet-bound field of the label (a
// data source of type 1) takes the value of its ColumnName (else of "column <n>", 1-based), so the
// label prints as if its spreadsheet held these rows.
import type { LabelDocument } from "../model/types";
import type { Workbook } from "../spreadsheet/types";
import { allSources, type Sheets } from "./records";

export type FieldRecord = Readonly<Record<string, string>>;

/** Workbooks, one per spreadsheet the label names, whose bound columns hold the records' values. */
export function recordSheets(doc: LabelDocument, records: readonly FieldRecord[]): Sheets {
  const books = new Map<string, string[][][]>();
  for (const { source: s } of allSources(doc)) {
    if (s.DataSourceType !== 1 || !s.ConnectionStr) continue;
    const [sheet, col] = s.SheetIndex ?? [0, 0];
    if (
      !Number.isInteger(sheet) ||
      !Number.isInteger(col) ||
      sheet < 0 ||
      col < 0 ||
      sheet > 50 ||
      col > 1024
    )
      continue;
    const book = books.get(s.ConnectionStr) ?? [];
    books.set(s.ConnectionStr, book);
    while (book.length <= sheet) book.push([]);
    const rows = book[sheet];
    const header = s.ColumnFirstLine ? 1 : 0;
    const name = s.ColumnName || `column ${col + 1}`;
    for (let r = 0; r < records.length + header; r++) {
      rows[r] ??= [];
      const cells = rows[r];
      while (cells.length <= col) cells.push("");
      cells[col] = r < header ? name : (records[r - header][name] ?? "");
    }
  }
  const out = new Map<string, Workbook>();
  for (const [url, sheets] of books)
    out.set(url, { sheets: sheets.map((data, i) => ({ sheetName: `Sheet${i + 1}`, data })) });
  return out;
}

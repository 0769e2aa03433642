// The record-selection dialog's data: the spreadsheet sources of the label (the sheet → column
// cascade), each record's shown cell, and the chosen rows with their copies.
import { allSources, columnName, type Sheets, sheetInfos } from "../../data/index";
import type { LabelDocument, SheetInfo } from "../../model/types";
import { type RecordChoice, rowCopies } from "../../print/plan";

export interface SheetSource {
  readonly connection: string;
  readonly firstLine: boolean;
  readonly sheets: readonly SheetInfo[];
  /** the sheet and column the label uses (cascade default) */
  readonly sheet: number;
  readonly column: number;
}

/** The first spreadsheet source of the label whose workbook is loaded, or null. */
export function sheetSource(doc: LabelDocument, sheets: Sheets): SheetSource | null {
  for (const { source } of allSources(doc)) {
    if (source.DataSourceType !== 1) continue;
    const wb = sheets.get(source.ConnectionStr);
    if (!wb) continue;
    const [sheet, column] = source.SheetIndex ?? [0, 0];
    return {
      connection: source.ConnectionStr,
      firstLine: source.ColumnFirstLine,
      sheets: sheetInfos(wb, source.ColumnFirstLine),
      sheet: Number(sheet) || 0,
      column: Number(column) || 0,
    };
  }
  return null;
}

/** Text of record `i` in the chosen sheet/column (the header row is skipped when it is one). */
export function cellText(sheets: Sheets, src: SheetSource, sheet: number, column: number, i: number): string {
  const s = sheets.get(src.connection)?.sheets[sheet];
  if (!s) return "";
  return String(s.data[i + (src.firstLine ? 1 : 0)]?.[column] ?? "");
}

export function headerText(sheets: Sheets, src: SheetSource, sheet: number, column: number): string {
  const s = sheets.get(src.connection)?.sheets[sheet];
  return s ? columnName(s, column, src.firstLine) : "";
}

/** Rows matching the search (all rows when it is empty), as record indexes. */
export function searchRows(count: number, query: string, text: (i: number) => string): number[] {
  const q = query.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < count; i++) if (!q || text(i).toLowerCase().includes(q)) out.push(i);
  return out;
}

/** The dialog's result: chosen rows in record order with their copies (digits only, empty/0 → 1). */
export function choicesOf(
  selected: ReadonlySet<number>,
  copies: ReadonlyMap<number, string>,
): RecordChoice[] {
  return [...selected]
    .sort((a, b) => a - b)
    .map((record) => ({ record, copies: rowCopies(copies.get(record) ?? "1") }));
}

// Spreadsheet column sources (DataSourceType 1) against a parsed Workbook.
// SheetIndex = [sheet index, column index] is what the value reads; TableName, ColumnName and
// ColumnIndex describe the same choice for display and for the printer export (bindColumn keeps
// them in step). DisplayColumn only chooses what the record-selection dialog shows.
import type { DataSource, SheetInfo } from "../model/types";
import type { Sheet, Workbook } from "../spreadsheet/types";
import { DETECT_SAMPLE, typeAfterColumnChange } from "./detectType";

/** "A", "B", … "Z", "AA" for a 0-based column index. */
export function columnLetters(index: number): string {
  let n = Math.max(0, Math.trunc(index)) + 1;
  let out = "";
  while (n > 0) {
    n -= 1;
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

// Sheets are immutable values, so the widest row is computed once per sheet.
const widths = new WeakMap<Sheet, number>();

/** Number of columns: the length of the longest row. */
export function columnCount(sheet: Sheet): number {
  const hit = widths.get(sheet);
  if (hit !== undefined) return hit;
  let n = 0;
  for (const row of sheet.data ?? []) if (row && row.length > n) n = row.length;
  widths.set(sheet, n);
  return n;
}

/** A column's name: its header text when the first line is a header and not blank, else its letters. */
export function columnName(sheet: Sheet, col: number, firstLineIsHeader: boolean): string {
  const head = firstLineIsHeader ? (sheet.data[0]?.[col] ?? "").trim() : "";
  return head || columnLetters(col);
}

/** The sheets and their columns as a DataSource.DataBase value (the cascading sheet → column choice). */
export function sheetInfos(workbook: Workbook, firstLineIsHeader = true): SheetInfo[] {
  return workbook.sheets.map((sheet, index) => {
    const cols = columnCount(sheet);
    const children: { text: string; index: number }[] = [];
    for (let c = 0; c < cols; c++) children.push({ text: columnName(sheet, c, firstLineIsHeader), index: c });
    return { text: sheet.sheetName, index, children };
  });
}

export interface BindOptions {
  /** a new binding (another file, or the entry just became a spreadsheet one): detect the type */
  readonly fresh?: boolean;
  /** the user chose the current DataType: kept on a column change when it suits the new values */
  readonly typeChosen?: boolean;
}

/**
 * Points a source at a sheet and column, filling the descriptive fields. On a change of column (or a
 * `fresh` binding) the data type follows the new column's values (typeAfterColumnChange).
 */
export function bindColumn(
  source: DataSource,
  workbook: Workbook,
  sheetIndex: number,
  columnIndex: number,
  opts: BindOptions = {},
): DataSource {
  const sheet = workbook.sheets[sheetIndex];
  const [was0, was1] = source.SheetIndex ?? [0, 0];
  const moved = opts.fresh || was0 !== sheetIndex || was1 !== columnIndex;
  const bound: DataSource = {
    ...source,
    DataSourceType: 1,
    SheetIndex: [sheetIndex, columnIndex],
    ColumnIndex: columnIndex,
    TableName: sheet?.sheetName ?? "",
    ColumnName: sheet ? columnName(sheet, columnIndex, source.ColumnFirstLine) : "",
    DataBase: sheetInfos(workbook, source.ColumnFirstLine),
  };
  if (!moved) return bound;
  const ref = columnOf(bound, workbook);
  const values: string[] = [];
  if (ref) {
    const n = Math.min(columnRecordCount(bound, ref), DETECT_SAMPLE);
    for (let i = 0; i < n; i++) values.push(columnCell(bound, ref, i));
  }
  return { ...bound, DataType: typeAfterColumnChange(source, values, opts.typeChosen === true) };
}

export interface ColumnRef {
  readonly sheet: Sheet;
  readonly col: number;
}

/** The sheet and column a source reads, or null when the workbook lacks them. */
export function columnOf(source: DataSource, workbook: Workbook): ColumnRef | null {
  const [s, c] = source.SheetIndex ?? [0, 0];
  const sheet = workbook.sheets[s];
  if (!sheet || !Number.isInteger(c) || c < 0 || c >= columnCount(sheet)) return null;
  return { sheet, col: c };
}

/** Data rows of the column: all rows minus the header line when the first line is a header. */
export function columnRecordCount(source: DataSource, ref: ColumnRef): number {
  return Math.max(0, (ref.sheet.data?.length ?? 0) - (source.ColumnFirstLine ? 1 : 0));
}

/** The raw cell text of record `index` (0-based), "" past the end or in a short row. */
export function columnCell(source: DataSource, ref: ColumnRef, index: number): string {
  const row = ref.sheet.data[index + (source.ColumnFirstLine ? 1 : 0)];
  const v: unknown = row?.[ref.col];
  // Workbooks that crossed JSON may carry numbers or nulls; values are always text here.
  return typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);
}

/**
 * Whether the URL can hold a linked spreadsheet: absolute http(s), or a root-relative path such as
 * "/files/…" (same origin as the app, so also http(s)).
 */
export function isSpreadsheetUrl(url: string): boolean {
  const u = (url ?? "").trim();
  if (/^https?:\/\/[^\s/]/i.test(u)) return true;
  return u.startsWith("/") && !u.startsWith("//");
}

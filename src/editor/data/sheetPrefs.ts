// Saved spreadsheet preferences (spec §3 "Browser storage keys"): ColumnFirstLine (default true) and
// DisplayColumn. Storage may be unavailable: reads then give the default, writes are dropped.
import { readPref as read, writePref as write } from "../prefs";

export const SHEET_PREF_KEYS = {
  columnFirstLine: "ColumnFirstLine",
  displayColumn: "DisplayColumn",
} as const;

export function readColumnFirstLine(): boolean {
  return read(SHEET_PREF_KEYS.columnFirstLine) !== "false";
}

export function writeColumnFirstLine(v: boolean): void {
  write(SHEET_PREF_KEYS.columnFirstLine, v ? "true" : "false");
}

export function readDisplayColumn(): string {
  return read(SHEET_PREF_KEYS.displayColumn) ?? "";
}

export function writeDisplayColumn(v: string): void {
  write(SHEET_PREF_KEYS.displayColumn, v);
}

// Saved spreadsheet preferences (spec §3 "Browser storage keys"): ColumnFirstLine (default true) and
// DisplayColumn. Storage may be unavailable: reads then give the default, writes are dropped.
export const SHEET_PREF_KEYS = {
  columnFirstLine: "ColumnFirstLine",
  displayColumn: "DisplayColumn",
} as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota or disabled storage: the preference lasts for this page only
  }
}

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

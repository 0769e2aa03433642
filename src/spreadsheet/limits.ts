// Guard rails for spreadsheet import (documented in docs/data-sources.md). Generous enough for a
// 100,000-row label run, small enough that one upload cannot exhaust the server's memory.
export interface SpreadsheetLimits {
  /** bytes of the uploaded file */
  readonly maxFileBytes: number;
  /** total uncompressed bytes of all entries of an .xlsx (zip) file */
  readonly maxUnpackedBytes: number;
  readonly maxSheets: number;
  /** rows per sheet (after trailing empty rows are dropped) */
  readonly maxRows: number;
  /** columns per sheet */
  readonly maxColumns: number;
  /** non-empty cells over the whole workbook */
  readonly maxCells: number;
  /** entries of an .xlsx shared-strings table (a hostile file packs millions into 1 MB) */
  readonly maxStrings: number;
}

export const DEFAULT_LIMITS: SpreadsheetLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxUnpackedBytes: 400 * 1024 * 1024,
  maxSheets: 100,
  maxRows: 200_000,
  maxColumns: 1_024,
  maxCells: 5_000_000,
  maxStrings: 1_000_000,
};

export const MB = 1024 * 1024;

// Collects rows into sheets while enforcing the row, column and cell limits. Trailing empty cells of a
// row and trailing empty rows of a sheet are dropped (Excel keeps formatted but empty cells around).
import type { SpreadsheetLimits } from "./limits";
import type { SpreadsheetError } from "./types";

export interface Built {
  readonly sheetName: string;
  readonly data: string[][];
}

export class SheetBuilder {
  private readonly sheets: { sheetName: string; data: string[][] }[] = [];
  private cells = 0;
  constructor(private readonly limits: SpreadsheetLimits) {}

  begin(sheetName: string): { row(cells: string[]): SpreadsheetError | null } {
    const sheet = { sheetName, data: [] as string[][] };
    this.sheets.push(sheet);
    let filled = 0; // rows up to the last non-empty one
    return {
      row: (cells): SpreadsheetError | null => {
        let n = cells.length;
        while (n > 0 && (cells[n - 1] === "" || cells[n - 1] === undefined)) n--;
        if (n !== cells.length) cells.length = n;
        for (let i = 0; i < n; i++) if (cells[i] === undefined) cells[i] = "";
        sheet.data.push(cells);
        if (n === 0) return null;
        filled = sheet.data.length;
        if (filled > this.limits.maxRows)
          return {
            key: "spreadsheet.error.tooManyRows",
            vars: { limit: this.limits.maxRows, sheet: sheetName },
          };
        if (n > this.limits.maxColumns)
          return {
            key: "spreadsheet.error.tooManyColumns",
            vars: { limit: this.limits.maxColumns, sheet: sheetName },
          };
        this.cells += n;
        if (this.cells > this.limits.maxCells)
          return { key: "spreadsheet.error.tooManyCells", vars: { limit: this.limits.maxCells } };
        return null;
      },
    };
  }

  finish(): Built[] {
    for (const s of this.sheets) {
      let n = s.data.length;
      while (n > 0 && s.data[n - 1].length === 0) n--;
      s.data.length = n;
    }
    return this.sheets;
  }
}

// Formula entries (DataSourceType 4): the names a formula may use for one document, and a parse cache
// so that a job of many records parses each formula once.
import type { DataSource, LabelDocument } from "../model/types";
import type { Workbook } from "../spreadsheet/types";
import { type FormulaNode, type FormulaResult, parseFormula } from "./formula";
import { type ColumnRef, columnCell, columnCount, columnName, columnOf } from "./spreadsheetSource";

type Sources = Iterable<{ source: DataSource }>;

/** A column a formula can name: its source (for the header rule) and where it is. */
export interface NamedColumn {
  readonly source: DataSource;
  readonly ref: ColumnRef;
}

/**
 * Every column of the sheets the document's spreadsheet entries read, by its name (the header text, or
 * the letter when the first line is not a header). The first entry to name a column wins.
 */
export function namedColumns(
  sources: Sources,
  sheets: ReadonlyMap<string, Workbook>,
): ReadonlyMap<string, NamedColumn> {
  const out = new Map<string, NamedColumn>();
  for (const { source } of sources) {
    if (source.DataSourceType !== 1) continue;
    const wb = sheets.get(source.ConnectionStr);
    const first = wb && columnOf({ ...source, SheetIndex: [source.SheetIndex[0], 0] }, wb);
    if (!first) continue;
    for (let col = 0; col < columnCount(first.sheet); col++) {
      const name = columnName(first.sheet, col, source.ColumnFirstLine);
      if (name && !out.has(name)) out.set(name, { source, ref: { sheet: first.sheet, col } });
    }
  }
  return out;
}

export function namedColumnValue(c: NamedColumn, index: number): string {
  return columnCell(c.source, c.ref, index);
}

/** Element names (the Name the layer list shows) to ids; the first element of a name wins. */
export function elementNames(doc: LabelDocument): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const el of doc.elements) if (el.Name && !out.has(el.Name)) out.set(el.Name, el.Id);
  return out;
}

const parsed = new Map<string, FormulaResult<FormulaNode>>();

/** The parsed formula, from a small cache (the same few formulas are asked for every record). */
export function parsedFormula(text: string): FormulaResult<FormulaNode> {
  let r = parsed.get(text);
  if (!r) {
    if (parsed.size > 200) parsed.clear();
    r = parseFormula(text);
    parsed.set(text, r);
  }
  return r;
}

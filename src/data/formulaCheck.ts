// Before a job: does any formula fail for a record that will be printed? A failing formula shows
// nothing on a label (records.ts); a print refuses it instead, before the first label, so nothing is
// printed half (the print dialog and the CLI ask this one question).
import type { LabelDocument } from "../model/types";
import type { FormulaErrorInfo } from "./formula";
import { allSources, createResolver, type ResolveOptions, type Sheets } from "./records";

export interface FormulaFailure {
  /** the element holding the formula (its Name) */
  readonly element: string;
  /** 0-based record */
  readonly record: number;
  readonly formula: string;
  readonly error: FormulaErrorInfo;
}

/** The first formula that fails among these records, or null. */
export function formulaFailure(
  doc: LabelDocument,
  sheets: Sheets,
  records: Iterable<number>,
  now: Date = new Date(),
  opts: ResolveOptions = {},
): FormulaFailure | null {
  const formulas = [...allSources(doc)].filter(({ source }) => source.DataSourceType === 4);
  if (formulas.length === 0) return null;
  const resolve = createResolver(doc, sheets, now, opts);
  for (const record of records) {
    resolve(record);
    for (const { element, source } of formulas) {
      const r = resolve.formula(source.Formula ?? "");
      if (!r.ok) return { element: element.Name, record, formula: source.Formula, error: r.error };
    }
  }
  return null;
}

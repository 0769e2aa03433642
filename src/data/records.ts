// Records: the value of every data-bound element for record i, and how many records a label has
// (label-editor.md §5 "Print count", application.md §5 "Record selection").
//
// Values map keys: an element's Id for Text, Barcode, QRcode and TimeText; `tableCellKey(tableId, row,
// col)` for a table cell (row and column of the cell's LocaltionStart, 0-based), the key the renderer
// reads. Record indexes are 0-based.

import { hasCells, hasDataSources, isClock } from "../model/kinds/caps";
import {
  type DataSource,
  type LabelDocument,
  type LabelElement,
  type TableCell,
  tableCellKey,
} from "../model/types";
import type { Workbook } from "../spreadsheet/types";
import { formatCell } from "./cellFormat";
import type { Region } from "./dateFormat";
import { evaluateFormula, type FormulaResult } from "./formula";
import { elementNames, namedColumns, namedColumnValue, parsedFormula } from "./formulaSource";
import { promptAnswers, promptsOf } from "./promptSource";
import { sequenceOf, sequenceQuantity } from "./sequence";
import { columnCell, columnOf, columnRecordCount } from "./spreadsheetSource";
import { timeTextValue } from "./timeText";

export type Sheets = ReadonlyMap<string, Workbook>;

export interface ResolveOptions {
  /** names in spreadsheet date/time columns: 0 Chinese, 1 en-US (default), 2 en-GB */
  region?: Region;
  /** prompt answers by prompt name (prompt entries and formulas); a prompt not answered takes its default */
  prompts?: ReadonlyMap<string, string>;
  /** counter entries' numbers by counter id, one per record: a print job's reservation, or a
   * preview's next numbers (src/data/counterSource.ts). A record without one shows FirstValue. */
  counters?: ReadonlyMap<string, readonly string[]>;
}

/** Values of every element for a record; `entryValue` and `formula` then answer for the same record. */
export type Resolver = ((recordIndex: number) => Map<string, string>) & {
  /** one entry's own value (what syncValues stores in its FirstValue) */
  entryValue(s: DataSource): string;
  /** a formula's value or its error, with the names of this document and record */
  formula(text: string): FormulaResult<string>;
};

type Bound = { readonly Data: string; readonly DataSourceList: readonly DataSource[] };

function isSourceHolder(
  el: LabelElement,
): el is Extract<LabelElement, { Type: "Text" | "Barcode" | "QRcode" }> {
  return hasDataSources(el);
}

/** Builds a resolver for one document and set of workbooks; call it once per record. */
export function createResolver(
  doc: LabelDocument,
  sheets: Sheets,
  now: Date = new Date(),
  opts: ResolveOptions = {},
): Resolver {
  const region = opts.region ?? 1;
  const byId = new Map<string, LabelElement>();
  for (const el of doc.elements) if (!byId.has(el.Id)) byId.set(el.Id, el);
  const columns = namedColumns(allSources(doc), sheets);
  const names = elementNames(doc);
  // every prompt of the document has a value: its answer, else its default (the editor has no answers)
  const prompts = promptAnswers(promptsOf(doc), opts.prompts);

  // The helpers are made once per resolver (not per record): 100,000 records stay well under a second.
  let index = 0;
  let values = new Map<string, string>();
  const visiting = new Set<string>();

  const sourceValue = (s: DataSource): string => {
    switch (s.DataSourceType) {
      case 1: {
        const wb = sheets.get(s.ConnectionStr);
        if (!wb) return s.FirstValue ?? "";
        const ref = columnOf(s, wb);
        return ref ? formatCell(columnCell(s, ref, index), s, region) : "";
      }
      case 2:
        return sequenceOf(s, index);
      case 3:
        return elementValue(s.ReferenceId);
      case 4: {
        // A formula that fails shows nothing; the editor shows its error where it is typed.
        const r = formula(s.Formula ?? "");
        return r.ok ? r.value : "";
      }
      case 5:
        return prompts.get(s.PromptName.trim()) ?? "";
      case 6:
        return opts.counters?.get(s.CounterId ?? "")?.[index] ?? s.FirstValue ?? "";
      default:
        return s.FirstValue ?? "";
    }
  };

  // Names a formula may use: prompts first, then columns of the linked sheets, then element names.
  const lookup = (name: string): string | undefined => {
    const p = prompts.get(name);
    if (p !== undefined) return p;
    const col = columns.get(name);
    if (col) return namedColumnValue(col, index);
    const id = names.get(name);
    return id === undefined ? undefined : elementValue(id);
  };

  function formula(text: string): FormulaResult<string> {
    const tree = parsedFormula(text);
    return tree.ok ? evaluateFormula(tree.value, { lookup, now, region }) : tree;
  }

  const boundValue = (b: Bound): string => {
    const list = b.DataSourceList;
    if (!list || list.length === 0) return b.Data ?? "";
    let out = "";
    for (const s of list) out += sourceValue(s);
    return out;
  };

  // Resolves an element once per record; a reference cycle contributes "" where it closes.
  function elementValue(id: string): string {
    const done = values.get(id);
    if (done !== undefined) return done;
    const el = byId.get(id);
    if (!el || visiting.has(id)) return "";
    let v: string;
    if (isClock(el)) v = timeTextValue(el, now);
    else if (isSourceHolder(el)) {
      visiting.add(id);
      v = boundValue(el);
      visiting.delete(id);
    } else return "";
    values.set(id, v);
    return v;
  }

  const resolve = (recordIndex: number) => {
    index = Math.max(0, Math.trunc(recordIndex) || 0);
    values = new Map<string, string>();
    visiting.clear();
    for (const el of doc.elements) {
      if (hasCells(el)) {
        for (const cell of el.cells ?? [])
          values.set(tableCellKey(el.Id, cell.LocaltionStart[0], cell.LocaltionStart[1]), boundValue(cell));
      } else elementValue(el.Id);
    }
    return values;
  };
  return Object.assign(resolve, { entryValue: sourceValue, formula });
}

/** Every data-bound element's (and table cell's) text for record `recordIndex` (0-based). */
export function resolveValues(
  doc: LabelDocument,
  recordIndex: number,
  sheets: Sheets,
  now: Date = new Date(),
  opts: ResolveOptions = {},
): Map<string, string> {
  return createResolver(doc, sheets, now, opts)(recordIndex);
}

/** Every DataSource of the document with its owner: elements' lists and table cells' lists. */
export function* allSources(
  doc: LabelDocument,
): Generator<{ element: LabelElement; cell?: TableCell; source: DataSource; index: number }> {
  for (const element of doc.elements) {
    if (hasCells(element)) {
      for (const cell of element.cells ?? []) {
        const list = cell.DataSourceList ?? [];
        for (let index = 0; index < list.length; index++) yield { element, cell, source: list[index], index };
      }
    } else if (isSourceHolder(element)) {
      const list = element.DataSourceList ?? [];
      for (let index = 0; index < list.length; index++) yield { element, source: list[index], index };
    }
  }
}

/**
 * Number of records: the smallest count among spreadsheet columns (rows minus the header line when the
 * first line is a header) and sequence quantities; 1 when there are none. A spreadsheet whose workbook
 * is not loaded yet does not count; a linked column that does not exist counts 0.
 */
export function recordCount(doc: LabelDocument, sheets: Sheets): number {
  let min = Number.POSITIVE_INFINITY;
  for (const { source } of allSources(doc)) {
    if (source.DataSourceType === 2) min = Math.min(min, sequenceQuantity(source));
    else if (source.DataSourceType === 1) {
      const wb = sheets.get(source.ConnectionStr);
      if (!wb) continue;
      const ref = columnOf(source, wb);
      min = Math.min(min, ref ? columnRecordCount(source, ref) : 0);
    }
  }
  return min === Number.POSITIVE_INFINITY ? 1 : min;
}

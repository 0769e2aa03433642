// Switching the current entry's DataSourceType (label-editor.md §4 "Data source type switch").
//  → 1 spreadsheet: link the last linked spreadsheet, SheetIndex [0, 0] (first sheet, first column)
//  → 2 sequence:    AddedValue 1, Quantity 1, FirstValue = InitialValue or "1"
//  → 3 reference:   refused with tip72 when another element already references this one; the entry
//                   then becomes fixed text
//  → 0 fixed:       FirstValue restored from NormalText (the fixed text)

import { TIP } from "../i18n/tips";
import type { DataSource, DataSourceType, LabelDocument } from "../model/types";
import type { Workbook } from "../spreadsheet/types";
import { updateCurrentSource } from "./list";
import { newPromptName } from "./promptSource";
import { allSources } from "./records";
import { isReferenced } from "./references";
import { bindColumn } from "./spreadsheetSource";
import { currentSource, getBound, type SourceTarget, updateBound } from "./targets";

/** What a new spreadsheet entry copies from the spreadsheet linked last. */
export type LinkedSpreadsheet = Pick<
  DataSource,
  "ExcelName" | "ConnectionStr" | "ConnectionData" | "DataBase"
>;

/** The spreadsheet of the last spreadsheet entry in the document (z-order, then list order), if any. */
export function lastLinkedSpreadsheet(doc: LabelDocument): LinkedSpreadsheet | undefined {
  let last: DataSource | undefined;
  for (const { source } of allSources(doc))
    if (source.DataSourceType === 1 && source.ConnectionStr) last = source;
  return (
    last && {
      ExcelName: last.ExcelName,
      ConnectionStr: last.ConnectionStr,
      ConnectionData: last.ConnectionData,
      DataBase: last.DataBase,
    }
  );
}

export interface SwitchOptions {
  /** defaults to lastLinkedSpreadsheet(doc) */
  linked?: LinkedSpreadsheet;
  /** parsed workbooks by ConnectionStr, to name the sheet and column */
  sheets?: ReadonlyMap<string, Workbook>;
  /** a new spreadsheet entry's currency symbol and date format (the interface language's) */
  defaults?: NewSpreadsheetDefaults;
}

export type NewSpreadsheetDefaults = Partial<Pick<DataSource, "CurrencySymbol" | "DateFormat">>;

export interface SwitchResult {
  readonly doc: LabelDocument;
  /** tip72 when a switch to reference was refused */
  readonly tip?: typeof TIP.alreadyReferenced;
}

function toSpreadsheet(
  s: DataSource,
  linked: LinkedSpreadsheet | undefined,
  sheets?: ReadonlyMap<string, Workbook>,
  defaults?: NewSpreadsheetDefaults,
): DataSource {
  const base: DataSource = {
    ...s,
    ...(linked ?? {}),
    ...(defaults ?? {}),
    DataSourceType: 1,
    SheetIndex: [0, 0],
    ColumnIndex: 0,
  };
  const wb = linked && sheets?.get(linked.ConnectionStr);
  if (wb) return bindColumn(base, wb, 0, 0, { fresh: true });
  const sheet = base.DataBase[0];
  return { ...base, TableName: sheet?.text ?? "", ColumnName: sheet?.children[0]?.text ?? "" };
}

/** Switches the current entry of one list. */
export function switchSourceType(
  doc: LabelDocument,
  target: SourceTarget,
  type: DataSourceType,
  opts: SwitchOptions = {},
): SwitchResult {
  const bound = getBound(doc, target);
  const cur = bound && currentSource(bound);
  if (!bound || !cur) return { doc };
  let patch: Partial<DataSource>;
  let tip: typeof TIP.alreadyReferenced | undefined;
  switch (type) {
    case 1:
      patch = toSpreadsheet(cur, opts.linked ?? lastLinkedSpreadsheet(doc), opts.sheets, opts.defaults);
      break;
    case 2: {
      const initial = cur.InitialValue || "1";
      patch = { DataSourceType: 2, AddedValue: 1, Quantity: 1, InitialValue: initial, FirstValue: initial };
      break;
    }
    case 3:
      if (!target.cell && isReferenced(doc, target.elementId)) {
        tip = TIP.alreadyReferenced;
        patch = { DataSourceType: 0, FirstValue: cur.NormalText };
      } else patch = { DataSourceType: 3, ReferenceId: "" };
      break;
    case 4:
      // the formula typed before a switch away comes back with the type
      patch = { DataSourceType: 4, Formula: cur.Formula ?? "" };
      break;
    case 5:
      // a new prompt takes a free name; one switched back to keeps its definition
      patch = {
        DataSourceType: 5,
        PromptName: cur.PromptName || newPromptName(doc),
        FirstValue: cur.PromptDefault,
      };
      break;
    case 6:
      // the counter picked before a switch away comes back with the type
      patch = { DataSourceType: 6, CounterId: cur.CounterId ?? "", CounterName: cur.CounterName ?? "" };
      break;
    default:
      patch = { DataSourceType: 0, FirstValue: cur.NormalText };
  }
  const next = updateBound(doc, target, (b) => updateCurrentSource(b, patch));
  return tip ? { doc: next, tip } : { doc: next };
}

/** The same switch for several lists (e.g. all selected table cells); tip72 if any was refused. */
export function switchSourceTypeAll(
  doc: LabelDocument,
  targets: readonly SourceTarget[],
  type: DataSourceType,
  opts: SwitchOptions = {},
): SwitchResult {
  let out = doc;
  let tip: typeof TIP.alreadyReferenced | undefined;
  for (const t of targets) {
    const r = switchSourceType(out, t, type, opts);
    out = r.doc;
    tip = tip ?? r.tip;
  }
  return tip ? { doc: out, tip } : { doc: out };
}

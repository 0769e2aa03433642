// Keeps the stored values in step with the sources (label-editor.md §4: "a data source change on an
// element updates every element referencing its id"). After any source change the editor calls
// syncValues: each Text, Barcode, QRcode and table cell gets Data = its value for the record, and each
// non-fixed entry's FirstValue = that entry's own value, so the saved file and any element that
// references a changed one hold current text. TimeText is left alone (its clock changes every second
// and is resolved at render time).

import { hasCells, hasDataSources } from "../model/kinds/caps";
import { type DataSource, type LabelDocument, type LabelElement, tableCellKey } from "../model/types";
import { formatCell } from "./cellFormat";
import { createResolver, type ResolveOptions, type Sheets } from "./records";
import { sequenceOf } from "./sequence";
import { columnCell, columnOf } from "./spreadsheetSource";

function entryValue(
  s: DataSource,
  values: Map<string, string>,
  sheets: Sheets,
  index: number,
  opts: ResolveOptions,
): string {
  switch (s.DataSourceType) {
    case 1: {
      const wb = sheets.get(s.ConnectionStr);
      const ref = wb && columnOf(s, wb);
      return wb ? (ref ? formatCell(columnCell(s, ref, index), s, opts.region ?? 1) : "") : s.FirstValue;
    }
    case 2:
      return sequenceOf(s, index);
    case 3:
      return values.get(s.ReferenceId) ?? "";
    default:
      return s.FirstValue;
  }
}

function syncBound<T extends { Data: string; DataSourceList: readonly DataSource[] }>(
  b: T,
  value: string | undefined,
  values: Map<string, string>,
  sheets: Sheets,
  index: number,
  opts: ResolveOptions,
): T {
  let changed = false;
  const list = b.DataSourceList.map((s) => {
    if (s.DataSourceType === 0) return s;
    const v = entryValue(s, values, sheets, index, opts);
    if (v === s.FirstValue) return s;
    changed = true;
    return { ...s, FirstValue: v };
  });
  const data = value ?? b.Data;
  if (!changed && data === b.Data) return b;
  return { ...b, Data: data, DataSourceList: changed ? list : b.DataSourceList };
}

/** Returns the document with stored values for record `recordIndex` (0-based); the same object when nothing changed. */
export function syncValues(
  doc: LabelDocument,
  sheets: Sheets,
  recordIndex = 0,
  now: Date = new Date(),
  opts: ResolveOptions = {},
): LabelDocument {
  const values = createResolver(doc, sheets, now, opts)(recordIndex);
  let changed = false;
  const elements = doc.elements.map((el): LabelElement => {
    let next: LabelElement = el;
    if (hasCells(el)) {
      const cells = el.cells.map((c) =>
        syncBound(
          c,
          values.get(tableCellKey(el.Id, c.LocaltionStart[0], c.LocaltionStart[1])),
          values,
          sheets,
          recordIndex,
          opts,
        ),
      );
      if (cells.some((c, i) => c !== el.cells[i])) next = { ...el, cells };
    } else if (hasDataSources(el)) {
      next = syncBound(el, values.get(el.Id), values, sheets, recordIndex, opts);
    }
    if (next !== el) changed = true;
    return next;
  });
  return changed ? { ...doc, elements } : doc;
}

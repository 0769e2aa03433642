// Keeps the stored values in step with the sources (label-editor.md §4: "a data source change on an
// element updates every element referencing its id"). After any source change the editor calls
// syncValues: each Text, Barcode, QRcode and table cell gets Data = its value for the record, and each
// non-fixed entry's FirstValue = that entry's own value, so the saved file and any element that
// references a changed one hold current text. TimeText is left alone (its clock changes every second
// and is resolved at render time).

import { hasCells, hasDataSources } from "../model/kinds/caps";
import { type DataSource, type LabelDocument, type LabelElement, tableCellKey } from "../model/types";
import { createResolver, type ResolveOptions, type Resolver, type Sheets } from "./records";

function syncBound<T extends { Data: string; DataSourceList: readonly DataSource[] }>(
  b: T,
  value: string | undefined,
  resolver: Resolver,
): T {
  let changed = false;
  const list = b.DataSourceList.map((s) => {
    if (s.DataSourceType === 0) return s;
    const v = resolver.entryValue(s);
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
  const resolver = createResolver(doc, sheets, now, opts);
  const values = resolver(recordIndex);
  let changed = false;
  const elements = doc.elements.map((el): LabelElement => {
    let next: LabelElement = el;
    if (hasCells(el)) {
      const cells = el.cells.map((c) =>
        syncBound(c, values.get(tableCellKey(el.Id, c.LocaltionStart[0], c.LocaltionStart[1])), resolver),
      );
      if (cells.some((c, i) => c !== el.cells[i])) next = { ...el, cells };
    } else if (hasDataSources(el)) {
      next = syncBound(el, values.get(el.Id), resolver);
    }
    if (next !== el) changed = true;
    return next;
  });
  return changed ? { ...doc, elements } : doc;
}

// A data source list's edits as plain data, so the editor runs them as one named op ("sources.edit"
// in machines/editor.ops.ts) instead of a panel building the whole document: the edit is applied to
// the list of `target`, then every stored value is re-synced (syncValues), so the elements that
// reference this one follow (label-editor.md §4).

import type { TIP } from "../i18n/tips";
import { isCode } from "../model/kinds/caps";
import type { DataSource, DataSourceType, LabelDocument } from "../model/types";
import { addSource, deleteCurrentSource, moveCurrentSource, selectSource, updateCurrentSource } from "./list";
import type { Sheets } from "./records";
import { setReference } from "./references";
import { revertInvalidSpreadsheets } from "./revert";
import { syncValues } from "./sync";
import { type SourceTarget, updateBound } from "./targets";
import { switchSourceType } from "./typeSwitch";

/** One change of a data source list (the data source editor's buttons and fields). */
export type SourceEdit =
  | { readonly do: "add" }
  | { readonly do: "delete" }
  | { readonly do: "move"; readonly by: -1 | 1 }
  | { readonly do: "select"; readonly index: number }
  /** fields of the current entry (fixed text, sequence fields, a spreadsheet column) */
  | { readonly do: "patch"; readonly patch: Partial<DataSource> }
  /** the type switch (spec §4); `defaults` are the language's currency symbol and date format */
  | {
      readonly do: "type";
      readonly type: DataSourceType;
      readonly defaults?: Pick<DataSource, "CurrencySymbol" | "DateFormat">;
    }
  | { readonly do: "reference"; readonly refId: string };

export interface SourceEditResult {
  readonly doc: LabelDocument;
  /** why the type switch kept fixed text (tip72: this element is referenced) */
  readonly tip?: typeof TIP.alreadyReferenced;
}

/** `doc` with `edit` applied to the list of `target` and the values re-synced (unchanged: `doc`). */
export function editSources(
  doc: LabelDocument,
  target: SourceTarget,
  edit: SourceEdit,
  sheets: Sheets,
): SourceEditResult {
  let next: LabelDocument;
  let tip: SourceEditResult["tip"];
  switch (edit.do) {
    case "add":
      next = updateBound(doc, target, (b) => addSource(b));
      break;
    case "delete":
      next = updateBound(doc, target, (b) => deleteCurrentSource(b));
      break;
    case "move":
      next = updateBound(doc, target, (b) => moveCurrentSource(b, edit.by));
      break;
    case "select":
      next = updateBound(doc, target, (b) => selectSource(b, edit.index));
      break;
    case "patch":
      next = updateBound(doc, target, (b) => updateCurrentSource(b, edit.patch));
      break;
    case "type": {
      const r = switchSourceType(doc, target, edit.type, { sheets, defaults: edit.defaults });
      next = r.doc;
      tip = r.tip;
      break;
    }
    case "reference":
      next = setReference(doc, target, edit.refId).doc;
      break;
  }
  const settled = next === doc ? doc : syncValues(next, sheets);
  return tip ? { doc: settled, tip } : { doc: settled };
}

/**
 * A code whose content the data sources changed counts as edited by the user, so a later type change
 * keeps it (spec §4 isEdit): `after` with element `id` marked, when its Data or sources differ from
 * `before`'s.
 */
export function markCodeEdited(before: LabelDocument, after: LabelDocument, id: string): LabelDocument {
  const old = before.elements.find((e) => e.Id === id);
  let changed = false;
  const elements = after.elements.map((e) => {
    if (e.Id !== id || !isCode(e) || e.isEdit) return e;
    const prev = old && isCode(old) ? old : undefined;
    const sameSources =
      prev &&
      prev.Data === e.Data &&
      JSON.stringify(prev.DataSourceList) === JSON.stringify(e.DataSourceList);
    if (sameSources) return e;
    changed = true;
    return { ...e, isEdit: true };
  });
  return changed ? { ...after, elements } : after;
}

/**
 * The workbook store's correction after a file was read: spreadsheet entries the file cannot serve
 * revert to fixed text, and every value is re-synced (record 0: what the saved file holds).
 */
export function settleSources(doc: LabelDocument, sheets: Sheets): LabelDocument {
  return syncValues(revertInvalidSpreadsheets(doc, sheets).doc, sheets);
}

// Reference sources (DataSourceType 3) between elements (label-editor.md §4): who may be referenced,
// whether an element is referenced, and what deleting a referenced element does.

import { hasCells, hasDataSources } from "../model/kinds/caps";
import type { DataSource, LabelDocument, LabelElement, TableCell } from "../model/types";
import { isMirrorCopy, tableCellKey } from "../model/types";
import { updateCurrentSource } from "./list";
import { allSources } from "./records";
import { getBound, type SourceTarget, updateBound } from "./targets";

const REFERENCEABLE = new Set(["Text", "Barcode", "QRcode"]);

function listOf(el: LabelElement): readonly DataSource[] {
  return hasDataSources(el) ? el.DataSourceList : [];
}

/** Whether an element's own list holds a reference entry. */
export function isReferencing(el: LabelElement): boolean {
  return listOf(el).some((s) => s.DataSourceType === 3);
}

/** Every list (element or table cell) holding a reference to `id`. */
export function referencesTo(doc: LabelDocument, id: string): SourceTarget[] {
  const out: SourceTarget[] = [];
  const seen = new Set<string>();
  for (const { element, cell, source } of allSources(doc)) {
    if (source.DataSourceType !== 3 || source.ReferenceId !== id) continue;
    const key = cell ? tableCellKey(element.Id, cell.LocaltionStart[0], cell.LocaltionStart[1]) : element.Id;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      cell
        ? { elementId: element.Id, cell: [cell.LocaltionStart[0], cell.LocaltionStart[1]] }
        : { elementId: element.Id },
    );
  }
  return out;
}

/** Whether any other element or cell references `id` (tip72 on switching it to a reference; tip77 on delete). */
export function isReferenced(doc: LabelDocument, id: string): boolean {
  return referencesTo(doc, id).some((t) => t.elementId !== id || t.cell !== undefined);
}

/** The elements a reference entry of `selfId` may point to: Text, Barcode, QRcode; not referencing; no mirror copies; not itself. */
export function referenceCandidates(doc: LabelDocument, selfId: string): LabelElement[] {
  return doc.elements.filter(
    (el) => REFERENCEABLE.has(el.Type) && !isReferencing(el) && !isMirrorCopy(el) && el.Id !== selfId,
  );
}

const detached = (s: DataSource, ids: ReadonlySet<string>): DataSource =>
  s.DataSourceType === 3 && ids.has(s.ReferenceId)
    ? { ...s, DataSourceType: 0, ReferenceId: "", FirstValue: "", NormalText: "" }
    : s;

function detachList<T extends { DataSourceList: readonly DataSource[] }>(b: T, ids: ReadonlySet<string>): T {
  let changed = false;
  const list = b.DataSourceList.map((s) => {
    const n = detached(s, ids);
    if (n !== s) changed = true;
    return n;
  });
  return changed ? { ...b, DataSourceList: list } : b;
}

/**
 * After elements are deleted: every reference to them becomes an empty fixed-text entry
 * (label-editor.md §4, confirmed with tip77). Returns the same document when nothing referenced them.
 */
export function detachReferences(doc: LabelDocument, removedIds: Iterable<string>): LabelDocument {
  const ids = new Set(removedIds);
  if (ids.size === 0) return doc;
  let changed = false;
  const elements = doc.elements.map((el) => {
    let next: LabelElement = el;
    if (hasCells(el)) {
      const cells = el.cells.map((c: TableCell) => detachList(c, ids));
      if (cells.some((c, i) => c !== el.cells[i])) next = { ...el, cells };
    } else if (hasDataSources(el)) {
      next = detachList(el, ids);
    }
    if (next !== el) changed = true;
    return next;
  });
  return changed ? { ...doc, elements } : doc;
}

/**
 * Points the current entry of a list at element `refId`. Refused (the document is returned unchanged,
 * ok false) when `refId` is not among referenceCandidates of the list's element.
 */
export function setReference(
  doc: LabelDocument,
  target: SourceTarget,
  refId: string,
): { readonly doc: LabelDocument; readonly ok: boolean } {
  if (!referenceCandidates(doc, target.elementId).some((el) => el.Id === refId)) return { doc, ok: false };
  if (!target.cell && isReferenced(doc, target.elementId)) return { doc, ok: false };
  const next = updateBound(doc, target, (b) =>
    updateCurrentSource(b, { DataSourceType: 3, ReferenceId: refId }),
  );
  return { doc: next, ok: getBound(doc, target) !== null };
}

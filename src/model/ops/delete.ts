// Deleting elements. The mirror copy goes with its original; deleting an element that others
// reference first asks (tip77, title tip71), and the confirmed delete turns those references into
// empty fixed text.

import { hasCells } from "../kinds/caps";
import type { DataSource, LabelDocument, LabelElement, TableCell } from "../types";
import { isMirrorCopy, mirrorIdOf, originalIdOf } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import type { OpResult } from "./types";

type Sourced = { readonly DataSourceList: readonly DataSource[] };

function hasSources(x: object): x is Sourced {
  return Array.isArray((x as Sourced).DataSourceList);
}

function refersTo(list: readonly DataSource[] | undefined, ids: ReadonlySet<string>): boolean {
  return Array.isArray(list) && list.some((s) => s?.DataSourceType === 3 && ids.has(s.ReferenceId));
}

/** Ids of elements (outside `ids`) whose data sources reference one of `ids`. */
export function referencingElements(doc: LabelDocument, ids: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const el of doc.elements) {
    if (ids.has(el.Id) || isMirrorCopy(el)) continue;
    if (hasSources(el) && refersTo(el.DataSourceList, ids)) out.push(el.Id);
    else if (
      hasCells(el) &&
      Array.isArray(el.cells) &&
      el.cells.some((c) => refersTo(c?.DataSourceList, ids))
    )
      out.push(el.Id);
  }
  return out;
}

function unref(list: readonly DataSource[], ids: ReadonlySet<string>): readonly DataSource[] {
  if (!refersTo(list, ids)) return list;
  return list.map((s) =>
    s.DataSourceType === 3 && ids.has(s.ReferenceId)
      ? { ...s, DataSourceType: 0 as const, ReferenceId: "", FirstValue: "", NormalText: "" }
      : s,
  );
}

/** The stored text of a list: each entry's FirstValue holds its current value, a detached one "". */
const storedText = (list: readonly DataSource[]): string => list.map((s) => s.FirstValue).join("");

function dropReferences(el: LabelElement, ids: ReadonlySet<string>): LabelElement {
  if (hasCells(el)) {
    if (!Array.isArray(el.cells)) return el;
    let changed = false;
    const cells = el.cells.map((c: TableCell) => {
      const list = unref(c.DataSourceList, ids);
      if (list === c.DataSourceList) return c;
      changed = true;
      return { ...c, DataSourceList: list, Data: storedText(list) };
    });
    return changed ? { ...el, cells } : el;
  }
  if (hasSources(el)) {
    const list = unref(el.DataSourceList, ids);
    if (list !== el.DataSourceList)
      return { ...el, DataSourceList: list, Data: storedText(list) } as LabelElement;
  }
  return el;
}

function targetIds(doc: LabelDocument, ids: readonly string[]): Set<string> {
  const present = new Set(doc.elements.map((e) => e.Id));
  const out = new Set<string>();
  for (const id of ids) {
    // selecting a mirror copy deletes the original (the copy cannot live alone)
    const orig = originalIdOf(id);
    if (present.has(orig)) out.add(orig);
  }
  return out;
}

function remove(doc: LabelDocument, ids: Set<string>, fixRefs: boolean): OpResult {
  const gone = new Set(ids);
  for (const id of ids) gone.add(mirrorIdOf(id));
  const elements: LabelElement[] = [];
  for (const el of doc.elements) {
    if (gone.has(el.Id)) continue;
    elements.push(fixRefs ? dropReferences(el, ids) : el);
  }
  return commit(doc, { ...doc, elements }, { kind: fixRefs ? "multiple" : "del" });
}

/**
 * Deletes the selected elements (and their mirror copies). Refuses with tip77 / title tip71 and
 * `needsConfirm` when another element references one of them; then call `deleteElementsConfirmed`.
 */
export function deleteElements(doc: LabelDocument, ids: readonly string[]): OpResult {
  const target = targetIds(doc, ids);
  if (target.size === 0) return refuse(MSG.noSelection);
  if (referencingElements(doc, target).length > 0) {
    return refuse(MSG.deleteReferenced, { title: MSG.deleteReferencedTitle, needsConfirm: true });
  }
  return remove(doc, target, false);
}

/** The confirmed delete: references to the deleted elements become empty fixed text. */
export function deleteElementsConfirmed(doc: LabelDocument, ids: readonly string[]): OpResult {
  const target = targetIds(doc, ids);
  if (target.size === 0) return refuse(MSG.noSelection);
  return remove(doc, target, true);
}

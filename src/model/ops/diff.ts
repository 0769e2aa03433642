// Diffs between two documents by element identity, and applying / inverting them.
// Elements are immutable, so "changed" means "a different object under the same id".
import type { LabelDocument, LabelElement } from "../types";
import type { Diff } from "./types";

function sameOrder(a: readonly LabelElement[], b: readonly LabelElement[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].Id !== b[i].Id) return false;
  return true;
}

function isPrefix(a: readonly LabelElement[], b: readonly LabelElement[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].Id !== b[i].Id) return false;
  return true;
}

/** The diff that turns `before` into `after`. O(n) in the number of elements. */
export function diffDocs(before: LabelDocument, after: LabelDocument): Diff {
  const added: Record<string, LabelElement> = {};
  const updated: Record<string, readonly [LabelElement, LabelElement]> = {};
  const removed: Record<string, LabelElement> = {};
  const diff: {
    added: typeof added;
    updated: typeof updated;
    removed: typeof removed;
    order?: Diff["order"];
    attrs?: Diff["attrs"];
  } = { added, updated, removed };
  if (before.attrs !== after.attrs) diff.attrs = [before.attrs, after.attrs];
  const a = before.elements;
  const b = after.elements;
  if (a === b) return diff;
  if (sameOrder(a, b)) {
    // the common case (edits, moves): same ids in the same order, compare by position
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) updated[b[i].Id] = [a[i], b[i]];
    return diff;
  }
  const old = new Map<string, LabelElement>();
  for (const el of a) old.set(el.Id, el);
  const seen = new Set<string>();
  for (const el of b) {
    seen.add(el.Id);
    const prev = old.get(el.Id);
    if (!prev) added[el.Id] = el;
    else if (prev !== el) updated[el.Id] = [prev, el];
  }
  let anyRemoved = false;
  for (const el of a) {
    if (!seen.has(el.Id)) {
      removed[el.Id] = el;
      anyRemoved = true;
    }
  }
  // pure appends need no order: applyDiff puts added elements on top in insertion order (unless an
  // id looks like an array index, which objects would enumerate first)
  const appended = !anyRemoved && isPrefix(a, b) && !b.slice(a.length).some((e) => /^\d+$/.test(e.Id));
  if (!appended) diff.order = [a.map((e) => e.Id), b.map((e) => e.Id)];
  return diff;
}

export function isEmptyDiff(d: Diff): boolean {
  for (const _ in d.added) return false;
  for (const _ in d.updated) return false;
  for (const _ in d.removed) return false;
  return !d.order && !d.attrs;
}

/** The diff that undoes `d`. */
export function invertDiff(d: Diff): Diff {
  const updated: Record<string, readonly [LabelElement, LabelElement]> = {};
  for (const id in d.updated) {
    const [from, to] = d.updated[id];
    updated[id] = [to, from];
  }
  return {
    added: d.removed,
    updated,
    removed: d.added,
    ...(d.order ? { order: [d.order[1], d.order[0]] as const } : {}),
    ...(d.attrs ? { attrs: [d.attrs[1], d.attrs[0]] as const } : {}),
  };
}

/**
 * Applies a diff: removes, replaces and adds elements, then restores the z-order from `order`
 * (new elements go on top when no order is given). Unknown ids are ignored, so applying a diff to
 * a document that drifted never throws.
 */
export function applyDiff(doc: LabelDocument, d: Diff): LabelDocument {
  const elements: LabelElement[] = [];
  for (const el of doc.elements) {
    if (Object.hasOwn(d.removed, el.Id)) continue;
    elements.push(Object.hasOwn(d.updated, el.Id) ? d.updated[el.Id][1] : el);
  }
  const present = new Set(elements.map((e) => e.Id));
  for (const id in d.added) if (!present.has(id)) elements.push(d.added[id]);
  let ordered = elements;
  if (d.order) {
    const byId = new Map(elements.map((e) => [e.Id, e]));
    ordered = [];
    for (const id of d.order[1]) {
      const el = byId.get(id);
      if (el) {
        ordered.push(el);
        byId.delete(id);
      }
    }
    // anything the order did not mention keeps its place at the end
    for (const el of byId.values()) ordered.push(el);
  }
  return { attrs: d.attrs ? d.attrs[1] : doc.attrs, elements: ordered };
}

/** One diff with the effect of `a` then `b` (used to squash a drag into one history entry). */
export function composeDiffs(before: LabelDocument, a: Diff, b: Diff): Diff {
  return diffDocs(before, applyDiff(applyDiff(before, a), b));
}

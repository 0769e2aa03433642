// Undo/redo history as a list of diffs keyed by element id (never whole snapshots).
// Entries carry the spec's kinds: add, edit, del, changeShape, multiple. Recording a change drops
// the redo entries. A transaction (a drag or transform) sets a stopping point at pointer-down and
// is squashed into one entry at pointer-up, or abandoned on Escape (the document goes back).

import { applyDiff, diffDocs, invertDiff, isEmptyDiff } from "./ops/diff";
import { syncMirrors } from "./ops/mirror-sync";
import type { Diff, HistoryKind } from "./ops/types";
import type { LabelDocument } from "./types";

export interface HistoryEntry {
  readonly kind: HistoryKind;
  readonly diff: Diff;
  /** the named op that made it (the editor's event type: "sources.edit", "elements.drag", …) */
  readonly op?: string;
}

export interface History {
  readonly entries: readonly HistoryEntry[];
  /** index of the last applied entry; -1 when everything is undone */
  readonly index: number;
  /** the document at the stopping point of an open transaction */
  readonly pending: { readonly base: LabelDocument } | null;
}

export const EMPTY_HISTORY: History = Object.freeze({ entries: [], index: -1, pending: null });

export function createHistory(): History {
  return EMPTY_HISTORY;
}

/** The spec's kind for a diff: only additions → add, only removals → del, both → changeShape. */
export function kindOfDiff(d: Diff): HistoryKind {
  const a = Object.keys(d.added).length > 0;
  const r = Object.keys(d.removed).length > 0;
  const u = Object.keys(d.updated).length > 0 || !!d.attrs;
  if (a && !r && !u) return "add";
  if (r && !a && !u) return "del";
  if (a && r && !u) return "changeShape";
  if (u && !a && !r) return Object.keys(d.updated).length > 1 ? "multiple" : "edit";
  return "multiple";
}

/** Records a change (named by its op); an empty diff records nothing. Redo entries are dropped. */
export function record(h: History, diff: Diff, kind?: HistoryKind, op?: string): History {
  if (isEmptyDiff(diff)) return h;
  const entries = h.entries.slice(0, h.index + 1);
  const entry: HistoryEntry = { kind: kind ?? kindOfDiff(diff), diff };
  entries.push(op ? { ...entry, op } : entry);
  return { entries, index: entries.length - 1, pending: h.pending };
}

export function canUndo(h: History): boolean {
  return h.index >= 0;
}
export function canRedo(h: History): boolean {
  return h.index < h.entries.length - 1;
}

export interface HistoryStep {
  readonly history: History;
  readonly doc: LabelDocument;
  /** the diff that was applied to the document */
  readonly diff: Diff;
}

/** Undoes the last entry; null when there is nothing to undo. Mirror copies follow CopyMirrorImage. */
export function undo(h: History, doc: LabelDocument): HistoryStep | null {
  if (!canUndo(h)) return null;
  const diff = invertDiff(h.entries[h.index].diff);
  return {
    history: { ...h, index: h.index - 1, pending: null },
    doc: syncMirrors(applyDiff(doc, diff)),
    diff,
  };
}

/** Redoes the next entry; null when there is nothing to redo. */
export function redo(h: History, doc: LabelDocument): HistoryStep | null {
  if (!canRedo(h)) return null;
  const diff = h.entries[h.index + 1].diff;
  return {
    history: { ...h, index: h.index + 1, pending: null },
    doc: syncMirrors(applyDiff(doc, diff)),
    diff,
  };
}

/** Sets a stopping point (pointer-down of a drag or transform). */
export function beginTransaction(h: History, doc: LabelDocument): History {
  return { ...h, pending: { base: doc } };
}

/** Squashes everything since the stopping point into one entry (pointer-up). */
export function commitTransaction(h: History, doc: LabelDocument, kind?: HistoryKind, op?: string): History {
  if (!h.pending) return h;
  const diff = diffDocs(h.pending.base, doc);
  return record({ ...h, pending: null }, diff, kind, op);
}

/** Abandons the transaction (Escape): the document returns to the stopping point. */
export function abandonTransaction(h: History, doc: LabelDocument): { history: History; doc: LabelDocument } {
  if (!h.pending) return { history: h, doc };
  return { history: { ...h, pending: null }, doc: h.pending.base };
}

// Shared shapes of the pure document operations: every op is `(doc, …) → OpResult`.
import type { LabelAttrs, LabelDocument, LabelElement } from "../types";

/**
 * What an operation changed, keyed by element id (tldraw RecordsDiff style), never a snapshot.
 * `order` is present only when membership or z-order changed: the id order before and after.
 * `attrs` is present only when the label attributes changed.
 */
export interface Diff {
  readonly added: Readonly<Record<string, LabelElement>>;
  readonly updated: Readonly<Record<string, readonly [from: LabelElement, to: LabelElement]>>;
  readonly removed: Readonly<Record<string, LabelElement>>;
  readonly order?: readonly [before: readonly string[], after: readonly string[]];
  readonly attrs?: readonly [from: LabelAttrs, to: LabelAttrs];
}

/** The spec's history entry kinds (label-editor.md §4). */
export type HistoryKind = "add" | "edit" | "del" | "changeShape" | "multiple";

export interface OpSuccess {
  readonly doc: LabelDocument;
  readonly diff: Diff;
  /** ids the editor should select after the op (e.g. the pasted copies); absent = keep selection */
  readonly select?: readonly string[];
  /** a success/info message key to show (e.g. tip.tip122 "locked") */
  readonly message?: string;
  /** a warning key to show although the op was done (e.g. the type switch kept fixed text: tip72) */
  readonly warning?: string;
  /** the history kind to record (derived from the diff when absent) */
  readonly kind?: HistoryKind;
}

export interface OpRefusal {
  /** translation key of the reason, shown to the user */
  readonly refused: string;
  /** a dialog title key, when the refusal asks the user to confirm (delete referenced: tip.tip71) */
  readonly title?: string;
  /** true when the same action can be confirmed (e.g. `deleteElementsConfirmed`) */
  readonly needsConfirm?: boolean;
}

export type OpResult = OpSuccess | OpRefusal;

export function isRefusal(r: OpResult): r is OpRefusal {
  return "refused" in r;
}

export const EMPTY_DIFF: Diff = Object.freeze({ added: {}, updated: {}, removed: {} });

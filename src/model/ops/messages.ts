// Translation keys of the messages the document operations return (all in locales/*.json).
import { TIP } from "../../i18n/tips";
export const MSG = {
  /** nothing selected */
  noSelection: TIP.noSelection,
  /** element locked: cannot be moved, aligned, reordered or copied */
  locked: TIP.locked,
  /** locked (success) */
  lockedOk: TIP.lockedOk,
  /** unlocked (success) */
  unlockedOk: TIP.unlockedOk,
  /** copied (success) */
  copied: TIP.copied,
  /** confirm deleting a referenced element, and its dialog title */
  deleteReferenced: TIP.deleteReferenced,
  deleteReferencedTitle: TIP.deleteReferencedTitle,
  tableMirror: "editor.ops.tableMirror",
  cannotDrag: "editor.ops.cannotDrag",
  distributeNeedsThree: "editor.ops.distributeNeedsThree",
  clipboardEmpty: "editor.ops.clipboardEmpty",
  mergeNeedsTwo: "editor.ops.mergeNeedsTwo",
  mergeNotRectangle: "editor.ops.mergeNotRectangle",
  splitNeedsOneMerged: "editor.ops.splitNeedsOneMerged",
  keepOneRow: "editor.ops.keepOneRow",
  keepOneColumn: "editor.ops.keepOneColumn",
  tableNeedsSingle: "editor.ops.tableNeedsSingle",
  /** an action on one element asked with several selected (spec §8 "select a single layer") */
  singleLayer: "editor.ops.singleLayer",
  tableMaxRows: "editor.ops.tableMaxRows",
  tableMaxColumns: "editor.ops.tableMaxColumns",
  noResize: "editor.ops.noResize",
  notFound: "editor.ops.notFound",
  inlineEditRefused: "editor.ops.inlineEditRefused",
  failed: "editor.ops.failed",
} as const;
export type MessageKey = (typeof MSG)[keyof typeof MSG];

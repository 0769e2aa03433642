// Translation keys of the messages the document operations return (all in locales/*.json).
export const MSG = {
  /** nothing selected */
  noSelection: "tip.tip108",
  /** element locked: cannot be moved, aligned, reordered or copied */
  locked: "tip.tip109",
  /** locked (success) */
  lockedOk: "tip.tip122",
  /** unlocked (success) */
  unlockedOk: "tip.tip123",
  /** copied (success) */
  copied: "tip.tip35",
  /** confirm deleting a referenced element, and its dialog title */
  deleteReferenced: "tip.tip77",
  deleteReferencedTitle: "tip.tip71",
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
  tableMaxRows: "editor.ops.tableMaxRows",
  tableMaxColumns: "editor.ops.tableMaxColumns",
  noResize: "editor.ops.noResize",
  notFound: "editor.ops.notFound",
  inlineEditRefused: "editor.ops.inlineEditRefused",
  failed: "editor.ops.failed",
} as const;
export type MessageKey = (typeof MSG)[keyof typeof MSG];

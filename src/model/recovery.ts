// Data recovery items as the API sends them (docs/api.md "Data recovery"): shared by the server's
// routes and the /dataRecovery page.

export const RECOVERY_KINDS = ["template", "templateFolder", "dataFolder", "dataFile"] as const;
export type RecoveryKind = (typeof RECOVERY_KINDS)[number];

export const isRecoveryKind = (k: string): k is RecoveryKind =>
  (RECOVERY_KINDS as readonly string[]).includes(k);

/** One deleted item of getRecycleList. */
export interface RecycleItem {
  kind: RecoveryKind;
  id: string;
  name: string;
  /** cloud data: 1 images, 2 spreadsheets; 0 otherwise */
  type: number;
  /** the folder an item was in; empty for folders */
  folder: string;
  /** for a folder: how many items went with it */
  items: number;
  /** UTC, "YYYY-MM-DD HH:mm:ss" */
  delete_time: string;
  expire_time: string;
  days_left: number;
}

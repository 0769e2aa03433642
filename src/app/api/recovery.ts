// Data recovery (application.md §2 /dataRecovery, §9 kept 6 months; docs/api.md "Data recovery"):
// the user's deleted templates, template folders, data folders and data files.
import { interfaceApi } from "./client";

export type RecoveryKind = "template" | "templateFolder" | "dataFolder" | "dataFile";

export interface DeletedItem {
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
  days_left: number;
}

export const itemKey = (i: Pick<DeletedItem, "kind" | "id">) => `${i.kind}:${i.id}`;

export const listDeleted = (): Promise<DeletedItem[]> =>
  interfaceApi.post<DeletedItem[]>("/api/tem.app_public/getRecycleList", {}, { loading: false });

/** Members only: a free user's call rejects with code 402 and the message for the membership prompt. */
export const restoreDeleted = (i: Pick<DeletedItem, "kind" | "id">) =>
  interfaceApi.post<{ kind: RecoveryKind; id: string; name: string }>(
    "/api/tem.app_public/recoverRecycleItem",
    { kind: i.kind, id: i.id },
  );

export const deleteForever = (i: Pick<DeletedItem, "kind" | "id">) =>
  interfaceApi.post("/api/tem.app_public/delRecycleItem", { kind: i.kind, id: i.id });

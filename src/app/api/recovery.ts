// Data recovery (application.md §2 /dataRecovery, §9 kept 6 months; docs/api.md "Data recovery"):
// the user's deleted templates, template folders, data folders and data files.
import type { RecoveryKind, RecycleItem } from "../../model/recovery";
import { interfaceApi } from "./client";

export type { RecycleItem };

export const itemKey = (i: Pick<RecycleItem, "kind" | "id">) => `${i.kind}:${i.id}`;

export const listDeleted = (): Promise<RecycleItem[]> =>
  interfaceApi.post<RecycleItem[]>("/api/tem.app_public/getRecycleList", {}, { loading: false });

/** Members only: a free user's call rejects with code 402 and the message for the membership prompt. */
export const restoreDeleted = (i: Pick<RecycleItem, "kind" | "id">) =>
  interfaceApi.post<{ kind: RecoveryKind; id: string; name: string }>(
    "/api/tem.app_public/recoverRecycleItem",
    { kind: i.kind, id: i.id },
  );

export const deleteForever = (i: Pick<RecycleItem, "kind" | "id">) =>
  interfaceApi.post("/api/tem.app_public/delRecycleItem", { kind: i.kind, id: i.id });

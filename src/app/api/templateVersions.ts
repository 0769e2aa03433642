// A cloud template's kept versions (issue 40; docs/api.md "Template versions"): the list, newest
// first, a version's note, and restore (a new version with the old content; nothing is deleted);
// approval: an owner's review of a draft and which team folders need it.
import { interfaceApi } from "./client";
import { asNumber, asText } from "./read";
import { listOf } from "./templates";

export interface TemplateVersion {
  readonly number: number;
  readonly note: string;
  /** the version this one restored, or 0 */
  readonly restoredFrom: number;
  /** the label file's URL */
  readonly file: string;
  /** the preview image's URL, or "" */
  readonly image: string;
  readonly width: number;
  readonly height: number;
  /** who saved it (a nickname), or "" */
  readonly author: string;
  readonly time: string;
  /** the version the template holds now */
  readonly current: boolean;
  /** approved, or a draft waiting for an owner (in a folder that needs approval), or rejected */
  readonly status: VersionStatus;
  /** the reviewer's note (a rejection's reason), or "" */
  readonly reviewNote: string;
  /** who approved or rejected it (a nickname), or "" */
  readonly reviewer: string;
}

export type VersionStatus = "approved" | "draft" | "rejected";
const STATUSES: readonly string[] = ["approved", "draft", "rejected"];

/** Reads one listed version defensively: an entry without a number is dropped. */
function toVersion(raw: unknown): TemplateVersion | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  const number = asNumber(o.number);
  if (number < 1) return null;
  return {
    number,
    note: asText(o.note),
    restoredFrom: asNumber(o.restored_from),
    file: asText(o.file_web),
    image: asText(o.image),
    width: asNumber(o.width),
    height: asNumber(o.height),
    author: asText(o.author),
    time: asText(o.add_time),
    current: o.current === true,
    status: STATUSES.includes(asText(o.status)) ? (asText(o.status) as VersionStatus) : "approved",
    reviewNote: asText(o.review_note),
    reviewer: asText(o.reviewer),
  };
}

export async function templateVersions(id: string): Promise<TemplateVersion[]> {
  const data = await interfaceApi.post("/api/tem.app_public/getTemplateVersions", { id }, { loading: false });
  return listOf(data)
    .map(toVersion)
    .filter((v): v is TemplateVersion => v !== null);
}

/** Restores a version; answers the number of the new version it became. */
export async function restoreTemplateVersion(id: string, number: number): Promise<number> {
  const data = await interfaceApi.post("/api/tem.app_public/restoreTemplateVersion", { id, number });
  return asNumber((data as { version?: unknown } | null)?.version);
}

export const setTemplateVersionNote = (id: string, number: number, note: string) =>
  interfaceApi.post("/api/tem.app_public/editTemplateVersionNote", { id, number, note });

/** An owner approves a version, or rejects a draft with a note. */
export const reviewTemplateVersion = (id: string, number: number, approve: boolean, note = "") =>
  interfaceApi.post("/api/tem.app_public/reviewTemplateVersion", {
    id,
    number,
    approve: approve ? 1 : 0,
    note,
  });

/** An owner turns "needs approval" on or off for a team folder. */
export const setFolderApproval = (id: string, on: boolean) =>
  interfaceApi.post("/api/tem.app_public/setFolderApproval", { id, needs_approval: on ? 1 : 0 });

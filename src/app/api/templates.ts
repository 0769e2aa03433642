// The user's cloud templates, newest change first, as the home page lists them
// (getUserTemplateList, documented in docs/api.md; answers data (list) and count).
import { interfaceApi } from "./client";
import { asNumber, asText, withId } from "./read";

export interface TemplateSummary {
  readonly id: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** URL of the label file */
  readonly file: string;
  /** preview image URL, or "" */
  readonly image: string;
  /** the folder (template class) it lives in */
  readonly classId: string;
  readonly updated: string;
}

export const RECENT_LIMIT = 12;

/** Reads one listed template defensively: unknown shapes are dropped, never trusted. */
export function toSummary(raw: unknown): TemplateSummary | null {
  const listed = withId(raw);
  if (!listed) return null;
  const { o, id } = listed;
  return {
    id,
    name: asText(o.name),
    width: asNumber(o.width),
    height: asNumber(o.height),
    file: asText(o.file_web ?? o.file_url ?? o.file),
    image: asText(o.image ?? o.canvas_img),
    classId: asText(o.parent_id ?? o.tid ?? o.class_id),
    updated: asText(o.update_time ?? o.updated_at ?? o.add_time),
  };
}

export function listOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object" && Array.isArray((data as { list?: unknown }).list)) {
    return (data as { list: unknown[] }).list;
  }
  return [];
}

export async function recentTemplates(userId: string): Promise<TemplateSummary[]> {
  const data = await interfaceApi.post(
    "/api/tem.app_public/getUserTemplateList",
    { user_id: userId, page: 1, size: RECENT_LIMIT },
    { loading: false },
  );
  return listOf(data)
    .map(toSummary)
    .filter((t): t is TemplateSummary => t !== null);
}

export interface TemplateFolder {
  readonly id: string;
  readonly name: string;
}

/** The user's template folders, the default one first (spec call 14). */
export async function templateFolders(userId: string): Promise<TemplateFolder[]> {
  const data = await interfaceApi.post(
    "/api/tem.app_public/getUserClassList",
    { user_id: userId },
    { loading: false },
  );
  return listOf(data).flatMap((raw) => {
    const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : null;
    return o && asText(o.id) ? [{ id: asText(o.id), name: asText(o.name) }] : [];
  });
}

/** The templates of one folder (up to the server's page limit, 200). */
export async function folderTemplates(userId: string, parentId: string): Promise<TemplateSummary[]> {
  const data = await interfaceApi.post(
    "/api/tem.app_public/getUserTemplateList",
    { user_id: userId, parent_id: parentId, page: 1, size: 200 },
    { loading: false },
  );
  return listOf(data)
    .map(toSummary)
    .filter((t): t is TemplateSummary => t !== null);
}

// Cloud templates (application.md §2 /cloudTemplate, §3, §5, §7 calls 10, 11, 14, 15): the user's
// template folders and, page by page, the templates of one folder or of a name search across folders.
// Rename, move (the rename call with another folder), duplicate (a new template on the same stored
// file: a content save always writes a new file, so sharing one is safe) and delete. Upload from disk
// and download of template files read labels with the editor's file helpers: they live with the page
// (src/app/pages/cloudTemplate/templateTransfer.ts), so the platform imports no editor code.

import type { SortOrder } from "../../model/sortOrders";
import { session } from "../auth/session";
import { interfaceApi } from "./client";
import { copyBase, copyName } from "./cloudItems";
import { asText } from "./read";
import { listOf, type TemplateSummary, toSummary } from "./templates";

export interface TemplateFolder {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  /** a team folder where a non-owner's save is a draft until an owner approves it */
  readonly needsApproval: boolean;
}

/** Templates per list call: the page's virtual list asks for the pages it shows. */
export const TEMPLATE_PAGE_SIZE = 100;

const userId = () => session.user()?.userid ?? "";

export async function listTemplateFolders(): Promise<TemplateFolder[]> {
  const data = await interfaceApi.post(
    "/api/tem.app_public/getUserClassList",
    { user_id: userId() },
    { loading: false },
  );
  return (Array.isArray(data) ? data : [])
    .filter((f) => f && typeof f === "object" && asText(f.id))
    .map((f) => ({
      id: asText(f.id),
      name: asText(f.name),
      count: Number(f.count) || 0,
      needsApproval: Number(f.needs_approval) === 1,
    }));
}

export const addTemplateFolder = (name: string) =>
  interfaceApi.post("/api/tem.app_public/addUserClass", { name, user_id: userId() });
export const renameTemplateFolder = (id: string, name: string) =>
  interfaceApi.post("/api/tem.app_public/editUserClass", { id, name, user_id: userId() });
export const deleteTemplateFolder = (id: string) =>
  interfaceApi.post("/api/tem.app_public/delUserClass", { id, user_id: userId() });

export interface TemplateQuery {
  /** the folder, or "" for every folder (a search) */
  readonly parentId: string;
  readonly keyword: string;
  readonly order: SortOrder;
}

export interface TemplatePage {
  readonly items: TemplateSummary[];
  /** how many templates the whole query has */
  readonly count: number;
}

/** One page (1-based) of a query. */
export async function listTemplatePage(q: TemplateQuery, page: number): Promise<TemplatePage> {
  const data = await interfaceApi.post(
    "/api/tem.app_public/getUserTemplateList",
    {
      user_id: userId(),
      parent_id: q.parentId,
      keyword: q.keyword,
      order: q.order,
      page,
      size: TEMPLATE_PAGE_SIZE,
    },
    { loading: false },
  );
  const items = listOf(data)
    .map(toSummary)
    .filter((t): t is TemplateSummary => t !== null);
  const count = Number((data as { count?: unknown } | null)?.count);
  return { items, count: Number.isFinite(count) ? count : items.length };
}

/** Spec call 11 (platform 2 for a rename). */
export const renameTemplate = (t: TemplateSummary, name: string) =>
  interfaceApi.post("/api/tem.app_public/editUserTemplate", {
    id: t.id,
    name,
    user_id: userId(),
    platform: 2,
  });
/** The rename call naming another folder moves the template there, name unchanged. */
export const moveTemplate = (t: TemplateSummary, parentId: string) =>
  interfaceApi.post("/api/tem.app_public/editUserTemplate", {
    id: t.id,
    name: t.name,
    parent_id: parentId,
    user_id: userId(),
    platform: 2,
  });
export const deleteTemplate = (t: TemplateSummary) =>
  interfaceApi.post("/api/tem.app_public/delUserTemplate", { id: t.id, user_id: userId() });

/** A copy of the template in its folder, named by copyName; answers the new template's name. */
export async function duplicateTemplate(t: TemplateSummary): Promise<string> {
  const same = await listTemplatePage(
    { parentId: t.classId, keyword: copyBase(t.name), order: "nameAsc" },
    1,
  );
  const name = copyName(
    t.name,
    same.items.map((x) => x.name),
  );
  await interfaceApi.post("/api/tem.app_public/addUserTemplate", {
    name,
    parent_id: t.classId,
    width: t.width,
    height: t.height,
    url: t.file,
    image: t.image,
    platform: 2,
    user_id: userId(),
  });
  return name;
}

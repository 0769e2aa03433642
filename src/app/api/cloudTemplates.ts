// Cloud templates (application.md §2 /cloudTemplate, §3, §5, §7 calls 10, 11, 14, 15): the user's
// template folders and, page by page, the templates of one folder or of a name search across folders.
// Rename, move (the rename call with another folder), duplicate (a new template on the same stored
// file: a content save always writes a new file, so sharing one is safe), download as .tprts, delete,
// and upload of .tprt / .tprts files from disk (read and checked here, stored as .tprts with a cover
// preview the way the editor saves).

import {
  coverTemplate,
  type SaveOutcome,
  type TemplatePayload,
  toTemplate,
  uploadLabel,
} from "../../editor/save/cloud";
import {
  downloadBlob,
  fetchLabelFile,
  isLabelFileName,
  isZplFileName,
  localFileOf,
  readLocalLabel,
} from "../../editor/save/localFiles";
import { previewPng } from "../../editor/save/previewPng";
import { zplLabelsOf } from "../../editor/save/zplFiles";
import type { SortOrder } from "../../model/sortOrders";
import type { LabelDocument } from "../../model/types";
import { session } from "../auth/session";
import { ApiError, interfaceApi } from "./client";
import { copyBase, copyName, uploadedName } from "./cloudItems";
import { asText } from "./read";
import { listOf, type TemplateSummary, toSummary } from "./templates";

export interface TemplateFolder {
  readonly id: string;
  readonly name: string;
  readonly count: number;
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
    .map((f) => ({ id: asText(f.id), name: asText(f.name), count: Number(f.count) || 0 }));
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

/** A template file that could not be read, with its message key (locales: file.error.*, tip.*). */
export class TemplateFileError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Readonly<Record<string, string | number>> = {},
  ) {
    super(key);
  }
}

/** The folder has a template of that name (405): the stored upload, for the overwrite dialog. */
export class TemplateExists extends Error {
  constructor(readonly payload: TemplatePayload) {
    super(payload.name);
  }
}

/** The overwrite dialog's confirm for an upload (spec call 12). */
export const coverUploaded = (payload: TemplatePayload): Promise<SaveOutcome> =>
  coverTemplate({ api: interfaceApi }, payload);

/** Downloads the template as a .tprts file named by the template. */
export async function downloadTemplate(t: TemplateSummary): Promise<void> {
  const r = await fetchLabelFile(t.file);
  if (!r.ok) throw new TemplateFileError(r.error.key);
  const { blob, name } = localFileOf({ ...r.doc, attrs: { ...r.doc.attrs, name: t.name } });
  downloadBlob(blob, name);
}

/** Accepts .tprt / .tprts names (§5 "Template files must be tprt or tprts") and ZPL files (issue 36). */
export const isTemplateFile = (name: string) => isLabelFileName(name) || isZplFileName(name);

/**
 * Reads a .tprt/.tprts file from disk and adds it to a folder: the label stored as .tprts, its cover
 * preview, then addUserTemplate. A ZPL file adds each of its labels (read at 203 dpi), and answers
 * the commands it did not draw. Progress goes 0 → 1 in steps. A file that cannot be read throws a
 * TemplateFileError, a name the folder has TemplateExists (405), another refusal the request
 * client's ApiError (402: the free template quota).
 */
export async function uploadTemplate(
  file: File,
  parentId: string,
  onProgress: (p: number) => void,
): Promise<{ readonly unknown: string }> {
  if (isZplFileName(file.name)) {
    const { docs, list } = await zplLabelsOf(file).catch(
      (e: { key?: string; vars?: Record<string, string | number> }) => {
        throw new TemplateFileError(e.key ?? "zpl.error.unreadable", e.vars);
      },
    );
    for (const [i, doc] of docs.entries())
      await storeTemplate(doc, parentId, (p) => onProgress((i + p) / docs.length));
    return { unknown: list };
  }
  const read = await readLocalLabel(file);
  if (!read.ok) throw new TemplateFileError(read.error.key);
  onProgress(0.25);
  const name = uploadedName(file.name) || read.doc.attrs.name;
  await storeTemplate({ ...read.doc, attrs: { ...read.doc.attrs, name } }, parentId, (p) =>
    onProgress(0.25 + p * 0.75),
  );
  return { unknown: "" };
}

/** Stores one label as a template of the folder (its file, cover, then the template row). */
async function storeTemplate(
  doc: LabelDocument,
  parentId: string,
  onProgress: (p: number) => void,
): Promise<void> {
  const payload = await uploadLabel({ api: interfaceApi, userId: userId(), preview: previewPng }, doc, {
    status: "add",
    id: "",
    parent_id: parentId,
    type: "cloud",
    file: "",
    remark: "",
  });
  onProgress(0.66);
  const saved = toTemplate(
    await interfaceApi
      .post("/api/tem.app_public/addUserTemplate", { ...payload, user_id: userId() }, { loading: false })
      .catch((e) => {
        throw e instanceof ApiError && e.code === 405 ? new TemplateExists(payload) : e;
      }),
  );
  if (!saved) throw new Error("unexpected answer");
  onProgress(1);
}

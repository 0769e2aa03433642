// The cloud template page's file transfer (application.md §5): download as .tprts, and upload of
// .tprt / .tprts (and ZPL) files from disk, read and checked here, stored as .tprts with a cover
// preview the way the editor saves. It reads labels with the editor's file helpers, so it lives with
// the page rather than in the platform's API client (src/app/api/cloudTemplates.ts).

import {
  downloadBlob,
  fetchLabelFile,
  isLabelFileName,
  isZplFileName,
  localFileOf,
  readLocalLabel,
} from "../../../editor/save/localFiles";
import { previewPng } from "../../../editor/save/previewPng";
import { zplLabelsOf } from "../../../editor/save/zplFiles";
import type { LabelDocument } from "../../../model/types";
import { ApiError, interfaceApi } from "../../api/client";
import { uploadedName } from "../../api/cloudItems";
import {
  coverTemplate,
  type SaveOutcome,
  type TemplatePayload,
  toTemplate,
  uploadLabel,
} from "../../api/cloudSave";
import type { TemplateSummary } from "../../api/templates";
import { session } from "../../auth/session";

const userId = () => session.user()?.userid ?? "";

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

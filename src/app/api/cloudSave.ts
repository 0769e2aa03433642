// Saving a label to the cloud (spec editor §4 "Save paths", §7, §8; application §4 overwrite):
// with one upload token, the .tprts file goes up through the multipart upload endpoint and the PNG
// preview through the base64 picture endpoint (putb64, "UpToken" header), then addUserTemplate
// (status add, and for copies: common / share / printRecord) or editUserTemplate (status edit).
// 402 → membership prompt with the server message; 405 → cover-existing-file dialog; 409 (the label
// changed elsewhere since it was opened: the save names the file it started from) → "save as a
// copy" or "overwrite", never a silent loss (docs/security.md). No React here:
// the request client is injected, so every branch is unit-tested with a fake.

import {
  type CloudLabel,
  type SavedTemplate,
  type SaveOutcome,
  savesAsNew,
  type TemplatePayload,
} from "../../model/cloudLabel";
import { serializeTprts } from "../../model/file";
import type { LabelDocument } from "../../model/types";
import { uploadOwner } from "../teams/space";
import type { ApiClient } from "./core";
import { ApiError } from "./core";
import { asNumber, asText, withId } from "./read";

/** Spec: "hm-{product}" is the bucket for label files and previews. */
export const UPLOAD_BUCKET = "hm-inkless";
export const PLATFORM_WEB = 2;

// the save flow's shapes and rules without the network: src/model/cloudLabel.ts (the save-flow
// machine uses them; this file's callers keep importing them from here)
export {
  type CloudLabel,
  COPY_TYPES,
  labelAttrAfterSave,
  type SavedTemplate,
  type SaveOutcome,
  savesAsNew,
  type TemplatePayload,
} from "../../model/cloudLabel";

/** Reads the server's template defensively. */
export function toTemplate(raw: unknown): SavedTemplate | null {
  const listed = withId(raw);
  if (!listed) return null;
  const { o, id } = listed;
  return {
    id,
    parent_id: asText(o.parent_id),
    name: asText(o.name),
    file_web: asText(o.file_web ?? o.url),
    width: asNumber(o.width),
    height: asNumber(o.height),
    image: asText(o.image),
  };
}

const RANDOM = "abcdefghijklmnopqrstuvwxyz0123456789";
function randomSegment(n = 16): string {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => RANDOM[b % RANDOM.length]).join("");
}

function day(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** Upload key: `<owner>/<purpose>/<yyyymmdd>/<random>.<ext>` (spec §7 key shape; the owner is the user, or the current team when its role may write: uploadOwner). */
export function uploadKey(userId: string, purpose: string, ext: string, now = new Date()): string {
  return `${uploadOwner(userId)}/${purpose}/${day(now)}/${randomSegment()}.${ext}`;
}

export interface SaveDeps {
  readonly api: ApiClient;
  readonly userId: string;
  /** PNG preview of the label (bytes), or null when none could be drawn */
  readonly preview: (doc: LabelDocument) => Promise<Uint8Array | null>;
  readonly now?: () => Date;
  /** the picture endpoint is a direct call (application §7 "Other direct calls"); default fetch */
  readonly fetch?: typeof fetch;
}

/** Uploads one file with the token flow; answers its URL (`/files/<key>`). */
export async function uploadFile(
  deps: Pick<SaveDeps, "api">,
  token: string,
  key: string,
  bytes: Uint8Array,
  type: string,
): Promise<string> {
  const form = new FormData();
  form.append("token", token);
  form.append("key", key);
  form.append("file", new Blob([bytes as BlobPart], { type }), key.slice(key.lastIndexOf("/") + 1));
  const data = await deps.api.post<{ key?: string; url?: string }>("/upload", form, { loading: false });
  return fileUrlOf(asText(data?.key) || key);
}

/** Standard base64 of bytes (chunked: large previews would overflow the argument list). */
export function base64Of(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** The bytes of standard base64 (the inverse of base64Of). */
export function bytesOfBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** URL-safe base64 of a (UTF-8) key, as the picture endpoint's path carries it. */
export function keySegment(key: string): string {
  return base64Of(new TextEncoder().encode(key)).replace(/\+/g, "-").replace(/\//g, "_");
}

const fileUrlOf = (key: string) => `/files/${key.split("/").map(encodeURIComponent).join("/")}`;

/**
 * Base64 picture upload (spec application §7): POST `<prefix>/putb64/-1/key/<url-safe base64 of
 * key>` with the PNG as base64 text and `Authorization: UpToken <token>`; the answer names the key.
 * Answers the picture's URL; throws on any answer but code 200.
 */
export async function putB64(
  deps: Pick<SaveDeps, "api" | "fetch">,
  token: string,
  key: string,
  bytes: Uint8Array,
): Promise<string> {
  const send = deps.fetch ?? fetch;
  const res = await send(`${deps.api.prefix}/putb64/-1/key/${keySegment(key)}`, {
    method: "POST",
    headers: { Authorization: `UpToken ${token}`, "Content-Type": "application/octet-stream" },
    body: base64Of(bytes),
    credentials: "include",
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const code = Number(body?.code ?? body?.ResultCode);
  if (!res.ok || code !== 200) throw new Error(`picture upload failed (${res.status}, code ${code})`);
  const data = body?.data as Record<string, unknown> | undefined;
  return fileUrlOf(asText(body?.key) || asText(data?.key) || key);
}

/** Writes the file and the preview, answers the add/edit payload (without id). */
export async function uploadLabel(
  deps: SaveDeps,
  doc: LabelDocument,
  label: CloudLabel,
): Promise<TemplatePayload> {
  const token = await deps.api.post<string>("/api/tem.app_shared/getToken", { bucket: UPLOAD_BUCKET });
  const now = deps.now?.() ?? new Date();
  const url = await uploadFile(
    deps,
    asText(token),
    uploadKey(deps.userId, "tprt", "tprts", now),
    serializeTprts(doc),
    "application/octet-stream",
  );
  let image = "";
  const png = await deps.preview(doc).catch(() => null);
  if (png) {
    // a preview that does not go up leaves the label without a picture, never unsaved
    image = await putB64(deps, asText(token), uploadKey(deps.userId, "tprt/preview", "png", now), png).catch(
      () => "",
    );
  }
  return {
    name: doc.attrs.name,
    parent_id: label.parent_id,
    width: doc.attrs.width,
    height: doc.attrs.height,
    url,
    image,
    platform: PLATFORM_WEB,
    remark: label.remark,
  };
}

function outcomeOfError(e: unknown, payload: TemplatePayload, allowCover: boolean): SaveOutcome {
  if (e instanceof ApiError && e.kind === "code") {
    if (e.code === 402) return { kind: "member", message: asText(e.response?.msg) || e.message };
    if (e.code === 405 && allowCover) return { kind: "exists", payload };
    const current = e.code === 409 ? toTemplate(e.response?.data) : null;
    if (current) return { kind: "conflict", payload, current };
  }
  return { kind: "failed", error: e };
}

/** The whole cloud save. Never throws: the outcome says what the screen must show. */
export async function saveToCloud(
  deps: SaveDeps,
  doc: LabelDocument,
  label: CloudLabel,
): Promise<SaveOutcome> {
  let payload: TemplatePayload;
  try {
    payload = await uploadLabel(deps, doc, label);
  } catch (e) {
    return { kind: "failed", error: e };
  }
  const asNew = savesAsNew(label);
  // an edit names the file it was opened from: a save over someone else's newer one answers 409
  const body = asNew
    ? payload
    : { ...payload, id: label.id, ...(label.file ? { base_file: label.file } : {}) };
  try {
    const data = await deps.api.post(
      asNew ? "/api/tem.app_public/addUserTemplate" : "/api/tem.app_public/editUserTemplate",
      body,
    );
    const template = toTemplate(data);
    if (!template) return { kind: "failed", error: new Error("unexpected answer") };
    return { kind: "saved", template, added: asNew };
  } catch (e) {
    return outcomeOfError(e, asNew ? payload : { ...payload, id: label.id }, asNew);
  }
}

/** One template call whose answer is the saved template; errors become outcomes (never thrown). */
async function postTemplate(
  api: ApiClient,
  path: string,
  body: TemplatePayload & { readonly base_file?: string },
  added: boolean,
  allowCover: boolean,
): Promise<SaveOutcome> {
  try {
    const template = toTemplate(await api.post(path, body));
    if (!template) return { kind: "failed", error: new Error("unexpected answer") };
    return { kind: "saved", template, added };
  } catch (e) {
    return outcomeOfError(e, body, allowCover);
  }
}

/** The conflict dialog's "overwrite": saves over what the server holds now (`current`). */
export function overwriteTemplate(
  deps: Pick<SaveDeps, "api">,
  payload: TemplatePayload,
  current: SavedTemplate,
): Promise<SaveOutcome> {
  const body = { ...payload, id: current.id, base_file: current.file_web };
  return postTemplate(deps.api, "/api/tem.app_public/editUserTemplate", body, false, false);
}

/** The conflict dialog's "save as a copy": a new template named `name` from the same upload. */
export function saveCopy(
  deps: Pick<SaveDeps, "api">,
  payload: TemplatePayload,
  name: string,
): Promise<SaveOutcome> {
  const { id: _id, ...rest } = payload;
  return postTemplate(deps.api, "/api/tem.app_public/addUserTemplate", { ...rest, name }, true, true);
}

/** The cover dialog's confirm: overwrite the template of the same name. */
export function coverTemplate(deps: Pick<SaveDeps, "api">, payload: TemplatePayload): Promise<SaveOutcome> {
  return postTemplate(deps.api, "/api/tem.app_public/coverUserTemplate", payload, true, false);
}

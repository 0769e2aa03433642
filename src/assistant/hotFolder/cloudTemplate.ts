// A hot-folder job may name a cloud template by its id (docs/assistant.md "Hot folder"): the
// assistant reads it with its personal access token (scope templates:read) from the web app's
// GET /api/v1/templates/<id>, which answers the version the token's owner prints (a team's
// operator: the latest approved one). Each template is kept on disk by version (its ETag) in the
// assistant's data folder, readable by its owner only: the next job sends the ETag and the server
// answers 304 (nothing sent again) or the new version. When the server cannot be reached the saved
// copy prints, and the job's result says so. Every refusal is a RequestError (the reason file's text).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Language } from "../../model/constants";
import { writeFileAtomic } from "../atomicFile";
import { request } from "../httpRequest";
import { RequestError } from "../protocol";
import { HOT_FILE_MAX_BYTES } from "./job";

/** A cloud template's id: the date (yyyymmdd) and 16 lowercase letters or digits. */
export const isCloudTemplateId = (s: string) => /^\d{8}[a-z0-9]{16}$/.test(s);

export interface CloudTemplateSource {
  /** the web app's origin, e.g. https://labels.example.com */
  readonly server: string;
  /** the personal access token (ink_…), or null when none was given */
  readonly token: string | null;
  /** where the copies are kept */
  readonly cacheDir: string;
}

export interface CloudTemplate {
  readonly name: string;
  readonly version: number;
  /** the label file (.tprt XML) */
  readonly label: string;
  /** why the server could not be reached when this is the saved copy, else null */
  readonly offline: string | null;
}

interface Saved {
  etag: string;
  name: string;
  version: number;
  label: string;
}

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new RequestError(`print.hotFolder.${key}`, vars);

/** One folder per server and token (the token's id, never its secret): what one owner may read. */
function folderOf(src: CloudTemplateSource): string {
  const tokenId = /^ink_([0-9a-f]{16})_/.exec(src.token ?? "")?.[1] ?? "none";
  return join(
    src.cacheDir,
    createHash("sha256").update(`${src.server}\n${tokenId}`).digest("hex").slice(0, 16),
  );
}

function readSaved(file: string): Saved | null {
  try {
    const v = JSON.parse(readFileSync(file, "utf8"));
    return typeof v?.etag === "string" && typeof v.label === "string" && Number.isInteger(v.version)
      ? { etag: v.etag, name: String(v.name ?? ""), version: v.version, label: v.label }
      : null;
  } catch {
    return null;
  }
}

/** The envelope's message, or the HTTP status when the answer is not one. */
function messageOf(body: Buffer, status: number): string {
  try {
    const m = JSON.parse(body.toString("utf8"))?.msg;
    if (typeof m === "string" && m) return m;
  } catch {
    // not JSON
  }
  return `HTTP ${status}`;
}

/** The template `id` to print, from the server or its saved copy; `lang` is asked of the server. */
export async function cloudTemplate(
  src: CloudTemplateSource,
  id: string,
  lang: Language,
): Promise<CloudTemplate> {
  if (!src.token) throw fail("cloudNoToken", { id });
  const folder = folderOf(src);
  const file = join(folder, `${id}.json`);
  const saved = readSaved(file);
  const offline = (detail: string): CloudTemplate => {
    if (!saved) throw fail("cloudUnreachable", { server: src.server, id, detail });
    return { name: saved.name, version: saved.version, label: saved.label, offline: detail };
  };
  let r: Awaited<ReturnType<typeof request>>;
  try {
    r = await request(`${src.server}/interface/api/v1/templates/${id}`, {
      headers: {
        authorization: `Bearer ${src.token}`,
        language: lang,
        ...(saved ? { "if-none-match": saved.etag } : {}),
      },
      idleMs: 30_000,
      maxBytes: HOT_FILE_MAX_BYTES,
    });
  } catch (e) {
    return offline(String((e as Error)?.message ?? e));
  }
  // a proxy in front of a stopped server, or a server being restarted
  if (r.status >= 502 && r.status <= 504) return offline(`HTTP ${r.status}`);
  if (r.status === 304 && saved) return { ...saved, offline: null };
  if (r.status === 401) throw fail("cloudTokenRefused", { reason: messageOf(r.body, r.status) });
  if (r.status === 403) throw fail("cloudScope");
  if (r.status === 404) {
    // deleted, or no longer the owner's to read: the copy must not print either
    rmSync(file, { force: true });
    throw fail("cloudNotFound", { id });
  }
  type Envelope = { code?: number; data?: Record<string, unknown> } | null;
  let env: Envelope = null;
  try {
    env = r.json() as Envelope;
  } catch {
    // refused below
  }
  const d = env?.data;
  if (r.status !== 200 || env?.code !== 200 || !d || typeof d.label !== "string")
    throw fail("cloudRefused", { id, reason: messageOf(r.body, r.status) });
  const got: Saved = {
    etag: String(r.headers.etag ?? ""),
    name: String(d.name ?? ""),
    version: Number(d.version) || 0,
    label: d.label,
  };
  if (got.etag) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileAtomic(file, JSON.stringify(got));
  }
  return { name: got.name, version: got.version, label: got.label, offline: null };
}

// Template versions (issue 40): every content save of a cloud template (add, cover, full edit,
// restore) keeps the label file, preview and size it saved as a numbered version, with who saved it,
// when, and a note. A template keeps its newest versions (VERSIONS_KEPT, or its team's retention:
// versionRules.ts); an older one goes with its files once no row uses them. In a team folder that
// needs approval a version is a draft until an owner reviews it (versionReview.ts). Restoring copies an old version's label file to a new key (every
// content save writes a new file: the editor's stale-save check compares files) and makes it the
// newest version; nothing is deleted. Every statement filters by the template's owner, so someone
// else's template reads as "not found". Routes: src/server/routes/templateVersions.ts.
import { TEMPLATE_VERSIONS_KEPT } from "../../model/constants";
import type { Db, Queryable } from "../db";
import type { FileStore } from "../files/store";
import { fileUrl, newKey, ownKeyFromUrl } from "../files/urls";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { formatTime } from "../validate";
import { dropUnusedFiles } from "./storedFiles";
import { recordTeamEvent } from "./teamEvents";
import { TEMPLATE_COLS, type TemplateRow } from "./templates";
import { dropOldVersions, newVersionStatus, type VersionStatus } from "./versionRules";

/** The versions a template keeps (the newest ones). */
export const VERSIONS_KEPT = TEMPLATE_VERSIONS_KEPT;

export interface VersionRow {
  number: number;
  note: string;
  restored_from: number | null;
  file_url: string;
  image: string;
  width: number;
  height: number;
  created_at: Date;
  author: string | null;
  status: VersionStatus;
  review_note: string;
  reviewer: string | null;
}

/** A version as the API answers it; `current` marks the one the template holds now. */
export function versionOut(v: VersionRow, current: number) {
  return {
    number: v.number,
    note: v.note,
    restored_from: v.restored_from,
    file_web: v.file_url,
    image: v.image,
    width: v.width,
    height: v.height,
    author: v.author ?? "",
    add_time: formatTime(v.created_at),
    current: v.number === current,
    status: v.status,
    review_note: v.review_note,
    reviewer: v.reviewer ?? "",
  };
}

/** Keeps the template row's content as its version `row.version` (a draft when its folder needs
 * approval and the author is not an owner) and drops the versions past the retention; returns the file URLs those used (for dropUnusedFiles once the transaction is done). */
export async function recordVersion(
  q: Queryable,
  row: TemplateRow,
  ownerId: string,
  authorId: string,
  v: { note: string; restoredFrom?: number },
): Promise<string[]> {
  const status = await newVersionStatus(q, ownerId, row.class_id, authorId);
  await q.query(
    `INSERT INTO template_versions (template_id, user_id, number, author_id, note, restored_from, file_url, image, width, height, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      ownerId,
      row.version,
      authorId,
      v.note,
      v.restoredFrom ?? null,
      row.file_url,
      row.image,
      row.width,
      row.height,
      status,
    ],
  );
  await recordTeamEvent(
    q,
    ownerId,
    authorId,
    v.restoredFrom ? "template.restored" : "template.saved",
    row.name,
    { version: row.version },
  );
  return dropOldVersions(q, ownerId, row.id, row.version);
}

/** The live template `id` of the owner, locked for a change when `lock`; 404 otherwise. */
export async function liveTemplate(
  q: Queryable,
  ownerId: string,
  id: string,
  lock = false,
): Promise<TemplateRow> {
  const rows = await q.query<TemplateRow>(
    `SELECT ${TEMPLATE_COLS} FROM templates WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL${lock ? " FOR UPDATE" : ""}`,
    [id, ownerId],
  );
  if (!rows[0]) throw itemNotFound();
  return rows[0];
}

export const VERSION_COLS = `v.number, v.note, v.restored_from, v.file_url, v.image, v.width, v.height, v.created_at,
  u.nickname AS author, v.status, v.review_note, (SELECT r.nickname FROM users r WHERE r.id = v.reviewed_by) AS reviewer`;

/** The template's kept versions, newest first, and the number it holds now. */
export async function listVersions(
  q: Queryable,
  ownerId: string,
  id: string,
): Promise<{ current: number; versions: VersionRow[] }> {
  const t = await liveTemplate(q, ownerId, id);
  const versions = await q.query<VersionRow>(
    `SELECT ${VERSION_COLS} FROM template_versions v LEFT JOIN users u ON u.id = v.author_id
      WHERE v.template_id = $1 AND v.user_id = $2 ORDER BY v.number DESC`,
    [id, ownerId],
  );
  return { current: t.version, versions };
}

/** Sets a kept version's note. */
export async function setVersionNote(
  q: Queryable,
  ownerId: string,
  id: string,
  number: number,
  note: string,
): Promise<void> {
  await liveTemplate(q, ownerId, id);
  const rows = await q.query(
    "UPDATE template_versions SET note = $4 WHERE template_id = $1 AND user_id = $2 AND number = $3 RETURNING 1",
    [id, ownerId, number, note],
  );
  if (!rows[0]) throw new ApiError(Code.failed, "server.error.versionGone");
}

/** Makes a kept version the template's content again, as a new version (a copy of its label file);
 * the files a version dropped by the cap used are deleted. Returns the template. */
export async function restoreVersion(
  db: Db,
  files: FileStore,
  u: { id: string; actor?: string },
  id: string,
  number: number,
): Promise<TemplateRow> {
  const v = (
    await db.query<VersionRow>(
      `SELECT ${VERSION_COLS} FROM template_versions v LEFT JOIN users u ON u.id = v.author_id
        WHERE v.template_id = $1 AND v.user_id = $2 AND v.number = $3`,
      [id, u.id, number],
    )
  )[0];
  await liveTemplate(db, u.id, id);
  if (!v) throw new ApiError(Code.failed, "server.error.versionGone");
  const from = ownKeyFromUrl(u.id, v.file_url);
  const bytes = from ? await files.get(from) : null;
  if (!from || !bytes) throw new ApiError(Code.failed, "server.error.versionGone");
  const key = newKey(u.id, "tprt/restored", from.endsWith(".tprts") ? ".tprts" : ".tprt");
  await files.put(key, bytes);
  try {
    const { row, old } = await db.tx(async (q) => {
      const prev = await liveTemplate(q, u.id, id, true);
      const rows = await q.query<TemplateRow>(
        `UPDATE templates SET file_url = $3, image = $4, width = $5, height = $6, updated_at = now(),
           version = version + 1 WHERE id = $1 AND user_id = $2 RETURNING ${TEMPLATE_COLS}`,
        [id, u.id, fileUrl(key), v.image, v.width, v.height],
      );
      const dropped = await recordVersion(q, rows[0], u.id, u.actor ?? u.id, {
        note: "",
        restoredFrom: number,
      });
      return { row: rows[0], old: [prev.file_url, prev.image, ...dropped] };
    });
    await dropUnusedFiles(db, files, u.id, old);
    return row;
  } catch (e) {
    await files.delete(key).catch(() => false);
    throw e;
  }
}

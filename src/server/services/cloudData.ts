// Cloud data (spec calls 8, 9, 13): the user's folders of images (type 1) and spreadsheets (type 2)
// and the files in them. Every statement filters by the user; someone else's id reads as not found.
// Routes: src/server/routes/cloud.ts. Deleting a folder: services/recovery.ts.
import { extname } from "node:path";
import { newRecordId } from "../../model/ids";
import type { Queryable } from "../db";
import { ApiError, Code, itemNotFound } from "../http/envelope";

export type CloudType = 1 | 2;

/** Allowed extensions per type (application.md §5 "Other texts"). */
export const CLOUD_TYPES: Record<CloudType, { exts: string[]; errorKey: string }> = {
  1: { exts: [".png", ".jpg", ".jpeg"], errorKey: "server.error.imageType" },
  2: { exts: [".xlsx", ".xls", ".csv"], errorKey: "server.error.sheetType" },
};

/** A file's name must end in one of its folder type's extensions. */
function checkExtension(type: number, name: string): void {
  const rule = CLOUD_TYPES[type as CloudType];
  if (!rule.exts.includes(extname(name).toLowerCase())) throw new ApiError(Code.failed, rule.errorKey);
}

export interface CloudFolderRow {
  id: string;
  name: string;
  created_at: Date;
}

export interface CloudFileRow {
  id: string;
  class_id: string;
  name: string;
  url: string;
  size: number;
  created_at: Date;
}

const FILE_COLUMNS = "id, class_id, name, url, size, created_at";

/** The live folders of a type (oldest first) and their live files (newest first). */
export async function listCloudData(
  q: Queryable,
  userId: string,
  type: CloudType,
): Promise<{ folders: CloudFolderRow[]; files: CloudFileRow[] }> {
  const folders = await q.query<CloudFolderRow>(
    "SELECT id, name, created_at FROM cloud_classes WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL ORDER BY created_at, id",
    [userId, type],
  );
  const files = await q.query<CloudFileRow>(
    `SELECT f.id, f.class_id, f.name, f.url, f.size, f.created_at FROM cloud_files f
       JOIN cloud_classes c ON c.id = f.class_id AND c.user_id = f.user_id
      WHERE f.user_id = $1 AND c.type = $2 AND f.deleted_at IS NULL ORDER BY f.created_at DESC, f.id`,
    [userId, type],
  );
  return { folders, files };
}

/** A new folder (the folder quota is the caller's: services/membership.ts checkFolderQuota); its id. */
export async function addCloudFolder(q: Queryable, userId: string, type: CloudType, name: string) {
  const id = newRecordId();
  await q.query("INSERT INTO cloud_classes (id, user_id, type, name) VALUES ($1, $2, $3, $4)", [
    id,
    userId,
    type,
    name,
  ]);
  return id;
}

export async function renameCloudFolder(q: Queryable, userId: string, id: string, name: string) {
  const rows = await q.query<{ id: string }>(
    "UPDATE cloud_classes SET name = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
    [id, userId, name],
  );
  if (!rows[0]) throw itemNotFound();
  return rows[0].id;
}

/** The type of a live folder of the user, after checking `name` fits it (else not found / bad type). */
export async function cloudFolderTypeFor(
  q: Queryable,
  userId: string,
  folderId: string,
  name: string,
): Promise<CloudType> {
  const folder = await q.query<{ type: CloudType }>(
    "SELECT type FROM cloud_classes WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL",
    [folderId, userId],
  );
  if (!folder[0]) throw itemNotFound();
  checkExtension(folder[0].type, name);
  return folder[0].type;
}

/** Registers a stored file (its key, url and size) in a folder. */
export async function addCloudFile(
  q: Queryable,
  userId: string,
  f: { folderId: string; name: string; url: string; key: string; size: number },
): Promise<CloudFileRow> {
  const rows = await q.query<CloudFileRow>(
    `INSERT INTO cloud_files (id, user_id, class_id, name, url, file_key, size) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${FILE_COLUMNS}`,
    [newRecordId(), userId, f.folderId, f.name, f.url, f.key, f.size],
  );
  return rows[0];
}

/** Renames a live file; a `folderId` of another of the user's folders of its type also moves it there. */
export async function editCloudFile(
  q: Queryable,
  userId: string,
  id: string,
  name: string,
  folderId: string,
): Promise<CloudFileRow> {
  const prev = await q.query<{ class_id: string; type: CloudType }>(
    `SELECT f.class_id, c.type FROM cloud_files f JOIN cloud_classes c ON c.id = f.class_id AND c.user_id = f.user_id
      WHERE f.id = $1 AND f.user_id = $2 AND f.deleted_at IS NULL`,
    [id, userId],
  );
  if (!prev[0]) throw itemNotFound();
  let target = prev[0].class_id;
  if (folderId && folderId !== target) {
    const t = await q.query(
      "SELECT 1 FROM cloud_classes WHERE id = $1 AND user_id = $2 AND type = $3 AND deleted_at IS NULL",
      [folderId, userId, prev[0].type],
    );
    if (!t.length) throw itemNotFound();
    target = folderId;
  }
  checkExtension(prev[0].type, name);
  const rows = await q.query<CloudFileRow>(
    `UPDATE cloud_files SET name = $3, class_id = $4 WHERE id = $1 AND user_id = $2 RETURNING ${FILE_COLUMNS}`,
    [id, userId, name, target],
  );
  return rows[0];
}

/** To data recovery: the row and its stored file stay until restored, deleted forever or purged. */
export async function softDeleteCloudFile(q: Queryable, userId: string, id: string): Promise<string> {
  const rows = await q.query<{ id: string }>(
    "UPDATE cloud_files SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
    [id, userId],
  );
  if (!rows[0]) throw itemNotFound();
  return rows[0].id;
}

// Data recovery (application.md §9: deleted items are kept 6 months). Deleting marks a row with its
// deletion time; a folder takes its live items with it (same time), so restoring the folder brings
// back exactly those. The list, restore, delete-forever and the purge of old rows live here.
import { extname } from "node:path";
import { RECOVERY_KINDS, type RecoveryKind, type RecycleItem } from "../../model/recovery";
import type { Queryable } from "../db";
import type { FileStore } from "../files/store";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { countFolders } from "./membership";
import { dropUnusedFiles } from "./storedFiles";

/** How long a deleted item can be restored (a PostgreSQL interval). */
export const RETENTION = "6 months";
const DAY_MS = 86_400_000;

type FolderTable = "template_classes" | "cloud_classes";

/** Moves a live folder and its live items to data recovery; at least one folder of its kind stays. */
export async function softDeleteFolder(q: Queryable, userId: string, table: FolderTable, id: string) {
  const rows = await q.query<{ type: number; is_default: boolean }>(
    table === "template_classes"
      ? "SELECT 0 AS type, is_default FROM template_classes WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE"
      : "SELECT type, false AS is_default FROM cloud_classes WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE",
    [id, userId],
  );
  if (!rows[0]) throw itemNotFound();
  // one deletion at a time per user and kind, so two parallel deletes cannot remove the last folder
  await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`folders:${table}:${userId}`]);
  const kind =
    table === "template_classes"
      ? ({ table } as const)
      : ({ table, type: rows[0].type === 2 ? 2 : 1 } as const);
  if ((await countFolders(q, userId, kind)) <= 1)
    throw new ApiError(Code.failed, "server.error.keepOneFolder");
  const items = table === "template_classes" ? "templates" : "cloud_files";
  // now() is the transaction's start time: the folder and its items get the same deletion time
  await q.query(
    `UPDATE ${items} SET deleted_at = now() WHERE user_id = $1 AND class_id = $2 AND deleted_at IS NULL`,
    [userId, id],
  );
  if (table === "template_classes") {
    await q.query(
      "UPDATE template_classes SET deleted_at = now(), is_default = false WHERE id = $1 AND user_id = $2",
      [id, userId],
    );
    if (rows[0].is_default) await promoteDefault(q, userId);
  } else {
    await q.query("UPDATE cloud_classes SET deleted_at = now() WHERE id = $1 AND user_id = $2", [id, userId]);
  }
}

/** The first live template folder becomes the default one when none is. */
async function promoteDefault(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE template_classes SET is_default = true WHERE id = (SELECT id FROM template_classes
       WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at, id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM template_classes WHERE user_id = $1 AND deleted_at IS NULL AND is_default)`,
    [userId],
  );
}

/** A deleted row as listed: the API's item before its times are formatted. */
export type DeletedItem = Omit<RecycleItem, "delete_time" | "expire_time" | "days_left"> & {
  deleted_at: Date;
  expires_at: Date;
};

/** The user's deleted items, newest first. Items that went with their folder are listed in it. */
export async function listDeleted(q: Queryable, userId: string): Promise<DeletedItem[]> {
  return q
    .query<DeletedItem>(
      `SELECT * FROM (
       SELECT 'template' AS kind, t.id, t.name, 0 AS type, c.name AS folder, 0 AS items, t.deleted_at
         FROM templates t JOIN template_classes c ON c.id = t.class_id AND c.user_id = t.user_id
        WHERE t.user_id = $1 AND t.deleted_at IS NOT NULL
          AND (c.deleted_at IS NULL OR c.deleted_at <> t.deleted_at)
       UNION ALL
       SELECT 'templateFolder', c.id, c.name, 0, '',
              (SELECT count(*)::int FROM templates t WHERE t.user_id = c.user_id AND t.class_id = c.id
                  AND t.deleted_at = c.deleted_at), c.deleted_at
         FROM template_classes c WHERE c.user_id = $1 AND c.deleted_at IS NOT NULL
       UNION ALL
       SELECT 'dataFolder', c.id, c.name, c.type, '',
              (SELECT count(*)::int FROM cloud_files f WHERE f.user_id = c.user_id AND f.class_id = c.id
                  AND f.deleted_at = c.deleted_at), c.deleted_at
         FROM cloud_classes c WHERE c.user_id = $1 AND c.deleted_at IS NOT NULL
       UNION ALL
       SELECT 'dataFile', f.id, f.name, c.type, c.name, 0, f.deleted_at
         FROM cloud_files f JOIN cloud_classes c ON c.id = f.class_id AND c.user_id = f.user_id
        WHERE f.user_id = $1 AND f.deleted_at IS NOT NULL
          AND (c.deleted_at IS NULL OR c.deleted_at <> f.deleted_at)
     ) d ORDER BY deleted_at DESC, kind, id`,
      [userId],
    )
    .then((rows) =>
      rows.map((r) => {
        const deleted = new Date(r.deleted_at);
        return { ...r, deleted_at: deleted, expires_at: retentionEnd(deleted) };
      }),
    );
}

/** When an item deleted at `deleted` is purged: 6 calendar months later. */
export function retentionEnd(deleted: Date): Date {
  const end = new Date(deleted);
  end.setUTCMonth(end.getUTCMonth() + 6);
  return end;
}

/** Whole days left before the purge (0 on the last day). */
export function daysLeft(expires: Date, now: Date): number {
  return Math.max(0, Math.floor((expires.getTime() - now.getTime()) / DAY_MS));
}

/** `name`, or "name (1)", "name (2)"… (before the extension for files) when `taken` has it. */
export function freeName(name: string, taken: ReadonlySet<string>, keepExt: boolean): string {
  if (!taken.has(name)) return name;
  const ext = keepExt ? extname(name) : "";
  const stem = ext ? name.slice(0, -ext.length) : name;
  for (let i = 1; ; i++) {
    const candidate = `${stem} (${i})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const names = async (q: Queryable, sql: string, params: unknown[]) =>
  new Set((await q.query<{ name: string }>(sql, params)).map((r) => r.name));

/** Puts a deleted item back: into its folder, or the default one if that is gone; a clash gets a suffix. */
export async function restoreItem(
  q: Queryable,
  userId: string,
  kind: RecoveryKind,
  id: string,
): Promise<{ id: string; name: string; folder: string }> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`tpl:${userId}`]);
  if (kind === "template" || kind === "dataFile") {
    const [items, folders] =
      kind === "template" ? ["templates", "template_classes"] : ["cloud_files", "cloud_classes"];
    const rows = await q.query<{ name: string; class_id: string; type: number }>(
      `SELECT i.name, i.class_id, ${kind === "template" ? "0" : "c.type"} AS type FROM ${items} i
         JOIN ${folders} c ON c.id = i.class_id AND c.user_id = i.user_id
        WHERE i.id = $1 AND i.user_id = $2 AND i.deleted_at IS NOT NULL FOR UPDATE OF i`,
      [id, userId],
    );
    if (!rows[0]) throw itemNotFound();
    const target = await q.query<{ id: string }>(
      `SELECT id FROM ${folders} WHERE user_id = $1 AND deleted_at IS NULL
          ${kind === "template" ? "" : "AND type = $3"}
        ORDER BY id = $2 DESC, ${kind === "template" ? "is_default DESC," : ""} created_at, id LIMIT 1`,
      kind === "template" ? [userId, rows[0].class_id] : [userId, rows[0].class_id, rows[0].type],
    );
    if (!target[0]) throw itemNotFound();
    const folder = target[0].id;
    const taken = await names(
      q,
      `SELECT name FROM ${items} WHERE user_id = $1 AND class_id = $2 AND deleted_at IS NULL`,
      [userId, folder],
    );
    const name = freeName(rows[0].name, taken, kind === "dataFile");
    await q.query(
      `UPDATE ${items} SET deleted_at = NULL, class_id = $3, name = $4 WHERE id = $1 AND user_id = $2`,
      [id, userId, folder, name],
    );
    return { id, name, folder };
  }
  const [table, items] =
    kind === "templateFolder" ? ["template_classes", "templates"] : ["cloud_classes", "cloud_files"];
  const rows = await q.query<{ name: string; type: number; deleted_at: Date }>(
    `SELECT name, ${kind === "templateFolder" ? "0" : "type"} AS type, deleted_at FROM ${table}
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NOT NULL FOR UPDATE`,
    [id, userId],
  );
  if (!rows[0]) throw itemNotFound();
  const taken = await names(
    q,
    `SELECT name FROM ${table} WHERE user_id = $1 AND deleted_at IS NULL ${kind === "templateFolder" ? "" : "AND type = $2"}`,
    kind === "templateFolder" ? [userId] : [userId, rows[0].type],
  );
  const name = freeName(rows[0].name, taken, false);
  // the items deleted with the folder carry its deletion time; compared in SQL, at the database's
  // microseconds (a JS Date keeps milliseconds and matched none on PostgreSQL)
  await q.query(
    `UPDATE ${items} SET deleted_at = NULL WHERE user_id = $1 AND class_id = $2
        AND deleted_at = (SELECT deleted_at FROM ${table} WHERE id = $2 AND user_id = $1)`,
    [userId, id],
  );
  await q.query(`UPDATE ${table} SET deleted_at = NULL, name = $3 WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
    name,
  ]);
  return { id, name, folder: "" };
}

/** The stored-file URLs of the rows a deletion removes (a template's kept versions go with it). */
const URLS: Record<RecoveryKind, string> = {
  template: `SELECT file_url AS a, image AS b FROM templates WHERE id = $1 AND user_id = $2
    UNION ALL SELECT file_url, image FROM template_versions WHERE template_id = $1 AND user_id = $2`,
  dataFile: "SELECT url AS a, '' AS b FROM cloud_files WHERE id = $1 AND user_id = $2",
  templateFolder: `SELECT file_url AS a, image AS b FROM templates WHERE class_id = $1 AND user_id = $2
    UNION ALL SELECT v.file_url, v.image FROM template_versions v JOIN templates t
      ON t.id = v.template_id AND t.user_id = v.user_id WHERE t.class_id = $1 AND t.user_id = $2`,
  dataFolder: "SELECT url AS a, '' AS b FROM cloud_files WHERE class_id = $1 AND user_id = $2",
};
const TABLE: Record<RecoveryKind, string> = {
  template: "templates",
  dataFile: "cloud_files",
  templateFolder: "template_classes",
  dataFolder: "cloud_classes",
};

/** Removes a deleted item for good (a folder with everything still in it); returns the file URLs it used. */
export async function deleteForever(
  q: Queryable,
  userId: string,
  kind: RecoveryKind,
  id: string,
): Promise<string[]> {
  const rows = await q.query(
    `SELECT 1 FROM ${TABLE[kind]} WHERE id = $1 AND user_id = $2 AND deleted_at IS NOT NULL FOR UPDATE`,
    [id, userId],
  );
  if (!rows[0]) throw itemNotFound();
  const urls = (await q.query<{ a: string; b: string }>(URLS[kind], [id, userId])).flatMap((r) => [r.a, r.b]);
  // a folder's rows go with it (ON DELETE CASCADE)
  await q.query(`DELETE FROM ${TABLE[kind]} WHERE id = $1 AND user_id = $2`, [id, userId]);
  return urls;
}

/** Removes every row deleted more than RETENTION before `now`, and the stored files only they used. */
export async function purgeDeleted(db: Queryable, files: FileStore, now: Date = new Date()): Promise<number> {
  let removed = 0;
  for (const kind of RECOVERY_KINDS) {
    const old = await db.query<{ id: string; user_id: string }>(
      `SELECT id, user_id FROM ${TABLE[kind]} WHERE deleted_at < $1::timestamptz - interval '${RETENTION}'`,
      [now.toISOString()],
    );
    for (const row of old) {
      const urls = await deleteForever(db, row.user_id, kind, row.id).catch(() => null);
      if (!urls) continue; // gone with its folder already
      removed++;
      await dropUnusedFiles(db, files, row.user_id, urls);
    }
  }
  return removed;
}

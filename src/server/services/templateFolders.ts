// Template folders: the list with each folder's live template count, new folders (within the folder
// quota: membership.ts) and renames. Deleting one: recovery.ts. Every statement filters by the user;
// someone else's id reads as "not found". Routes: src/server/routes/templates.ts.
import { newRecordId } from "../../model/ids";
import type { Queryable } from "../db";
import { itemNotFound } from "../http/envelope";

export interface TemplateFolderRow {
  id: string;
  name: string;
  is_default: boolean;
  /** a team folder where a non-owner's save is a draft until approved (versionReview.ts) */
  needs_approval: boolean;
  created_at: Date;
  count: number;
}

/** The user's live folders, the default one first, with their live templates counted. */
export function listTemplateFolders(q: Queryable, userId: string): Promise<TemplateFolderRow[]> {
  return q.query<TemplateFolderRow>(
    `SELECT c.id, c.name, c.is_default, c.needs_approval, c.created_at,
            (SELECT count(*)::int FROM templates t
              WHERE t.user_id = c.user_id AND t.class_id = c.id AND t.deleted_at IS NULL) AS count
       FROM template_classes c WHERE c.user_id = $1 AND c.deleted_at IS NULL ORDER BY c.is_default DESC, c.created_at, c.id`,
    [userId],
  );
}

/** A new folder (its quota is the caller's: checkFolderQuota); its id and creation time. */
export async function addTemplateFolder(q: Queryable, userId: string, name: string) {
  const id = newRecordId();
  const rows = await q.query<{ created_at: Date }>(
    "INSERT INTO template_classes (id, user_id, name) VALUES ($1, $2, $3) RETURNING created_at",
    [id, userId, name],
  );
  return { id, created_at: rows[0].created_at };
}

export async function renameTemplateFolder(q: Queryable, userId: string, id: string, name: string) {
  const rows = await q.query<{ id: string }>(
    "UPDATE template_classes SET name = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
    [id, userId, name],
  );
  if (!rows[0]) throw itemNotFound();
  return rows[0].id;
}

/** The folder id to save into: the given one if it is the user's, else (when empty) the default one. */
export async function folderFor(q: Queryable, userId: string, parentId: string): Promise<string> {
  const rows = parentId
    ? await q.query<{ id: string }>(
        "SELECT id FROM template_classes WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL",
        [parentId, userId],
      )
    : await q.query<{ id: string }>(
        "SELECT id FROM template_classes WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at, id LIMIT 1",
        [userId],
      );
  if (!rows[0]) throw itemNotFound();
  return rows[0].id;
}

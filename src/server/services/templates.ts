// Templates (the user's cloud labels): the list, add (one name per folder, within the template
// quota), cover (overwrite the one of the same name), edit (rename, move, or a full save refused when
// made from an older version) and delete to data recovery. Every content save keeps a version
// (templateVersions.ts). Every statement filters by the user; someone else's id reads as "not
// found". Routes: src/server/routes/templates.ts.
import { newTemplateId } from "../../model/ids";
import type { SortOrder } from "../../model/sortOrders";
import type { Db, Queryable } from "../db";
import type { FileStore } from "../files/store";
import { keyFromUrl } from "../files/urls";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { formatTime } from "../validate";
import { checkTemplateQuota, type MemberFields } from "./membership";
import { dropUnusedFiles } from "./storedFiles";
import { recordTeamEvent } from "./teamEvents";
import { folderFor } from "./templateFolders";
import { recordVersion } from "./templateVersions";

export interface TemplateRow {
  id: string;
  class_id: string;
  name: string;
  width: number;
  height: number;
  file_url: string;
  image: string;
  remark: string;
  platform: number;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export const TEMPLATE_COLS =
  "id, class_id, name, width, height, file_url, image, remark, platform, created_at, updated_at, version";

/** A template as the API answers it. */
export function templateOut(t: TemplateRow) {
  return {
    id: t.id,
    parent_id: t.class_id,
    name: t.name,
    width: t.width,
    height: t.height,
    file_web: t.file_url,
    image: t.image,
    remark: t.remark,
    platform: t.platform,
    add_time: formatTime(t.created_at),
    update_time: formatTime(t.updated_at),
    /** grows with every content save; a save naming an older one is refused (code 409) */
    version: t.version,
  };
}

/** A template's checked fields (the route reads and validates them). */
export interface TemplateInput {
  name: string;
  parentId: string;
  width: number;
  height: number;
  url: string;
  /** the label file's storage key (in the user's own folder) */
  key: string;
  image: string;
  remark: string;
  platform: number;
  /** the note the saved version carries ("" for none) */
  note: string;
  /** who saves it (the signed-in user; in a team space not the owner id) */
  author: string;
}

/** ORDER BY of the template list per sort order: date is the last change, size the label's area. */
const LIST_ORDER: Record<SortOrder, string> = {
  nameAsc: "lower(name), name, id",
  nameDesc: "lower(name) DESC, name DESC, id",
  dateAsc: "updated_at, id",
  dateDesc: "updated_at DESC, id",
  sizeAsc: "width * height, lower(name), id",
  sizeDesc: "width * height DESC, lower(name), id",
};

/** Live templates of user $1, in folder $2 (or all: ''), whose name holds $3 (or all: ''). */
const LIST_WHERE =
  "user_id = $1 AND deleted_at IS NULL AND ($2 = '' OR class_id = $2) AND ($3 = '' OR strpos(lower(name), lower($3)) > 0)";

/** The template list query (parameters: user, folder, keyword, page size, offset); the folder
 * indexes of migration 12 serve it (tests/server/settings.test.ts reads its plan). */
export function templateListSql(order: SortOrder): string {
  return `SELECT ${TEMPLATE_COLS}, count(*) OVER ()::int AS total FROM templates WHERE ${LIST_WHERE}
           ORDER BY ${LIST_ORDER[order]} LIMIT $4 OFFSET $5`;
}

/** A page of the user's live templates (in a folder, or all: ''; name holding `keyword`, or all: '')
 * and how many there are in all. */
export async function listTemplates(
  q: Queryable,
  userId: string,
  o: { folderId: string; keyword: string; order: SortOrder; page: number; size: number },
): Promise<{ rows: TemplateRow[]; count: number }> {
  const params = [userId, o.folderId, o.keyword];
  // the total comes with the page (one scan); only a page past the end counts on its own
  const rows = await q.query<TemplateRow & { total: number }>(templateListSql(o.order), [
    ...params,
    o.size,
    (o.page - 1) * o.size,
  ]);
  const count = rows[0]
    ? rows[0].total
    : (
        await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM templates WHERE ${LIST_WHERE}`, params)
      )[0].n;
  return { rows, count };
}

/** The user's live templates among `ids`. */
export function liveTemplates(q: Queryable, userId: string, ids: readonly string[]): Promise<TemplateRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return q.query<TemplateRow>(
    `SELECT ${TEMPLATE_COLS} FROM templates WHERE user_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL`,
    [userId, ids],
  );
}

/** True when `id` is one of the user's live templates. */
export async function ownsTemplate(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM templates WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL",
    [id, userId],
  );
  return rows.length > 0;
}

async function insertTemplate(
  q: Queryable,
  userId: string,
  classId: string,
  t: TemplateInput,
): Promise<TemplateRow> {
  const rows = await q.query<TemplateRow>(
    `INSERT INTO templates (id, user_id, class_id, name, width, height, file_url, image, remark, platform)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${TEMPLATE_COLS}`,
    [newTemplateId(), userId, classId, t.name, t.width, t.height, t.url, t.image, t.remark, t.platform],
  );
  await recordVersion(q, rows[0], userId, t.author, { note: t.note });
  return rows[0];
}

/** One template save at a time per user (the name and quota checks see each other's rows). */
const lockUserTemplates = (q: Queryable, userId: string) =>
  q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`tpl:${userId}`]);

/** The files a content save left behind: the old label file and preview when the new ones differ
 * (kept while a version still uses them). */
const replacedFiles = (prev: TemplateRow, t: TemplateInput) =>
  [prev.file_url, prev.image].filter((x) => x && x !== t.url && x !== t.image);

/** A new template; 405 (with the existing one) when the folder holds one of that name. */
export function addTemplate(
  db: Db,
  u: MemberFields & { id: string },
  t: TemplateInput,
  quota: number,
): Promise<TemplateRow> {
  return db.tx(async (q) => {
    await lockUserTemplates(q, u.id);
    const classId = await folderFor(q, u.id, t.parentId);
    const same = await q.query<TemplateRow>(
      `SELECT ${TEMPLATE_COLS} FROM templates WHERE user_id = $1 AND class_id = $2 AND name = $3 AND deleted_at IS NULL`,
      [u.id, classId, t.name],
    );
    if (same[0]) throw new ApiError(Code.exists, "server.error.templateExists", {}, templateOut(same[0]));
    await checkTemplateQuota(q, u, quota);
    return insertTemplate(q, u.id, classId, t);
  });
}

/** Overwrites the template of the same name in the folder (after a 405 on add); creates it if gone.
 * The files it no longer uses are deleted. */
export async function coverTemplate(
  db: Db,
  files: FileStore,
  u: MemberFields & { id: string },
  t: TemplateInput,
  quota: number,
): Promise<TemplateRow> {
  const { row, old } = await db.tx(async (q) => {
    await lockUserTemplates(q, u.id);
    const classId = await folderFor(q, u.id, t.parentId);
    const prev = await q.query<TemplateRow>(
      `SELECT ${TEMPLATE_COLS} FROM templates WHERE user_id = $1 AND class_id = $2 AND name = $3 AND deleted_at IS NULL FOR UPDATE`,
      [u.id, classId, t.name],
    );
    if (!prev[0]) {
      await checkTemplateQuota(q, u, quota);
      return { row: await insertTemplate(q, u.id, classId, t), old: [] as string[] };
    }
    const rows = await q.query<TemplateRow>(
      `UPDATE templates SET width = $3, height = $4, file_url = $5, image = $6, remark = $7, platform = $8,
         updated_at = now(), version = version + 1 WHERE id = $1 AND user_id = $2 RETURNING ${TEMPLATE_COLS}`,
      [prev[0].id, u.id, t.width, t.height, t.url, t.image, t.remark, t.platform],
    );
    const dropped = await recordVersion(q, rows[0], u.id, t.author, { note: t.note });
    return { row: rows[0], old: [...replacedFiles(prev[0], t), ...dropped] };
  });
  await dropUnusedFiles(db, files, u.id, old);
  return row;
}

export interface TemplateEdit {
  name: string;
  /** another of the user's folders to move it to, or "" to keep its folder */
  parentId: string;
  /** a full save's fields, or null for a rename or move */
  content: TemplateInput | null;
  /** what the client started from: the version, or the label file it opened (null, "": not sent) */
  baseVersion: number | null;
  baseFile: string;
}

/** Rename, move or full save of a live template; the files a full save no longer uses are deleted. */
export async function editTemplate(
  db: Db,
  files: FileStore,
  userId: string,
  id: string,
  e: TemplateEdit,
): Promise<TemplateRow> {
  const t = e.content;
  const { row, old } = await db.tx(async (q) => {
    const prev = await q.query<TemplateRow>(
      `SELECT ${TEMPLATE_COLS} FROM templates WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [id, userId],
    );
    if (!prev[0]) throw itemNotFound();
    // a save made from an older version would silently replace someone else's: refuse it. The
    // client names what it started from: the version, or the label file it opened (every
    // content save writes a new file, so the file is a version too)
    const outdated =
      (e.baseVersion !== null && e.baseVersion !== prev[0].version) ||
      (e.baseFile !== "" && keyFromUrl(e.baseFile) !== keyFromUrl(prev[0].file_url));
    if (t && outdated)
      throw new ApiError(Code.conflict, "server.error.templateConflict", {}, templateOut(prev[0]));
    const classId = e.parentId ? await folderFor(q, userId, e.parentId) : prev[0].class_id;
    const clash = await q.query(
      "SELECT 1 FROM templates WHERE user_id = $1 AND class_id = $2 AND name = $3 AND id <> $4 AND deleted_at IS NULL",
      [userId, classId, e.name, id],
    );
    if (clash.length) throw new ApiError(Code.failed, "server.error.nameExists");
    const rows = t
      ? await q.query<TemplateRow>(
          `UPDATE templates SET name = $3, class_id = $4, width = $5, height = $6, file_url = $7, image = $8,
             remark = $9, platform = $10, updated_at = now(), version = version + 1
             WHERE id = $1 AND user_id = $2 RETURNING ${TEMPLATE_COLS}`,
          [id, userId, e.name, classId, t.width, t.height, t.url, t.image, t.remark, t.platform],
        )
      : await q.query<TemplateRow>(
          `UPDATE templates SET name = $3, class_id = $4, updated_at = now() WHERE id = $1 AND user_id = $2
             RETURNING ${TEMPLATE_COLS}`,
          [id, userId, e.name, classId],
        );
    if (!t) return { row: rows[0], old: [] };
    const dropped = await recordVersion(q, rows[0], userId, t.author, { note: t.note });
    return { row: rows[0], old: [...replacedFiles(prev[0], t), ...dropped] };
  });
  await dropUnusedFiles(db, files, userId, old);
  return row;
}

/** To data recovery: the row and its files stay until restored, deleted forever or purged. */
export async function softDeleteTemplate(
  q: Queryable,
  userId: string,
  id: string,
  actorId = userId,
): Promise<string> {
  const rows = await q.query<{ id: string; name: string }>(
    "UPDATE templates SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id, name",
    [id, userId],
  );
  if (!rows[0]) throw itemNotFound();
  await recordTeamEvent(q, userId, actorId, "template.deleted", rows[0].name);
  return rows[0].id;
}

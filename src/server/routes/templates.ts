// Template folders (getUserClassList, addUserClass, editUserClass, delUserClass) and templates
// (getUserTemplateList, addUserTemplate, editUserTemplate, coverUserTemplate, delUserTemplate).
// Every statement filters by the session user's id; an id of someone else's row reads as "not found".
import { BOUNDS } from "../../model/bounds";
import { newRecordId, newTemplateId } from "../../model/ids";
import { isSortOrder, type SortOrder } from "../../model/sortOrders";
import type { Queryable } from "../db";
import { keyFromUrl, ownKeyFromUrl } from "../files/urls";
import { type Fields, num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { checkMemberContent } from "../services/memberContent";
import { checkFolderQuota, checkTemplateQuota } from "../services/membership";
import { softDeleteFolder } from "../services/recovery";
import { dropUnusedFiles } from "../services/storedFiles";
import { checkName, formatTime } from "../validate";

const notFound = () => new ApiError(Code.failed, "server.error.itemNotFound");

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

/** The folder id to save into: the given one if it is the user's, else (when empty) the default one. */
async function folderFor(q: Queryable, userId: string, parentId: string): Promise<string> {
  const rows = parentId
    ? await q.query<{ id: string }>(
        "SELECT id FROM template_classes WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL",
        [parentId, userId],
      )
    : await q.query<{ id: string }>(
        "SELECT id FROM template_classes WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at, id LIMIT 1",
        [userId],
      );
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

interface TemplateInput {
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
}

/** Reads and checks the template fields of add/cover (and of a full edit). */
function templateInput(ctx: Ctx, f: Fields): TemplateInput {
  const u = userOf(ctx);
  const name = str(f, "name", 100);
  const width = num(f, "width");
  const height = num(f, "height");
  if (!name || width === null || height === null)
    throw new ApiError(Code.failed, "server.validation.labelSize");
  checkName(name);
  const { LabelWidth: w, LabelHeight: h } = BOUNDS;
  if (width < w.min || width > w.max || height < h.min || height > h.max)
    throw new ApiError(Code.failed, "server.validation.labelSize");
  const url = str(f, "url", 1000) || str(f, "file_web", 1000);
  if (!url) throw new ApiError(Code.failed, "server.validation.templateEmpty");
  const key = ownKeyFromUrl(u.id, url);
  if (!key || !/\.tprts?$/i.test(key)) throw new ApiError(Code.failed, "server.error.templateFile");
  const image = str(f, "image", 1000);
  if (image && !ownKeyFromUrl(u.id, image)) throw new ApiError(Code.failed, "server.error.badImage");
  return {
    name,
    parentId: str(f, "parent_id", 64),
    width,
    height,
    url,
    key,
    image,
    remark: str(f, "remark", 500),
    platform: Math.trunc(num(f, "platform") ?? 2),
  };
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
  return rows[0];
}

export const templateRoutes: Routes = {
  "/api/tem.app_public/getUserClassList": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const rows = await ctx.db.query<{
        id: string;
        name: string;
        is_default: boolean;
        created_at: Date;
        count: number;
      }>(
        `SELECT c.id, c.name, c.is_default, c.created_at,
                (SELECT count(*)::int FROM templates t
                  WHERE t.user_id = c.user_id AND t.class_id = c.id AND t.deleted_at IS NULL) AS count
           FROM template_classes c WHERE c.user_id = $1 AND c.deleted_at IS NULL ORDER BY c.is_default DESC, c.created_at, c.id`,
        [u.id],
      );
      return ok(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          is_default: r.is_default ? 1 : 0,
          count: r.count,
          add_time: formatTime(r.created_at),
        })),
      );
    },
  },

  "/api/tem.app_public/addUserClass": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      await checkFolderQuota(ctx.db, u, { table: "template_classes" });
      const id = newRecordId();
      const rows = await ctx.db.query<{ created_at: Date }>(
        "INSERT INTO template_classes (id, user_id, name) VALUES ($1, $2, $3) RETURNING created_at",
        [id, u.id, name],
      );
      return ok({ id, name, is_default: 0, count: 0, add_time: formatTime(rows[0].created_at) });
    },
  },

  "/api/tem.app_public/editUserClass": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      const rows = await ctx.db.query<{ id: string }>(
        "UPDATE template_classes SET name = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
        [str(ctx.fields, "id", 64), u.id, name],
      );
      if (!rows[0]) throw notFound();
      return ok({ id: rows[0].id, name });
    },
  },

  // To data recovery, with the templates in it (the spec keeps at least one folder).
  "/api/tem.app_public/delUserClass": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const id = str(ctx.fields, "id", 64);
      await ctx.db.tx((q) => softDeleteFolder(q, u.id, "template_classes", id));
      return ok({ id });
    },
  },

  // Template listing for the home page and the cloud-template page (ours): optional parent_id,
  // keyword and order (one of the six sort orders; default the newest change first), paged;
  // answers data (list) and count.
  "/api/tem.app_public/getUserTemplateList": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const parent = str(ctx.fields, "parent_id", 64);
      const keyword = str(ctx.fields, "keyword", 100);
      const size = Math.min(Math.max(Math.trunc(num(ctx.fields, "size") ?? 20), 1), 200);
      const page = Math.min(Math.max(Math.trunc(num(ctx.fields, "page") ?? 1), 1), 1_000_000);
      const asked = str(ctx.fields, "order", 16);
      const params = [u.id, parent, keyword];
      // the total comes with the page (one scan); only a page past the end counts on its own
      const rows = await ctx.db.query<TemplateRow & { total: number }>(
        templateListSql(isSortOrder(asked) ? asked : "dateDesc"),
        [...params, size, (page - 1) * size],
      );
      const n = rows[0]
        ? rows[0].total
        : (
            await ctx.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM templates WHERE ${LIST_WHERE}`,
              params,
            )
          )[0].n;
      return ok(rows.map(templateOut), { count: n });
    },
  },

  "/api/tem.app_public/addUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const t = templateInput(ctx, ctx.fields);
      await checkMemberContent(ctx, u, t.key);
      const row = await ctx.db.tx(async (q) => {
        await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`tpl:${u.id}`]);
        const classId = await folderFor(q, u.id, t.parentId);
        const same = await q.query<TemplateRow>(
          `SELECT ${TEMPLATE_COLS} FROM templates WHERE user_id = $1 AND class_id = $2 AND name = $3 AND deleted_at IS NULL`,
          [u.id, classId, t.name],
        );
        if (same[0]) throw new ApiError(Code.exists, "server.error.templateExists", {}, templateOut(same[0]));
        await checkTemplateQuota(q, u, ctx.config.templateQuota);
        return insertTemplate(q, u.id, classId, t);
      });
      return ok(templateOut(row));
    },
  },

  // Overwrites the template of the same name in the folder (after a 405 on add); creates it if gone.
  "/api/tem.app_public/coverUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const t = templateInput(ctx, ctx.fields);
      await checkMemberContent(ctx, u, t.key);
      const { row, old } = await ctx.db.tx(async (q) => {
        await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`tpl:${u.id}`]);
        const classId = await folderFor(q, u.id, t.parentId);
        const prev = await q.query<TemplateRow>(
          `SELECT ${TEMPLATE_COLS} FROM templates WHERE user_id = $1 AND class_id = $2 AND name = $3 AND deleted_at IS NULL FOR UPDATE`,
          [u.id, classId, t.name],
        );
        if (!prev[0]) {
          await checkTemplateQuota(q, u, ctx.config.templateQuota);
          return { row: await insertTemplate(q, u.id, classId, t), old: [] as string[] };
        }
        const rows = await q.query<TemplateRow>(
          `UPDATE templates SET width = $3, height = $4, file_url = $5, image = $6, remark = $7, platform = $8,
             updated_at = now(), version = version + 1 WHERE id = $1 AND user_id = $2 RETURNING ${TEMPLATE_COLS}`,
          [prev[0].id, u.id, t.width, t.height, t.url, t.image, t.remark, t.platform],
        );
        return {
          row: rows[0],
          old: [prev[0].file_url, prev[0].image].filter((x) => x && x !== t.url && x !== t.image),
        };
      });
      await dropUnusedFiles(ctx.db, ctx.files, u.id, old);
      return ok(templateOut(row));
    },
  },

  // Rename (id, name), move (id, name, parent_id: another of the user's folders) or full save (id
  // plus the add fields).
  "/api/tem.app_public/editUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const id = str(ctx.fields, "id", 64);
      const full = "url" in ctx.fields || "file_web" in ctx.fields || "width" in ctx.fields;
      const t = full ? templateInput(ctx, ctx.fields) : null;
      if (t) await checkMemberContent(ctx, u, t.key);
      const name = t ? t.name : checkName(str(ctx.fields, "name", 100));
      const { row, old } = await ctx.db.tx(async (q) => {
        const prev = await q.query<TemplateRow>(
          `SELECT ${TEMPLATE_COLS} FROM templates WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE`,
          [id, u.id],
        );
        if (!prev[0]) throw notFound();
        // a save made from an older version would silently replace someone else's: refuse it. The
        // client names what it started from: the version, or the label file it opened (every
        // content save writes a new file, so the file is a version too)
        const base = num(ctx.fields, "version");
        const baseFile = str(ctx.fields, "base_file", 1000);
        const outdated =
          (base !== null && base !== prev[0].version) ||
          (baseFile !== "" && keyFromUrl(baseFile) !== keyFromUrl(prev[0].file_url));
        if (t && outdated)
          throw new ApiError(Code.conflict, "server.error.templateConflict", {}, templateOut(prev[0]));
        const parentId = t ? t.parentId : str(ctx.fields, "parent_id", 64);
        const classId = parentId ? await folderFor(q, u.id, parentId) : prev[0].class_id;
        const clash = await q.query(
          "SELECT 1 FROM templates WHERE user_id = $1 AND class_id = $2 AND name = $3 AND id <> $4 AND deleted_at IS NULL",
          [u.id, classId, name, id],
        );
        if (clash.length) throw new ApiError(Code.failed, "server.error.nameExists");
        const rows = t
          ? await q.query<TemplateRow>(
              `UPDATE templates SET name = $3, class_id = $4, width = $5, height = $6, file_url = $7, image = $8,
                 remark = $9, platform = $10, updated_at = now(), version = version + 1
                 WHERE id = $1 AND user_id = $2 RETURNING ${TEMPLATE_COLS}`,
              [id, u.id, name, classId, t.width, t.height, t.url, t.image, t.remark, t.platform],
            )
          : await q.query<TemplateRow>(
              `UPDATE templates SET name = $3, class_id = $4, updated_at = now() WHERE id = $1 AND user_id = $2
                 RETURNING ${TEMPLATE_COLS}`,
              [id, u.id, name, classId],
            );
        const stale = t
          ? [prev[0].file_url, prev[0].image].filter((x) => x && x !== t.url && x !== t.image)
          : [];
        return { row: rows[0], old: stale };
      });
      await dropUnusedFiles(ctx.db, ctx.files, u.id, old);
      return ok(templateOut(row));
    },
  },

  // To data recovery: the row and its files stay until restored, deleted forever or purged.
  "/api/tem.app_public/delUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const rows = await ctx.db.query<{ id: string }>(
        "UPDATE templates SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
        [str(ctx.fields, "id", 64), u.id],
      );
      if (!rows[0]) throw notFound();
      return ok({ id: rows[0].id });
    },
  },
};

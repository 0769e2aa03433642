// Cloud data: folders of images (type 1) and spreadsheets (type 2) and their files.
// Spec calls 8, 9, 13 plus our add/delete calls. Every statement filters by the session user.
import { extname } from "node:path";
import { newRecordId } from "../../model/ids";
import { ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { checkFolderQuota } from "../services/membership";
import { softDeleteFolder } from "../services/recovery";
import { checkSpace } from "../services/space";
import { checkName, formatTime } from "../validate";

const notFound = () => new ApiError(Code.failed, "server.error.itemNotFound");

/** Allowed extensions per type (application.md §5 "Other texts"). */
export const CLOUD_TYPES: Record<number, { exts: string[]; errorKey: string }> = {
  1: { exts: [".png", ".jpg", ".jpeg"], errorKey: "server.error.imageType" },
  2: { exts: [".xlsx", ".xls", ".csv"], errorKey: "server.error.sheetType" },
};

function typeOf(ctx: Ctx): 1 | 2 {
  const t = num(ctx.fields, "type");
  if (t !== 1 && t !== 2) throw new ApiError(Code.failed, "server.error.badType");
  return t;
}

interface FileRow {
  id: string;
  class_id: string;
  name: string;
  url: string;
  size: number;
  created_at: Date;
}

const fileOut = (f: FileRow) => ({
  id: f.id,
  tid: f.class_id,
  name: f.name,
  url: f.url,
  size: f.size,
  add_time: formatTime(f.created_at),
});

export const cloudRoutes: Routes = {
  "/api/tem.app_public/getCloudDataList": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const type = typeOf(ctx);
      const size = Math.min(
        Math.max(Math.trunc(num(ctx.fields, "size") ?? num(ctx.fields, "pageSize") ?? 999), 1),
        999,
      );
      const folders = await ctx.db.query<{ id: string; name: string; created_at: Date }>(
        "SELECT id, name, created_at FROM cloud_classes WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL ORDER BY created_at, id",
        [u.id, type],
      );
      const files = await ctx.db.query<FileRow>(
        `SELECT f.id, f.class_id, f.name, f.url, f.size, f.created_at FROM cloud_files f
           JOIN cloud_classes c ON c.id = f.class_id AND c.user_id = f.user_id
          WHERE f.user_id = $1 AND c.type = $2 AND f.deleted_at IS NULL ORDER BY f.created_at DESC, f.id`,
        [u.id, type],
      );
      return ok(
        folders.map((c) => ({
          id: c.id,
          name: c.name,
          type,
          add_time: formatTime(c.created_at),
          data: files
            .filter((f) => f.class_id === c.id)
            .slice(0, size)
            .map(fileOut),
        })),
      );
    },
  },

  "/api/tem.app_public/addCloudClass": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const type = typeOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      await checkFolderQuota(ctx.db, u, { table: "cloud_classes", type });
      const id = newRecordId();
      await ctx.db.query("INSERT INTO cloud_classes (id, user_id, type, name) VALUES ($1, $2, $3, $4)", [
        id,
        u.id,
        type,
        name,
      ]);
      return ok({ id, name, type, data: [] });
    },
  },

  "/api/tem.app_public/editCloudClass": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      const rows = await ctx.db.query<{ id: string }>(
        "UPDATE cloud_classes SET name = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
        [str(ctx.fields, "id", 64), u.id, name],
      );
      if (!rows[0]) throw notFound();
      return ok({ id: rows[0].id, name });
    },
  },

  // To data recovery, with the files in it (the spec keeps at least one folder per type).
  "/api/tem.app_public/delCloudClass": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const id = str(ctx.fields, "id", 64);
      await ctx.db.tx((q) => softDeleteFolder(q, u.id, "cloud_classes", id));
      return ok({ id });
    },
  },

  // Registers an uploaded file (url from the upload endpoint) in a folder: tid, name, url.
  "/api/tem.app_public/addCloudFile": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const tid = str(ctx.fields, "tid", 64);
      const url = str(ctx.fields, "url", 1000);
      const name = checkName(str(ctx.fields, "name", 100));
      const folder = await ctx.db.query<{ type: number }>(
        "SELECT type FROM cloud_classes WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL",
        [tid, u.id],
      );
      if (!folder[0]) throw notFound();
      const rule = CLOUD_TYPES[folder[0].type];
      if (!rule.exts.includes(extname(name).toLowerCase())) throw new ApiError(Code.failed, rule.errorKey);
      const key = ownKeyFromUrl(u.id, url);
      const data = key ? await ctx.files.get(key) : null;
      if (!key || !data) throw new ApiError(Code.failed, "server.error.fileMissing");
      try {
        await checkSpace(ctx.db, u, data.length, ctx.config);
      } catch (e) {
        // refused over the quota: the stored bytes go too (the user's other files stay)
        await ctx.files.delete(key);
        throw e;
      }
      const rows = await ctx.db.query<FileRow>(
        `INSERT INTO cloud_files (id, user_id, class_id, name, url, file_key, size) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, class_id, name, url, size, created_at`,
        [newRecordId(), u.id, tid, name, url, key, data.length],
      );
      return ok(fileOut(rows[0]));
    },
  },

  // Spec call 9: rename (id, name, tid); a tid of another of the user's folders also moves it there.
  "/api/tem.app_public/editCloudFile": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const id = str(ctx.fields, "id", 64);
      const name = checkName(str(ctx.fields, "name", 100));
      const tid = str(ctx.fields, "tid", 64);
      const prev = await ctx.db.query<FileRow & { type: number }>(
        `SELECT f.id, f.class_id, f.name, c.type FROM cloud_files f JOIN cloud_classes c ON c.id = f.class_id AND c.user_id = f.user_id
          WHERE f.id = $1 AND f.user_id = $2 AND f.deleted_at IS NULL`,
        [id, u.id],
      );
      if (!prev[0]) throw notFound();
      let target = prev[0].class_id;
      if (tid && tid !== target) {
        const t = await ctx.db.query(
          "SELECT 1 FROM cloud_classes WHERE id = $1 AND user_id = $2 AND type = $3 AND deleted_at IS NULL",
          [tid, u.id, prev[0].type],
        );
        if (!t.length) throw notFound();
        target = tid;
      }
      const rule = CLOUD_TYPES[prev[0].type];
      if (!rule.exts.includes(extname(name).toLowerCase())) throw new ApiError(Code.failed, rule.errorKey);
      const rows = await ctx.db.query<FileRow>(
        "UPDATE cloud_files SET name = $3, class_id = $4 WHERE id = $1 AND user_id = $2 RETURNING id, class_id, name, url, size, created_at",
        [id, u.id, name, target],
      );
      return ok(fileOut(rows[0]));
    },
  },

  // To data recovery: the row and its stored file stay until restored, deleted forever or purged.
  "/api/tem.app_public/delCloudFile": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const rows = await ctx.db.query<{ id: string }>(
        "UPDATE cloud_files SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
        [str(ctx.fields, "id", 64), u.id],
      );
      if (!rows[0]) throw notFound();
      return ok({ id: rows[0].id });
    },
  },
};

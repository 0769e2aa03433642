// Cloud data: folders of images (type 1) and spreadsheets (type 2) and their files.
// Spec calls 8, 9, 13 plus our add/delete calls; the rules and rows are in services/cloudData.ts.
import { ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import {
  addCloudFile,
  addCloudFolder,
  type CloudFileRow,
  cloudFolderTypeFor,
  editCloudFile,
  listCloudData,
  renameCloudFolder,
  softDeleteCloudFile,
} from "../services/cloudData";
import { checkFolderQuota } from "../services/membership";
import { softDeleteFolder } from "../services/recovery";
import { checkSpace } from "../services/space";
import { checkName, formatTime } from "../validate";
import { spaceOf } from "./teamSpace";

function typeOf(ctx: Ctx): 1 | 2 {
  const t = num(ctx.fields, "type");
  if (t !== 1 && t !== 2) throw new ApiError(Code.failed, "server.error.badType");
  return t;
}

const fileOut = (f: CloudFileRow) => ({
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
      const u = await spaceOf(ctx, "read");
      const type = typeOf(ctx);
      const size = Math.min(
        Math.max(Math.trunc(num(ctx.fields, "size") ?? num(ctx.fields, "pageSize") ?? 999), 1),
        999,
      );
      const { folders, files } = await listCloudData(ctx.db, u.id, type);
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
      const u = await spaceOf(ctx, "write");
      const type = typeOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      await checkFolderQuota(ctx.db, u, { table: "cloud_classes", type });
      const id = await addCloudFolder(ctx.db, u.id, type, name);
      return ok({ id, name, type, data: [] });
    },
  },

  "/api/tem.app_public/editCloudClass": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const name = checkName(str(ctx.fields, "name", 100));
      const id = await renameCloudFolder(ctx.db, u.id, str(ctx.fields, "id", 64), name);
      return ok({ id, name });
    },
  },

  // To data recovery, with the files in it (the spec keeps at least one folder per type).
  "/api/tem.app_public/delCloudClass": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const id = str(ctx.fields, "id", 64);
      await ctx.db.tx((q) => softDeleteFolder(q, u.id, "cloud_classes", id));
      return ok({ id });
    },
  },

  // Registers an uploaded file (url from the upload endpoint) in a folder: tid, name, url.
  "/api/tem.app_public/addCloudFile": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const tid = str(ctx.fields, "tid", 64);
      const url = str(ctx.fields, "url", 1000);
      const name = checkName(str(ctx.fields, "name", 100));
      await cloudFolderTypeFor(ctx.db, u.id, tid, name);
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
      const row = await addCloudFile(ctx.db, u.id, { folderId: tid, name, url, key, size: data.length });
      return ok(fileOut(row));
    },
  },

  // Spec call 9: rename (id, name, tid); a tid of another of the user's folders also moves it there.
  "/api/tem.app_public/editCloudFile": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const id = str(ctx.fields, "id", 64);
      const name = checkName(str(ctx.fields, "name", 100));
      const tid = str(ctx.fields, "tid", 64);
      return ok(fileOut(await editCloudFile(ctx.db, u.id, id, name, tid)));
    },
  },

  // To data recovery: the row and its stored file stay until restored, deleted forever or purged.
  "/api/tem.app_public/delCloudFile": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      return ok({ id: await softDeleteCloudFile(ctx.db, u.id, str(ctx.fields, "id", 64)) });
    },
  },
};

// Template folders (getUserClassList, addUserClass, editUserClass, delUserClass) and templates
// (getUserTemplateList, addUserTemplate, editUserTemplate, coverUserTemplate, delUserTemplate).
// The routes read and check the fields; the rules and rows are in services/templates.ts and
// services/templateFolders.ts (every statement filters by the space's owner id: the session user, or
// the team named by the request once the role allows it, routes/teamSpace.ts).
import { BOUNDS } from "../../model/bounds";
import { isSortOrder } from "../../model/sortOrders";
import { ownKeyFromUrl } from "../files/urls";
import { type Fields, num, str } from "../http/body";
import { ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { checkMemberContent } from "../services/memberContent";
import { checkFolderQuota } from "../services/membership";
import { softDeleteFolder } from "../services/recovery";
import type { Space } from "../services/teams";
import { addTemplateFolder, listTemplateFolders, renameTemplateFolder } from "../services/templateFolders";
import {
  addTemplate,
  coverTemplate,
  editTemplate,
  listTemplates,
  softDeleteTemplate,
  type TemplateInput,
  templateOut,
} from "../services/templates";
import { checkApprovalMove } from "../services/versionReview";
import { checkName, formatTime } from "../validate";
import { spaceOf } from "./teamSpace";
import { versionNote } from "./templateVersions";

/** Reads and checks the template fields of add/cover (and of a full edit). */
function templateInput(u: Space, f: Fields): TemplateInput {
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
    note: versionNote(f),
    author: u.actor,
  };
}

export const templateRoutes: Routes = {
  "/api/tem.app_public/getUserClassList": {
    get: true,
    auth: true,
    async handle(ctx) {
      const rows = await listTemplateFolders(ctx.db, (await spaceOf(ctx, "read")).id);
      return ok(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          is_default: r.is_default ? 1 : 0,
          count: r.count,
          needs_approval: r.needs_approval ? 1 : 0,
          add_time: formatTime(r.created_at),
        })),
      );
    },
  },

  "/api/tem.app_public/addUserClass": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const name = checkName(str(ctx.fields, "name", 100));
      await checkFolderQuota(ctx.db, u, { table: "template_classes" });
      const { id, created_at } = await addTemplateFolder(ctx.db, u.id, name);
      return ok({ id, name, is_default: 0, count: 0, add_time: formatTime(created_at) });
    },
  },

  "/api/tem.app_public/editUserClass": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const name = checkName(str(ctx.fields, "name", 100));
      const id = await renameTemplateFolder(ctx.db, u.id, str(ctx.fields, "id", 64), name);
      return ok({ id, name });
    },
  },

  // To data recovery, with the templates in it (the spec keeps at least one folder).
  "/api/tem.app_public/delUserClass": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
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
      const u = await spaceOf(ctx, "read");
      const asked = str(ctx.fields, "order", 16);
      const { rows, count } = await listTemplates(ctx.db, u.id, {
        folderId: str(ctx.fields, "parent_id", 64),
        keyword: str(ctx.fields, "keyword", 100),
        order: isSortOrder(asked) ? asked : "dateDesc",
        size: Math.min(Math.max(Math.trunc(num(ctx.fields, "size") ?? 20), 1), 200),
        page: Math.min(Math.max(Math.trunc(num(ctx.fields, "page") ?? 1), 1), 1_000_000),
      });
      return ok(rows.map(templateOut), { count });
    },
  },

  "/api/tem.app_public/addUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const t = templateInput(u, ctx.fields);
      await checkMemberContent(ctx, u, t.key);
      return ok(templateOut(await addTemplate(ctx.db, u, t, ctx.config.templateQuota)));
    },
  },

  // Overwrites the template of the same name in the folder (after a 405 on add); creates it if gone.
  "/api/tem.app_public/coverUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const t = templateInput(u, ctx.fields);
      await checkMemberContent(ctx, u, t.key);
      return ok(templateOut(await coverTemplate(ctx.db, ctx.files, u, t, ctx.config.templateQuota)));
    },
  },

  // Rename (id, name), move (id, name, parent_id: another of the user's folders) or full save (id
  // plus the add fields; version or base_file name what the save started from).
  "/api/tem.app_public/editUserTemplate": {
    auth: true,
    async handle(ctx) {
      const u = await spaceOf(ctx, "write");
      const id = str(ctx.fields, "id", 64);
      const full = "url" in ctx.fields || "file_web" in ctx.fields || "width" in ctx.fields;
      const t = full ? templateInput(u, ctx.fields) : null;
      if (t) await checkMemberContent(ctx, u, t.key);
      const parentId = t ? t.parentId : str(ctx.fields, "parent_id", 64);
      await checkApprovalMove(ctx.db, u, id, parentId);
      const row = await editTemplate(ctx.db, ctx.files, u.id, id, {
        name: t ? t.name : checkName(str(ctx.fields, "name", 100)),
        parentId,
        content: t,
        baseVersion: num(ctx.fields, "version"),
        baseFile: str(ctx.fields, "base_file", 1000),
      });
      return ok(templateOut(row));
    },
  },

  // To data recovery: the row and its files stay until restored, deleted forever or purged.
  "/api/tem.app_public/delUserTemplate": {
    auth: true,
    async handle(ctx) {
      const space = await spaceOf(ctx, "write");
      return ok({ id: await softDeleteTemplate(ctx.db, space.id, str(ctx.fields, "id", 64), space.actor) });
    },
  },
};

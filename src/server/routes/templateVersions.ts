// Template versions (issue 40): a template's kept versions, newest first (getTemplateVersions), a
// version's note (editTemplateVersionNote) and restore (restoreTemplateVersion: a new version with
// the old one's content); approval: an owner's review of a draft (reviewTemplateVersion) and which
// folders need it (setFolderApproval); what a print loads (getPrintableTemplate: the one rule,
// services/printableVersion.ts). Only the space's members reach them, by role (teamSpace.ts);
// documented in docs/api.md.

import { VERSION_NOTE_MAX } from "../../model/constants";
import { bool, type Fields, num, str } from "../http/body";
import { ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { printableVersion } from "../services/printableVersion";
import { templateOut } from "../services/templates";
import { listVersions, restoreVersion, setVersionNote, versionOut } from "../services/templateVersions";
import { reviewVersion, setFolderApproval } from "../services/versionReview";
import { checkVisible } from "../validate";
import { spaceOf } from "./teamSpace";

/** The version number asked for (a whole number from 1; any other names no kept version). */
function versionNumber(f: Fields): number {
  const n = num(f, "number");
  if (n === null || !Number.isInteger(n) || n < 1)
    throw new ApiError(Code.failed, "server.error.versionGone");
  return n;
}

/** A version's note: optional, one line of visible text. */
export function versionNote(f: Fields): string {
  const note = str(f, "note", VERSION_NOTE_MAX);
  if (/\p{Cc}/u.test(note)) throw new ApiError(Code.failed, "server.validation.noteChars");
  return checkVisible(note);
}

export const templateVersionRoutes: Routes = {
  "/api/tem.app_public/getTemplateVersions": {
    get: true,
    auth: true,
    async handle(ctx) {
      const { current, versions } = await listVersions(
        ctx.db,
        (await spaceOf(ctx, "read")).id,
        str(ctx.fields, "id", 64),
      );
      return ok(versions.map((v) => versionOut(v, current)));
    },
  },

  "/api/tem.app_public/editTemplateVersionNote": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64);
      const number = versionNumber(ctx.fields);
      const note = versionNote(ctx.fields);
      await setVersionNote(ctx.db, (await spaceOf(ctx, "write")).id, id, number, note);
      return ok({ id, number, note });
    },
  },

  "/api/tem.app_public/restoreTemplateVersion": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64);
      const row = await restoreVersion(
        ctx.db,
        ctx.files,
        await spaceOf(ctx, "write"),
        id,
        versionNumber(ctx.fields),
      );
      return ok(templateOut(row));
    },
  },

  "/api/tem.app_public/reviewTemplateVersion": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64);
      const number = versionNumber(ctx.fields);
      const approve = bool(ctx.fields, "approve");
      const note = versionNote(ctx.fields);
      await reviewVersion(ctx.db, await spaceOf(ctx, "approve"), id, number, { approve, note });
      return ok({ id, number, status: approve ? "approved" : "rejected" });
    },
  },

  "/api/tem.app_public/setFolderApproval": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64);
      const on = bool(ctx.fields, "needs_approval");
      await setFolderApproval(ctx.db, await spaceOf(ctx, "approve"), id, on);
      return ok({ id, needs_approval: on ? 1 : 0 });
    },
  },

  // What printing this template loads for the caller (an operator: the latest approved version).
  "/api/tem.app_public/getPrintableTemplate": {
    get: true,
    auth: true,
    async handle(ctx) {
      const v = await printableVersion(ctx.db, str(ctx.fields, "id", 64), await spaceOf(ctx, "read"));
      return ok({
        ...templateOut(v.template),
        number: v.number,
        file_web: v.file_url,
        image: v.image,
        width: v.width,
        height: v.height,
      });
    },
  },
};

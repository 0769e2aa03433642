// Data recovery (application.md §2 /dataRecovery, §6 member feature, §9 kept 6 months): the deleted
// templates, template folders, cloud data folders and files; restore (members) and delete forever.
// Items are named by kind and id; every statement filters by the session user.

import { isRecoveryKind, type RecoveryKind, type RecycleItem } from "../../model/recovery";
import { str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { requireMember } from "../services/membership";
import { daysLeft, deleteForever, listDeleted, restoreItem } from "../services/recovery";
import { dropUnusedFiles } from "../services/storedFiles";
import { formatTime } from "../validate";

function itemOf(ctx: Ctx): { kind: RecoveryKind; id: string } {
  const kind = str(ctx.fields, "kind", 20);
  if (!isRecoveryKind(kind)) throw new ApiError(Code.failed, "server.error.badType");
  return { kind, id: str(ctx.fields, "id", 64) };
}

export const recoveryRoutes: Routes = {
  // Listed for everyone (a free user sees what a membership would bring back).
  "/api/tem.app_public/getRecycleList": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const now = new Date();
      const rows = await listDeleted(ctx.db, u.id);
      return ok(
        rows.map(
          (r): RecycleItem => ({
            kind: r.kind,
            id: r.id,
            name: r.name,
            type: r.type,
            folder: r.folder,
            items: r.items,
            delete_time: formatTime(r.deleted_at),
            expire_time: formatTime(r.expires_at),
            days_left: daysLeft(r.expires_at, now),
          }),
        ),
      );
    },
  },

  // Members only (code 402 and the membership prompt otherwise).
  "/api/tem.app_public/recoverRecycleItem": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const { kind, id } = itemOf(ctx);
      requireMember(u, "server.error.recoveryMember");
      return ok({ kind, ...(await ctx.db.tx((q) => restoreItem(q, u.id, kind, id))) });
    },
  },

  // Removes the item and the stored files only it used.
  "/api/tem.app_public/delRecycleItem": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const { kind, id } = itemOf(ctx);
      const urls = await ctx.db.tx((q) => deleteForever(q, u.id, kind, id));
      await dropUnusedFiles(ctx.db, ctx.files, u.id, urls);
      return ok({ kind, id });
    },
  },
};

// Sharing templates by code (ours; the spec names the screens, not the calls): share a template or a
// template folder, list and revoke my shares, add a code, list and remove what was shared with me,
// and the folder-sharing switch. Rules and rows: src/server/services/sharing.ts. Documented in docs/api.md.

import { bool, num, str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import {
  checkShareDays,
  createShare,
  folderSharing,
  myShares,
  normalizeShareCode,
  receivedShares,
  redeemShare,
  removeReceivedShare,
  revokeShare,
  setFolderSharing,
} from "../services/sharing";
import { checkUserCap, SHARE_CAP } from "../services/userCaps";

const fail = (key: string) => new ApiError(Code.failed, key);

export const sharingRoutes: Routes = {
  // kind ("template" or "folder"), id (one of the user's templates or template folders), days (1, 7, 30)
  "/api/share/create": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const kind = str(ctx.fields, "kind", 16) || "template";
      const id = str(ctx.fields, "id", 64);
      if (kind !== "template" && kind !== "folder") throw fail("server.share.badKind");
      const days = checkShareDays(num(ctx.fields, "days"), u);
      await checkUserCap(ctx.db, u.id, SHARE_CAP);
      return ok(await createShare(ctx.db, ctx.files, u.id, kind, id, days));
    },
  },

  // my shares that are not revoked (expired ones stay listed, marked expired), newest first
  "/api/share/mine": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await myShares(ctx.db, userOf(ctx).id));
    },
  },

  // ends a share for everyone who added it
  "/api/share/revoke": {
    auth: true,
    async handle(ctx) {
      return ok({ id: await revokeShare(ctx.db, userOf(ctx).id, str(ctx.fields, "id", 64)) });
    },
  },

  // code (case, spaces and dashes ignored; a pasted share link works too): adds the share to my list
  "/api/share/redeem": {
    auth: true,
    async handle(ctx) {
      const code = normalizeShareCode(str(ctx.fields, "code", 500));
      if (!code) throw fail("server.share.codeRequired");
      return ok(await redeemShare(ctx.db, ctx.files, userOf(ctx).id, ctx.ip, code));
    },
  },

  // live shares I added, each with its templates (a folder share lists the folder's templates now)
  "/api/share/received": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await receivedShares(ctx.db, userOf(ctx).id));
    },
  },

  // takes a share off my list (the share itself stays the owner's)
  "/api/share/remove": {
    auth: true,
    async handle(ctx) {
      return ok({ id: await removeReceivedShare(ctx.db, userOf(ctx).id, str(ctx.fields, "id", 64)) });
    },
  },

  "/api/share/settings": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok({ folder_sharing: (await folderSharing(ctx.db, userOf(ctx).id)) ? 1 : 0 });
    },
  },

  // the folder-sharing switch (spec §4 "Switches"): on or off for all my folders; while off, my
  // folder shares work for nobody and no new folder share can be made
  "/api/share/setFolderSharing": {
    auth: true,
    async handle(ctx) {
      const on = bool(ctx.fields, "on");
      await setFolderSharing(ctx.db, userOf(ctx).id, on);
      return ok({ folder_sharing: on ? 1 : 0 });
    },
  },
};

// Sharing templates by code (ours; the spec names the screens, not the calls): share a template or a
// template folder, list and revoke my shares, add a code, list and remove what was shared with me,
// and the folder-sharing switch. Rules: src/server/services/sharing.ts. Documented in docs/api.md.
import { newRecordId } from "../../model/ids";
import { refundAttempt, takeAttempt } from "../auth/rateLimit";
import { bool, num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import {
  checkShareDays,
  LIVE_SHARE,
  newShareCode,
  normalizeShareCode,
  REDEEM_PER_IP,
  REDEEM_PER_USER,
  SHARED_TEMPLATES,
  shareRefusal,
} from "../services/sharing";
import { formatTime } from "../validate";

const fail = (key: string) => new ApiError(Code.failed, key);
const notFound = () => fail("server.error.itemNotFound");

interface ShareRow {
  id: string;
  code: string;
  kind: "template" | "folder";
  target_id: string;
  days: number;
  expires_at: Date;
  uses: number;
  created_at: Date;
  name: string | null;
}

function shareOut(r: ShareRow) {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    target_id: r.target_id,
    name: r.name ?? "",
    days: r.days,
    expire_time: formatTime(r.expires_at),
    expired: new Date(r.expires_at) <= new Date() ? 1 : 0,
    uses: r.uses,
    add_time: formatTime(r.created_at),
  };
}

interface ReceivedRow {
  share_id: string;
  code: string;
  kind: "template" | "folder";
  expires_at: Date;
  added_at: Date;
  owner: string;
  folder_name: string | null;
  t_id: string | null;
  t_name: string | null;
  width: number | null;
  height: number | null;
  file_url: string | null;
  image: string | null;
}

/** What was shared with the user (live shares only), one entry per share with its templates. */
async function received(ctx: Ctx, userId: string, shareId = "") {
  const rows = await ctx.db.query<ReceivedRow>(
    `SELECT s.id AS share_id, s.code, s.kind, s.expires_at, r.created_at AS added_at, o.nickname AS owner,
            c.name AS folder_name, t.id AS t_id, t.name AS t_name, t.width, t.height, t.file_url, t.image
       FROM share_redemptions r
       JOIN shares s ON s.id = r.share_id
       JOIN users o ON o.id = s.user_id
       LEFT JOIN template_classes c ON s.kind = 'folder' AND c.id = s.target_id AND c.user_id = s.user_id AND c.deleted_at IS NULL
       LEFT JOIN templates t ON ${SHARED_TEMPLATES}
      WHERE r.user_id = $1 AND ($2 = '' OR s.id = $2) AND ${LIVE_SHARE}
      ORDER BY r.created_at DESC, s.id, t.name, t.id`,
    [userId, shareId],
  );
  const byShare = new Map<string, ReturnType<typeof receivedOut>>();
  for (const r of rows) {
    let entry = byShare.get(r.share_id);
    if (!entry) {
      entry = receivedOut(r);
      byShare.set(r.share_id, entry);
    }
    if (r.t_id)
      entry.templates.push({
        id: r.t_id,
        name: r.t_name ?? "",
        width: r.width ?? 0,
        height: r.height ?? 0,
        file_web: r.file_url ?? "",
        image: r.image ?? "",
      });
  }
  // a template share whose template is gone, or a folder share whose folder is gone, shows nothing
  return [...byShare.values()].filter((e) =>
    e.kind === "template" ? e.templates.length > 0 : e.folder !== null,
  );
}

function receivedOut(r: ReceivedRow) {
  return {
    id: r.share_id,
    code: r.code,
    kind: r.kind,
    owner: r.owner,
    folder: r.kind === "folder" ? r.folder_name : null,
    expire_time: formatTime(r.expires_at),
    add_time: formatTime(r.added_at),
    templates: [] as {
      id: string;
      name: string;
      width: number;
      height: number;
      file_web: string;
      image: string;
    }[],
  };
}

async function folderSharing(ctx: Ctx, userId: string): Promise<boolean> {
  const rows = await ctx.db.query<{ share_folders: boolean }>(
    "SELECT share_folders FROM users WHERE id = $1",
    [userId],
  );
  return rows[0]?.share_folders ?? true;
}

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
      const table = kind === "template" ? "templates" : "template_classes";
      const target = await ctx.db.query<{ name: string }>(
        `SELECT name FROM ${table} WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
        [id, u.id],
      );
      if (!target[0]) throw notFound();
      if (kind === "folder" && !(await folderSharing(ctx, u.id))) throw fail("server.share.foldersOffMine");
      // a clash of two random 10-character codes is practically impossible; retry rather than fail
      for (let attempt = 0; ; attempt++) {
        try {
          const rows = await ctx.db.query<ShareRow>(
            `INSERT INTO shares (id, user_id, code, kind, target_id, days, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $6::int))
             RETURNING id, code, kind, target_id, days, expires_at, uses, created_at, $7::text AS name`,
            [newRecordId(), u.id, newShareCode(), kind, id, days, target[0].name],
          );
          return ok(shareOut(rows[0]));
        } catch (e) {
          if ((e as { code?: string }).code !== "23505" || attempt >= 3) throw e;
        }
      }
    },
  },

  // my shares that are not revoked (expired ones stay listed, marked expired), newest first
  "/api/share/mine": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const rows = await ctx.db.query<ShareRow>(
        `SELECT s.id, s.code, s.kind, s.target_id, s.days, s.expires_at, s.uses, s.created_at,
                COALESCE(t.name, c.name) AS name
           FROM shares s
           LEFT JOIN templates t ON s.kind = 'template' AND t.id = s.target_id AND t.user_id = s.user_id
                                    AND t.deleted_at IS NULL
           LEFT JOIN template_classes c ON s.kind = 'folder' AND c.id = s.target_id AND c.user_id = s.user_id AND c.deleted_at IS NULL
          WHERE s.user_id = $1 AND s.revoked_at IS NULL AND (t.id IS NOT NULL OR c.id IS NOT NULL)
          ORDER BY s.created_at DESC, s.id`,
        [u.id],
      );
      return ok(rows.map(shareOut));
    },
  },

  // ends a share for everyone who added it
  "/api/share/revoke": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const rows = await ctx.db.query<{ id: string }>(
        "UPDATE shares SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
        [str(ctx.fields, "id", 64), u.id],
      );
      if (!rows[0]) throw notFound();
      return ok({ id: rows[0].id });
    },
  },

  // code (case, spaces and dashes ignored; a pasted share link works too): adds the share to my list
  "/api/share/redeem": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const code = normalizeShareCode(str(ctx.fields, "code", 500));
      if (!code) throw fail("server.share.codeRequired");
      // counted before the lookup (atomic), per user and per client address: codes cannot be guessed
      const userKey = `share-redeem:${u.id}`;
      const ipKey = `share-redeem-ip:${ctx.ip}`;
      if (!(await takeAttempt(ctx.db, ipKey, REDEEM_PER_IP))) throw fail("server.error.tooFrequent");
      if (!(await takeAttempt(ctx.db, userKey, REDEEM_PER_USER))) throw fail("server.error.tooFrequent");
      const rows = await ctx.db.query<{
        id: string;
        user_id: string;
        revoked: boolean;
        expired: boolean;
        folder_off: boolean;
      }>(
        `SELECT s.id, s.user_id, s.revoked_at IS NOT NULL AS revoked, s.expires_at <= now() AS expired,
                (s.kind = 'folder' AND NOT o.share_folders) AS folder_off
           FROM shares s JOIN users o ON o.id = s.user_id WHERE s.code = $1`,
        [code],
      );
      const refusal = shareRefusal(rows[0]);
      if (refusal) throw fail(refusal);
      const share = rows[0];
      if (share.user_id === u.id) throw fail("server.share.own");
      // a working code gives its attempts back: only wrong guesses count towards the limit
      await refundAttempt(ctx.db, userKey);
      await refundAttempt(ctx.db, ipKey);
      await ctx.db.tx(async (q) => {
        const added = await q.query(
          `INSERT INTO share_redemptions (user_id, share_id) VALUES ($1, $2)
           ON CONFLICT (user_id, share_id) DO NOTHING RETURNING share_id`,
          [u.id, share.id],
        );
        if (added.length) await q.query("UPDATE shares SET uses = uses + 1 WHERE id = $1", [share.id]);
      });
      const [entry] = await received(ctx, u.id, share.id);
      if (!entry) throw fail("server.share.unknown");
      return ok(entry);
    },
  },

  // live shares I added, each with its templates (a folder share lists the folder's templates now)
  "/api/share/received": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await received(ctx, userOf(ctx).id));
    },
  },

  // takes a share off my list (the share itself stays the owner's)
  "/api/share/remove": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const rows = await ctx.db.query<{ share_id: string }>(
        "DELETE FROM share_redemptions WHERE user_id = $1 AND share_id = $2 RETURNING share_id",
        [u.id, str(ctx.fields, "id", 64)],
      );
      if (!rows[0]) throw notFound();
      return ok({ id: rows[0].share_id });
    },
  },

  "/api/share/settings": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok({ folder_sharing: (await folderSharing(ctx, userOf(ctx).id)) ? 1 : 0 });
    },
  },

  // the folder-sharing switch (spec §4 "Switches"): on or off for all my folders; while off, my
  // folder shares work for nobody and no new folder share can be made
  "/api/share/setFolderSharing": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const on = bool(ctx.fields, "on");
      await ctx.db.query("UPDATE users SET share_folders = $2 WHERE id = $1", [u.id, on]);
      return ok({ folder_sharing: on ? 1 : 0 });
    },
  },
};

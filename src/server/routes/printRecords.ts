// After-print records (application.md §7 calls 21–24): print history and template use counts.
// Responses are not shown by the client; the rows let a user (or an operator) see what was printed.
import { newRecordId } from "../../model/ids";
import { ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { isMember, type MemberFields } from "../services/membership";
import { formatTime } from "../validate";

const templateId = (ctx: Ctx) => {
  const id = str(ctx.fields, "id", 64);
  if (!id || !/^[\w-]+$/.test(id)) throw new ApiError(Code.failed, "server.error.itemNotFound");
  return id;
};

/** user_id, when sent, must be the session user: nobody counts uses in another user's name. */
function checkUserId(ctx: Ctx): string {
  const u = userOf(ctx);
  const sent = str(ctx.fields, "user_id", 64);
  if (sent && sent !== u.id) throw new ApiError(Code.forbidden, "server.error.forbidden");
  return u.id;
}

async function countUse(ctx: Ctx, userId: string, id: string, kind: string) {
  await ctx.db.query(
    `INSERT INTO template_use (user_id, template_id, kind, uses) VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id, template_id, kind) DO UPDATE SET uses = template_use.uses + 1, updated_at = now()`,
    [userId, id, kind],
  );
  const [row] = await ctx.db.query<{ uses: number }>(
    "SELECT uses FROM template_use WHERE user_id = $1 AND template_id = $2 AND kind = $3",
    [userId, id, kind],
  );
  return { id, uses: row?.uses ?? 1 };
}

/** How far back print records are shown (spec §9): 7 days for a free user, 3 months for a member. */
const printHistoryKept = (u: MemberFields) => (isMember(u) ? "3 months" : "7 days");

export const printRecordRoutes: Routes = {
  // Common (library) labels: downloads and uses are counted per user.
  "/api/tem.app_public/addDowTem": {
    auth: true,
    async handle(ctx) {
      return ok(await countUse(ctx, userOf(ctx).id, templateId(ctx), "download"));
    },
  },
  "/api/tem.app_public/userUseTem": {
    auth: true,
    async handle(ctx) {
      return ok(await countUse(ctx, checkUserId(ctx), templateId(ctx), "use"));
    },
  },
  // Cloud labels: only the user's own templates.
  "/api/tem.app_public/userPrivateUserTem": {
    auth: true,
    async handle(ctx) {
      const userId = checkUserId(ctx);
      const id = templateId(ctx);
      const own = await ctx.db.query(
        "SELECT 1 FROM templates WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL",
        [id, userId],
      );
      if (!own.length) throw new ApiError(Code.failed, "server.error.itemNotFound");
      return ok(await countUse(ctx, userId, id, "private"));
    },
  },

  // The preview-image record of a print: template, name, preview (an own upload or empty), size, copies.
  "/api/tem.app_public/printHistoryNewAdd": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const image = str(ctx.fields, "image", 1000) || str(ctx.fields, "url", 1000);
      if (image && !ownKeyFromUrl(u.id, image)) throw new ApiError(Code.forbidden, "server.error.forbidden");
      const size = (name: string) => {
        const v = num(ctx.fields, name) ?? 0;
        return Number.isFinite(v) && v >= 0 && v <= 10_000 ? v : 0;
      };
      const copies = Math.trunc(num(ctx.fields, "copies") ?? num(ctx.fields, "phr") ?? 1);
      const id = newRecordId();
      await ctx.db.query(
        `INSERT INTO print_history (id, user_id, template_id, name, image, width, height, copies)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          u.id,
          str(ctx.fields, "template_id", 64) || str(ctx.fields, "id", 64),
          str(ctx.fields, "name", 200),
          image,
          size("width"),
          size("height"),
          Math.min(Math.max(copies, 1), 1_000_000),
        ],
      );
      return ok({ id });
    },
  },

  "/api/tem.app_public/getPrintHistory": {
    get: true,
    auth: true,
    async handle(ctx) {
      const rows = await ctx.db.query<{
        id: string;
        template_id: string;
        name: string;
        image: string;
        width: number;
        height: number;
        copies: number;
        created_at: Date;
      }>(
        `SELECT id, template_id, name, image, width, height, copies, created_at FROM print_history
          WHERE user_id = $1 AND created_at > now() - $2::interval ORDER BY created_at DESC, id LIMIT 100`,
        [userOf(ctx).id, printHistoryKept(userOf(ctx))],
      );
      return ok(rows.map(({ created_at, ...r }) => ({ ...r, add_time: formatTime(created_at) })));
    },
  },
};

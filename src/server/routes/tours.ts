// Guided tours a user has seen (the home tour, issue 22), so a tour closed on one computer does not
// come back on another.
import { str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";

/** The tours the app shows. */
export const TOURS = ["home"] as const;

function tourOf(fields: Record<string, unknown>): string {
  const tour = str(fields, "tour", 20);
  if (!(TOURS as readonly string[]).includes(tour)) throw new ApiError(Code.failed, "server.error.badType");
  return tour;
}

export const tourRoutes: Routes = {
  // tour → { seen }
  "/api/user/tour": {
    get: true,
    auth: true,
    async handle(ctx) {
      const rows = await ctx.db.query("SELECT 1 FROM user_tours WHERE user_id = $1 AND tour = $2", [
        userOf(ctx).id,
        tourOf(ctx.fields),
      ]);
      return ok({ seen: rows.length > 0 });
    },
  },
  // tour: remembers that the user has seen (finished or skipped) it
  "/api/user/tourSeen": {
    auth: true,
    async handle(ctx) {
      await ctx.db.query(
        "INSERT INTO user_tours (user_id, tour) VALUES ($1, $2) ON CONFLICT (user_id, tour) DO NOTHING",
        [userOf(ctx).id, tourOf(ctx.fields)],
      );
      return ok({ seen: true });
    },
  },
};

// Guided tours a user has seen: the rule and its rows are in src/server/services/tours.ts.
import { str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { hasSeenTour, markTourSeen, TOURS } from "../services/tours";

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
      return ok({ seen: await hasSeenTour(ctx.db, userOf(ctx).id, tourOf(ctx.fields)) });
    },
  },
  // tour: remembers that the user has seen (finished or skipped) it
  "/api/user/tourSeen": {
    auth: true,
    async handle(ctx) {
      await markTourSeen(ctx.db, userOf(ctx).id, tourOf(ctx.fields));
      return ok({ seen: true });
    },
  },
};

// The print API for other software (issue 39; docs/api.md "Print API"): called with a personal
// access token (auth/apiToken.ts), not a session.
import { apiCaller } from "../auth/apiToken";
import { num } from "../http/body";
import { ok, type Routes } from "../http/context";
import { listTemplates, templateOut } from "../services/templates";

/** Most templates one page lists. */
export const API_PAGE_MAX = 100;

export const apiV1Routes: Routes = {
  // The user's templates, newest first (scope templates:read): what a print call may name.
  "/api/v1/templates": {
    get: true,
    auth: false,
    async handle(ctx) {
      const caller = await apiCaller(ctx, "templates:read");
      const page = Math.max(1, Math.floor(num(ctx.fields, "page") ?? 1));
      const size = Math.min(API_PAGE_MAX, Math.max(1, Math.floor(num(ctx.fields, "size") ?? API_PAGE_MAX)));
      const { rows, count } = await listTemplates(ctx.db, caller.userId, {
        folderId: "",
        keyword: "",
        order: "dateDesc",
        page,
        size,
      });
      return ok(rows.map(templateOut), { count });
    },
  },
};

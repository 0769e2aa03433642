// A team's audit log (issue 40; docs/server.md "Team audit log"): a page of events for an owner,
// filtered by member, action and dates, or the whole filtered log as CSV (answered inside the usual
// envelope; the page saves it as a file). Rules: services/teamAudit.ts.
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { detailText, listTeamEvents, type TeamEventFilter, teamEventsCsv } from "../services/teamAudit";
import { isTeamAction } from "../services/teamEvents";
import { formatTime } from "../validate";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter a request names; a malformed date or an unknown action is refused. */
function filterOf(ctx: Ctx): TeamEventFilter {
  const f = ctx.fields;
  const action = str(f, "action", 40);
  const from = str(f, "from", 10);
  const to = str(f, "to", 10);
  if ((action && !isTeamAction(action)) || (from && !DAY.test(from)) || (to && !DAY.test(to)))
    throw new ApiError(Code.failed, "server.error.badFilter");
  return {
    actor: str(f, "member", 64) || undefined,
    action: action && isTeamAction(action) ? action : undefined,
    from: from || undefined,
    to: to || undefined,
  };
}

export const teamAuditRoutes: Routes = {
  "/api/team/audit": {
    get: true,
    auth: true,
    async handle(ctx) {
      const size = Math.min(Math.max(Math.trunc(num(ctx.fields, "size") ?? 50), 1), 200);
      const page = Math.min(Math.max(Math.trunc(num(ctx.fields, "page") ?? 1), 1), 100_000);
      const teamId = str(ctx.fields, "id", 64);
      const { rows, total } = await listTeamEvents(ctx.db, userOf(ctx).id, teamId, filterOf(ctx), page, size);
      return ok(
        rows.map((r) => ({
          id: r.id,
          member_id: r.actor_id ?? "",
          member: r.actor,
          action: r.action,
          subject: r.subject,
          detail: detailText(r, ctx.lang),
          time: formatTime(r.created_at),
        })),
        { count: total },
      );
    },
  },

  "/api/team/auditCsv": {
    get: true,
    auth: true,
    async handle(ctx) {
      const teamId = str(ctx.fields, "id", 64);
      return ok({ csv: await teamEventsCsv(ctx.db, userOf(ctx).id, teamId, filterOf(ctx), ctx.lang) });
    },
  },
};

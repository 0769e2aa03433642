// The personal centre's API tokens (issue 39; docs/api.md "Print API"): create (the secret is
// answered once), list (never the secret), revoke. The token side: auth/apiToken.ts, routes/apiV1.ts.

import { translate } from "../../i18n/messages";
import { API_SCOPES, type ApiScope, isApiScope, TOKEN_DAYS, TOKEN_NAME_MAX } from "../../model/apiTokens";
import { takeAttempt } from "../auth/rateLimit";
import { type Fields, num, str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { type AuditFilter, auditTokens, userCalls } from "../services/apiAudit";
import {
  createToken,
  isExpired,
  revokeToken,
  scopesOf,
  type TokenRow,
  userTokens,
} from "../services/apiTokens";
import { checkName, formatTime } from "../validate";

/** Most audit entries one page lists. */
const AUDIT_PAGE_MAX = 100;
/** Tokens a user may create a minute. */
const CREATES_PER_MINUTE = 10;

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

export function tokenOut(t: TokenRow) {
  return {
    id: t.id,
    name: t.name,
    scopes: scopesOf(t),
    add_time: formatTime(t.created_at),
    expire_time: formatTime(t.expires_at),
    last_used_time: formatTime(t.last_used_at),
    expired: isExpired(t) ? 1 : 0,
  };
}

/** A day of the filter, "yyyy-MM-dd" (UTC, as the log's times); null when not given. */
function readDay(f: Fields, name: string): Date | null {
  const v = str(f, name, 10);
  if (!v) return null;
  const d = /^\d{4}-\d\d-\d\d$/.test(v) ? new Date(`${v}T00:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v)
    throw fail("server.apiAudit.date", { field: name });
  return d;
}

/** The audit log's filter: token (id), status (ok | refused), from and to (days, both included), path. */
function readAuditFilter(f: Fields): AuditFilter {
  const status = str(f, "status", 10);
  if (status && status !== "ok" && status !== "refused") throw fail("server.apiAudit.status");
  const from = readDay(f, "from");
  const to = readDay(f, "to");
  if (from && to && from > to) throw fail("server.apiAudit.range");
  return {
    tokenId: str(f, "token", 100) || undefined,
    outcome: status === "ok" || status === "refused" ? status : undefined,
    from: from ?? undefined,
    // the whole of the last day
    until: to ? new Date(to.getTime() + 86_400_000) : undefined,
    path: str(f, "path", 200) || undefined,
  };
}

function readScopes(v: unknown): ApiScope[] {
  const list = Array.isArray(v) ? v : [];
  if (!list.length || list.length > API_SCOPES.length || !list.every(isApiScope))
    throw fail("server.apiToken.badScopes", { scopes: API_SCOPES.join(", ") });
  return API_SCOPES.filter((s) => list.includes(s));
}

export const apiTokenRoutes: Routes = {
  "/api/token/create": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const name = checkName(str(ctx.fields, "name", TOKEN_NAME_MAX), TOKEN_NAME_MAX);
      const scopes = readScopes(ctx.fields.scopes);
      const days = num(ctx.fields, "days");
      if (!TOKEN_DAYS.some((d) => d === days))
        throw fail("server.apiToken.badDays", { days: TOKEN_DAYS.join(", ") });
      if (!(await takeAttempt(ctx.db, `apitoken:create:${u.id}`, CREATES_PER_MINUTE)))
        throw fail("server.error.tooFrequent");
      const { row, token } = await createToken(ctx.db, u.id, name, scopes, days as number);
      return ok({ ...tokenOut(row), token });
    },
  },
  "/api/token/list": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok((await userTokens(ctx.db, userOf(ctx).id)).map(tokenOut));
    },
  },
  // The audit log: the user's calls with a token, newest first, filtered (services/apiAudit.ts).
  "/api/token/audit": {
    get: true,
    auth: true,
    async handle(ctx) {
      const userId = userOf(ctx).id;
      const page = Math.max(1, Math.floor(num(ctx.fields, "page") ?? 1));
      const size = Math.min(AUDIT_PAGE_MAX, Math.max(1, Math.floor(num(ctx.fields, "size") ?? 50)));
      const { rows, count } = await userCalls(ctx.db, userId, readAuditFilter(ctx.fields), page, size);
      return ok(
        rows.map((a) => ({
          id: a.id,
          token_id: a.token_id,
          token_name: a.token_name ?? "",
          method: a.method,
          route: a.route,
          status: a.status,
          code: a.code,
          reason: a.reason ? translate(a.reason, {}, ctx.lang) : "",
          time: formatTime(a.at),
        })),
        { count },
      );
    },
  },
  // The tokens the audit log names (its token filter's choices), revoked ones included.
  "/api/token/auditTokens": {
    get: true,
    auth: true,
    async handle(ctx) {
      const tokens = await auditTokens(ctx.db, userOf(ctx).id);
      return ok(tokens.map((t) => ({ id: t.id, name: t.name ?? "", revoked: t.revoked ? 1 : 0 })));
    },
  },
  "/api/token/revoke": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 100);
      await revokeToken(ctx.db, userOf(ctx).id, id);
      return ok({ id });
    },
  },
};

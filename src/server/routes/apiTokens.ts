// The personal centre's API tokens (issue 39; docs/api.md "Print API"): create (the secret is
// answered once), list (never the secret), revoke. The token side: auth/apiToken.ts, routes/apiV1.ts.

import { API_SCOPES, type ApiScope, isApiScope, TOKEN_DAYS, TOKEN_NAME_MAX } from "../../model/apiTokens";
import { takeAttempt } from "../auth/rateLimit";
import { num, str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { userCalls } from "../services/apiAudit";
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
  // The audit log: the user's calls with a token, newest first (services/apiAudit.ts).
  "/api/token/audit": {
    get: true,
    auth: true,
    async handle(ctx) {
      const page = Math.max(1, Math.floor(num(ctx.fields, "page") ?? 1));
      const size = Math.min(AUDIT_PAGE_MAX, Math.max(1, Math.floor(num(ctx.fields, "size") ?? 50)));
      const { rows, count } = await userCalls(ctx.db, userOf(ctx).id, page, size);
      return ok(
        rows.map((a) => ({
          id: a.id,
          token_id: a.token_id,
          token_name: a.token_name ?? "",
          method: a.method,
          route: a.route,
          status: a.status,
          code: a.code,
          time: formatTime(a.at),
        })),
        { count },
      );
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

// Who calls the print API: the personal access token in `Authorization: Bearer ink_…`
// (services/apiTokens.ts). Defences (docs/security.md "Print API tokens"): a refused token counts a
// failure for the client address; after 10 within a minute every token from that address is refused
// for a minute, checked before the lookup (guessing a 256-bit secret is hopeless anyway; this cuts a
// flood short). Only failures count, so many parallel calls with a good token never block their
// own address. Each token may make 120 calls a minute. Every call whose token is known (its owner is:
// also a revoked or expired token with its right secret) goes to the owner's audit log with its
// answer and, when the token was refused, why. A token lacking the scope
// of the call is refused (HTTP 403) before anything is done.

import type { ApiScope } from "../../model/apiTokens";
import type { Ctx } from "../http/context";
import { ApiError, answeredCodes, Code } from "../http/envelope";
import { recordCall } from "../services/apiAudit";
import { findToken, markUsed, scopesOf } from "../services/apiTokens";
import { isBlocked, takeAttempt } from "./rateLimit";

export const TOKEN_TRIES_PER_IP = 10;
export const CALLS_PER_TOKEN = 120;

export interface ApiCaller {
  userId: string;
  tokenId: string;
}

const refused = (key: string, http: number, code: number = Code.unauthorized) =>
  new ApiError(code, key, {}, null, http);

/** Records the call in its owner's audit log once it is answered (services/apiAudit.ts); a token
 * refusal records its message key as the reason. */
function audit(ctx: Ctx, userId: string, tokenId: string): { reason: string } {
  const why = { reason: "" };
  ctx.res.once("finish", () => {
    const code = answeredCodes.get(ctx.res) ?? ctx.res.statusCode;
    recordCall(ctx.db, {
      userId,
      tokenId,
      method: String(ctx.req.method),
      route: ctx.path,
      status: ctx.res.statusCode,
      code,
      reason: why.reason,
    }).catch((e: Error) => ctx.config.log(`[inkless] audit log: ${e.message}`));
  });
  return why;
}

/** The caller of a print API request holding `scope`, else the error to answer. */
export async function apiCaller(ctx: Ctx, scope: ApiScope): Promise<ApiCaller> {
  const header = String(ctx.req.headers.authorization ?? "");
  const m = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  if (!m) throw refused("server.apiToken.missing", 401);
  const ipKey = `apitoken:ip:${ctx.ip}`;
  if (await isBlocked(ctx.db, ipKey)) throw refused("server.error.tooFrequent", 429, Code.failed);
  const found = await findToken(ctx.db, m[1]);
  if ("refused" in found) {
    await takeAttempt(ctx.db, ipKey, TOKEN_TRIES_PER_IP);
    const key = `server.apiToken.${found.refused}`;
    // a revoked or expired token (its secret right): its owner sees the refused call
    if ("row" in found) audit(ctx, found.row.user_id, found.row.id).reason = key;
    throw refused(key, 401);
  }
  const row = found.row;
  const why = audit(ctx, row.user_id, row.id);
  if (!scopesOf(row).includes(scope)) {
    why.reason = "server.apiToken.scope";
    throw refused(why.reason, 403, Code.forbidden);
  }
  if (!(await takeAttempt(ctx.db, `apitoken:use:${row.id}`, CALLS_PER_TOKEN))) {
    why.reason = "server.error.tooFrequent";
    throw refused(why.reason, 429, Code.failed);
  }
  await markUsed(ctx.db, row.id);
  return { userId: row.user_id, tokenId: row.id };
}

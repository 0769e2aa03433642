// Who calls the print API: the personal access token in `Authorization: Bearer ink_…`
// (services/apiTokens.ts). Defences (docs/security.md "Print API tokens"): a refused token counts a
// failure for the client address; after 10 within a minute every token from that address is refused
// for a minute, checked before the lookup (guessing a 256-bit secret is hopeless anyway; this cuts a
// flood short). Only failures count, so many parallel calls with a good token never block their
// own address. Each token may make 120 calls a minute. A token lacking the scope
// of the call is refused (HTTP 403) before anything is done.

import type { ApiScope } from "../../model/apiTokens";
import type { Ctx } from "../http/context";
import { ApiError, Code } from "../http/envelope";
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
    throw refused(`server.apiToken.${found.refused}`, 401);
  }
  const row = found.row;
  if (!scopesOf(row).includes(scope)) throw refused("server.apiToken.scope", 403, Code.forbidden);
  if (!(await takeAttempt(ctx.db, `apitoken:use:${row.id}`, CALLS_PER_TOKEN)))
    throw refused("server.error.tooFrequent", 429, Code.failed);
  await markUsed(ctx.db, row.id);
  return { userId: row.user_id, tokenId: row.id };
}

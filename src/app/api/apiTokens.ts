// The personal centre's API tokens (docs/api.md "Print API"): list, create (the secret is answered
// this once), revoke.
import { type ApiScope, isApiScope } from "../../model/apiTokens";
import { interfaceApi } from "./client";
import { asNumber, asText } from "./read";

export interface ApiToken {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly ApiScope[];
  readonly created: string;
  readonly expires: string;
  /** "" when never used */
  readonly lastUsed: string;
  readonly expired: boolean;
}

export function toApiToken(raw: unknown): ApiToken | null {
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : null;
  if (!o || !asText(o.id)) return null;
  return {
    id: asText(o.id),
    name: asText(o.name),
    scopes: Array.isArray(o.scopes) ? o.scopes.filter(isApiScope) : [],
    created: asText(o.add_time),
    expires: asText(o.expire_time),
    lastUsed: asText(o.last_used_time),
    expired: asNumber(o.expired) === 1,
  };
}

export async function listApiTokens(): Promise<ApiToken[]> {
  const d = await interfaceApi.post<unknown>("/api/token/list", {}, { loading: false });
  return (Array.isArray(d) ? d : []).map(toApiToken).filter((t): t is ApiToken => t !== null);
}

/** A new token and its secret (shown once: the server keeps only its hash). */
export async function createApiToken(
  name: string,
  scopes: readonly ApiScope[],
  days: number,
): Promise<{ token: ApiToken; secret: string }> {
  const d = await interfaceApi.post<Record<string, unknown>>("/api/token/create", { name, scopes, days });
  const token = toApiToken(d);
  if (!token || !asText(d?.token)) throw new Error("bad answer");
  return { token, secret: asText(d.token) };
}

export async function revokeApiToken(id: string): Promise<void> {
  await interfaceApi.post("/api/token/revoke", { id });
}

/** One call made with a token (the audit log). */
export interface ApiCall {
  readonly id: string;
  readonly token: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly code: number;
  /** why the token was refused (translated), "" otherwise */
  readonly reason: string;
  readonly time: string;
}

/** The audit log's filter, as the server reads it ("" for any). */
export interface ApiCallFilter {
  readonly token: string;
  readonly status: "" | "ok" | "refused";
  /** days, yyyy-MM-dd (UTC), both included */
  readonly from: string;
  readonly to: string;
  readonly path: string;
}

export const NO_CALL_FILTER: ApiCallFilter = { token: "", status: "", from: "", to: "", path: "" };
export const API_CALLS_PAGE = 20;

/** A page of the calls made with the user's tokens that pass the filter, newest first, and how
 * many pass it. */
export async function listApiCalls(
  filter: ApiCallFilter = NO_CALL_FILTER,
  page = 1,
): Promise<{ calls: ApiCall[]; count: number }> {
  // a paged list: the client resolves with { list, count }
  const d = await interfaceApi.post<{ list?: unknown; count?: unknown }>(
    "/api/token/audit",
    { ...filter, page, size: API_CALLS_PAGE },
    { loading: false },
  );
  const list = Array.isArray(d?.list) ? d.list : [];
  const calls = list
    .map((raw): ApiCall | null => {
      const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : null;
      if (!o || !asText(o.id)) return null;
      return {
        id: asText(o.id),
        token: asText(o.token_name) || asText(o.token_id),
        method: asText(o.method),
        route: asText(o.route),
        status: asNumber(o.status),
        code: asNumber(o.code),
        reason: asText(o.reason),
        time: asText(o.time),
      };
    })
    .filter((c): c is ApiCall => c !== null);
  return { calls, count: asNumber(d?.count) };
}

/** The tokens the audit log names (revoked ones included): the token filter's choices. */
export async function listAuditTokens(): Promise<{ id: string; name: string; revoked: boolean }[]> {
  const d = await interfaceApi.post<unknown>("/api/token/auditTokens", {}, { loading: false });
  return (Array.isArray(d) ? d : [])
    .map((raw) => {
      const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
      return { id: asText(o.id), name: asText(o.name) || asText(o.id), revoked: asNumber(o.revoked) === 1 };
    })
    .filter((t) => t.id !== "");
}

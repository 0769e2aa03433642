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
  readonly time: string;
}

/** The latest calls made with the user's tokens, newest first. */
export async function listApiCalls(): Promise<ApiCall[]> {
  // a paged list: the client resolves with { list, count }
  const d = await interfaceApi.post<{ list?: unknown }>("/api/token/audit", { size: 50 }, { loading: false });
  const list = Array.isArray(d?.list) ? d.list : Array.isArray(d) ? (d as unknown[]) : [];
  return list
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
        time: asText(o.time),
      };
    })
    .filter((c): c is ApiCall => c !== null);
}

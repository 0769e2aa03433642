// The API as other software calls it with a token (docs/api.md "Print API"): paths below
// /interface, answers as the tests read them. Nothing here starts a server, so the e2e specs use it too.
import type { Client, Reply } from "../../server/helpers";

export interface ApiCallOptions {
  /** another token than the caller's own */
  readonly token?: string;
  /** more headers: Idempotency-Key, language, X-Inkless-Space */
  readonly headers?: Record<string, string>;
  /** another server's base URL (the same data, restarted) */
  readonly base?: string;
}

/** A call with a token: GET without a body, else a POST of it as JSON (a string is sent as it is). */
export type ApiCall = (path: string, body?: unknown, opts?: ApiCallOptions) => Promise<Reply>;

/** Calls `base`'s API paths (below /interface) with `token`, as other software does. */
export function tokenApi(base: string, token: string): ApiCall {
  return async (path, body, opts = {}) => {
    const r = await fetch(`${opts.base ?? base}/interface${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${opts.token ?? token}`,
        "content-type": "application/json",
        ...opts.headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: r.status, headers: r.headers, body: await r.json() };
  };
}

/** A new API token of the signed-in user's, allowed to print (or `scopes`), valid 7 days: its secret. */
export async function createToken(client: Client, name = "ERP", scopes = ["print"]): Promise<string> {
  const r = await client.call("/api/token/create", { name, scopes, days: 7 });
  if (r.body.code !== 200) throw new Error(`token/create: ${JSON.stringify(r.body)}`);
  return r.body.data.token;
}

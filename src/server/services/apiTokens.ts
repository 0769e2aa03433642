// Personal access tokens for the print API (issue 39; docs/api.md "Print API"). A token reads
// `ink_<id>_<secret>`: the id finds the row, the secret is checked against its SHA-256 in constant
// time. The secret is answered once, at creation; only its hash is kept. Each token has scopes and
// an expiry; a revoked or expired token is refused.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type ApiScope, isApiScope } from "../../model/apiTokens";
import type { Queryable } from "../db";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { hashSecret } from "./deviceLink";

/** Live (not revoked) tokens a user may hold. */
export const MAX_TOKENS = 20;

const PREFIX = "ink_";
const ID_BYTES = 8;
const SECRET_BYTES = 32;

export interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  secret_hash: string;
  scopes: string;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
  revoked_at: Date | null;
}

export const scopesOf = (row: Pick<TokenRow, "scopes">): ApiScope[] =>
  row.scopes.split(",").filter(isApiScope);
export const isExpired = (row: Pick<TokenRow, "expires_at">, now = Date.now()) =>
  row.expires_at !== null && new Date(row.expires_at).getTime() <= now;

/** Splits `ink_<id>_<secret>`; null for anything else. */
export function parseToken(raw: string): { id: string; secret: string } | null {
  const m = /^ink_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/.exec(raw);
  return m ? { id: m[1], secret: m[2] } : null;
}

/** A new token for the user; `token` (the whole secret) is answered this once. */
export async function createToken(
  q: Queryable,
  userId: string,
  name: string,
  scopes: readonly ApiScope[],
  days: number,
): Promise<{ row: TokenRow; token: string }> {
  const [{ n }] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL",
    [userId],
  );
  if (n >= MAX_TOKENS) throw new ApiError(Code.failed, "server.apiToken.tooMany", { max: MAX_TOKENS });
  const id = randomBytes(ID_BYTES).toString("hex");
  const secret = randomBytes(SECRET_BYTES).toString("base64url");
  const rows = await q.query<TokenRow>(
    `INSERT INTO api_tokens (id, user_id, name, secret_hash, scopes, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6::int * interval '1 day') RETURNING *`,
    [id, userId, name, hashSecret(secret), scopes.join(","), days],
  );
  return { row: rows[0], token: `${PREFIX}${id}_${secret}` };
}

/** The user's tokens that are not revoked (expired ones stay listed), newest first. */
export function userTokens(q: Queryable, userId: string): Promise<TokenRow[]> {
  return q.query<TokenRow>(
    "SELECT * FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id",
    [userId],
  );
}

/** Revokes one of the user's tokens at once (else "not found": another user's id reads the same). */
export async function revokeToken(q: Queryable, userId: string, id: string): Promise<void> {
  const rows = await q.query(
    "UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
    [id, userId],
  );
  if (!rows.length) throw itemNotFound();
}

/** The live row whose secret is `raw`'s, or why not: "invalid" (no such token or a wrong
 * secret: the two read the same), "revoked", "expired" (with the row: the secret is right). The
 * hashes are compared in constant time. */
export async function findToken(
  q: Queryable,
  raw: string,
): Promise<{ row: TokenRow } | { refused: "invalid" } | { refused: "revoked" | "expired"; row: TokenRow }> {
  const parsed = parseToken(raw);
  const rows = parsed ? await q.query<TokenRow>("SELECT * FROM api_tokens WHERE id = $1", [parsed.id]) : [];
  // without a row the secret is still hashed and compared (against itself), so a wrong id and a
  // wrong secret take the same path
  const row = rows[0];
  const given = Buffer.from(hashSecret(parsed?.secret ?? raw), "hex");
  const kept = Buffer.from(row?.secret_hash ?? hashSecret(parsed?.secret ?? raw), "hex");
  const same = given.length === kept.length && timingSafeEqual(given, kept);
  if (!row || !same) return { refused: "invalid" };
  // the secret is right: its owner is known (the call goes to their audit log, refused)
  if (row.revoked_at) return { refused: "revoked", row };
  if (isExpired(row)) return { refused: "expired", row };
  return { row };
}

export async function markUsed(q: Queryable, id: string): Promise<void> {
  await q.query("UPDATE api_tokens SET last_used_at = now() WHERE id = $1", [id]);
}

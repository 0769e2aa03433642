// Upload tokens (spec call 15): a token lets the upload endpoints store files under its user's
// prefix for an hour, and dies with the session that asked for it (logout, password change, expiry).
// Routes: src/server/routes/files.ts.
import { randomBytes } from "node:crypto";
import { hashToken } from "../auth/sessions";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";

const TOKEN_TTL = "1 hour";

/** A new token for the user's session (`sessionHash`); the user's expired tokens are dropped. */
export async function newUploadToken(
  q: Queryable,
  userId: string,
  bucket: string,
  sessionHash: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await q.query("DELETE FROM upload_tokens WHERE user_id = $1 AND expires_at < now()", [userId]);
  await q.query(
    `INSERT INTO upload_tokens (token_hash, user_id, bucket, expires_at, session_hash)
     VALUES ($1, $2, $3, now() + interval '${TOKEN_TTL}', $4)`,
    [hashToken(token), userId, bucket, sessionHash],
  );
  return token;
}

/** The user an upload token belongs to; code 401 when it is unknown or expired, or its session is. */
export async function uploadTokenUser(q: Queryable, token: string): Promise<string> {
  if (token.length < 20 || token.length > 100)
    throw new ApiError(Code.unauthorized, "server.error.uploadToken");
  const rows = await q.query<{ user_id: string }>(
    `SELECT t.user_id FROM upload_tokens t JOIN sessions s ON s.token_hash = t.session_hash
      WHERE t.token_hash = $1 AND t.expires_at > now() AND s.expires_at > now()`,
    [hashToken(token)],
  );
  if (!rows[0]) throw new ApiError(Code.unauthorized, "server.error.uploadToken");
  return rows[0].user_id;
}

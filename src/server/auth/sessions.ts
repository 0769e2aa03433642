// Server-side sessions: the cookie holds a random token, the table holds its SHA-256 and the expiry.
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db";

export interface SessionUser {
  id: string;
  account: string;
  nickname: string;
  head_pic: string;
  is_member: boolean;
  member_expire: Date | null;
  tokenHash: string;
  expiresAt: Date;
}

/** Renew at most once a minute: every successful response still leaves ≥ 23 h 59 min of validity. */
const RENEW_SLACK_MS = 60_000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function createSession(db: Queryable, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '24 hours')",
    [hashToken(token), userId],
  );
  return token;
}

export async function findSession(db: Queryable, token: string): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 100) return null;
  const rows = await db.query<Omit<SessionUser, "tokenHash" | "expiresAt"> & { expires_at: Date }>(
    `SELECT u.id, u.account, u.nickname, u.head_pic, u.is_member, u.member_expire, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  const r = rows[0];
  if (!r) return null;
  return { ...r, tokenHash: hashToken(token), expiresAt: new Date(r.expires_at) };
}

/** Moves the expiry to 24 h from now (skipped when it was renewed within the last minute). */
export async function renewSession(db: Queryable, s: SessionUser): Promise<void> {
  if (s.expiresAt.getTime() - Date.now() > SESSION_TTL_MS - RENEW_SLACK_MS) return;
  await db.query("UPDATE sessions SET expires_at = now() + interval '24 hours' WHERE token_hash = $1", [
    s.tokenHash,
  ]);
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
}

export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

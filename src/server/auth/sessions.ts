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
  const tokenHash = hashToken(token);
  const rows = await db.query<Omit<SessionUser, "tokenHash" | "expiresAt"> & { expires_at: Date }>(
    `SELECT u.id, u.account, u.nickname, u.head_pic, u.is_member, u.member_expire, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  const r = rows[0];
  if (!r) return null;
  const { expires_at, ...user } = r;
  return { ...user, tokenHash, expiresAt: new Date(expires_at) };
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

/** The notification channel on which API processes tell each other which cached sessions to drop. */
export const SESSION_CHANNEL = "inkless_sessions";

/**
 * A short-lived in-process cache of session lookups (token hash → user), so a burst of calls costs
 * one database round trip instead of two. Entries live `ttlMs` (default 2 s) and never past the
 * session's own expiry; logout, password changes and profile edits drop them at once in this process
 * and, through `tell` (a database notification, see SESSION_CHANNEL), in every other API process;
 * a notification that is lost (a broken connection) leaves that process at most `ttlMs` late.
 * Lookups of one token under way at once are one query (`load`): when an entry expires under load,
 * every connection of that session misses at the same moment (32 misses, 32 queries, before).
 */
export class SessionCache {
  private readonly entries = new Map<string, { s: SessionUser; at: number }>();
  /** lookups under way (token hash → answer); emptied by every drop, so none answers a dropped session */
  private readonly pending = new Map<string, Promise<SessionUser | null>>();
  /** counts the drops: a lookup that a drop overtook answers its caller, but is not kept */
  private drops = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    /** the clock (tests pass their own) */
    private readonly clock: () => number = Date.now,
    /** tells the other processes what to drop (`heard` there); none: this process only */
    private readonly tell: (message: string) => void = () => {},
  ) {}

  get(tokenHash: string): SessionUser | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    const now = this.clock();
    if (now - e.at > this.ttlMs || e.s.expiresAt.getTime() <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e.s;
  }

  set(s: SessionUser): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(s.tokenHash, { s, at: this.clock() });
  }

  /** The session of `tokenHash`: cached, or the lookup under way for it, or a new `find`. */
  load(tokenHash: string, find: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    const hit = this.get(tokenHash);
    if (hit) return Promise.resolve(hit);
    if (this.ttlMs <= 0) return find(); // no cache asked for: nothing shared either
    const under = this.pending.get(tokenHash);
    if (under) return under;
    const drops = this.drops;
    const p = find().then(
      (s) => {
        if (this.pending.get(tokenHash) === p) this.pending.delete(tokenHash);
        if (s && drops === this.drops) this.set(s);
        return s;
      },
      (e) => {
        if (this.pending.get(tokenHash) === p) this.pending.delete(tokenHash);
        throw e;
      },
    );
    this.pending.set(tokenHash, p);
    return p;
  }

  delete(tokenHash: string): void {
    this.dropped();
    this.entries.delete(tokenHash);
    this.tell(`t:${tokenHash}`);
  }

  deleteUser(userId: string): void {
    this.dropUser(userId);
    this.tell(`u:${userId}`);
  }

  /** What another process told (see `tell`): drops the session or the user's sessions here. */
  heard(message: string): void {
    this.dropped();
    if (message.startsWith("t:")) this.entries.delete(message.slice(2));
    else if (message.startsWith("u:")) this.dropUser(message.slice(2));
  }

  private dropUser(userId: string): void {
    this.dropped();
    for (const [k, e] of this.entries) if (e.s.id === userId) this.entries.delete(k);
  }

  clear(): void {
    this.dropped();
    this.entries.clear();
  }

  private dropped(): void {
    this.drops++;
    this.pending.clear();
  }
}

/** Session lookup through the cache. */
export async function lookupSession(
  db: Queryable,
  cache: SessionCache,
  token: string,
): Promise<SessionUser | null> {
  return cache.load(hashToken(token), () => findSession(db, token));
}

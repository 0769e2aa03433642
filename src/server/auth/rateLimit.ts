// Attempt limiter in the database (so several API processes share it). An attempt is counted
// *before* the work it guards (a password check, a bind, a registration) in one atomic statement,
// so parallel requests cannot all slip through before the first failure is recorded: more than
// `max` attempts within a minute block the key for 1 minute ("request too frequent, retry after
// 1 minute"). A success clears the key (or gives its attempt back: refundAttempt).
import type { Queryable } from "../db";

export const MAX_FAILURES = 5;

/** Counts one attempt on `key`; false when the key is blocked (the caller must not go on). */
export async function takeAttempt(db: Queryable, key: string, max = MAX_FAILURES): Promise<boolean> {
  // a window older than a minute, or a block that has run out, starts counting again
  const restart = `(rate_limits.window_start < now() - interval '1 minute'
    OR (rate_limits.blocked_until IS NOT NULL AND rate_limits.blocked_until <= now()))`;
  const rows = await db.query<{ blocked: boolean }>(
    `INSERT INTO rate_limits (key, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN ${restart} THEN 1 ELSE rate_limits.failures + 1 END,
       window_start = CASE WHEN ${restart} THEN now() ELSE rate_limits.window_start END,
       blocked_until = CASE
         WHEN ${restart} THEN NULL
         WHEN rate_limits.blocked_until > now() THEN rate_limits.blocked_until
         WHEN rate_limits.failures + 1 > $2 THEN now() + interval '1 minute'
         ELSE NULL END
     RETURNING COALESCE(blocked_until > now(), false) AS blocked`,
    [key, max],
  );
  return !rows[0]?.blocked;
}

/** Gives back one attempt (a success that must not clear the whole key, e.g. a per-IP count). */
export async function refundAttempt(db: Queryable, key: string): Promise<void> {
  await db.query("UPDATE rate_limits SET failures = GREATEST(failures - 1, 0) WHERE key = $1", [key]);
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
}

/** True while `key` is blocked (for a limiter that counts failures only, after they happen). */
export async function isBlocked(db: Queryable, key: string): Promise<boolean> {
  const rows = await db.query<{ blocked: boolean }>(
    "SELECT COALESCE(blocked_until > now(), false) AS blocked FROM rate_limits WHERE key = $1",
    [key],
  );
  return rows[0]?.blocked === true;
}

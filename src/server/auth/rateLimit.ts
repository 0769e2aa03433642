// Failed-attempt limiter in the database (so several API processes share it): 5 failures within a
// minute block the key for 1 minute ("request too frequent, retry after 1 minute").
import type { Queryable } from "../db";

export const MAX_FAILURES = 5;

export async function isBlocked(db: Queryable, key: string): Promise<boolean> {
  const r = await db.query("SELECT 1 FROM rate_limits WHERE key = $1 AND blocked_until > now()", [key]);
  return r.length > 0;
}

export async function recordFailure(db: Queryable, key: string): Promise<void> {
  const rows = await db.query<{ failures: number }>(
    `INSERT INTO rate_limits (key, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN rate_limits.window_start < now() - interval '1 minute' THEN 1 ELSE rate_limits.failures + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - interval '1 minute' THEN now() ELSE rate_limits.window_start END
     RETURNING failures`,
    [key],
  );
  if ((rows[0]?.failures ?? 0) >= MAX_FAILURES) {
    await db.query(
      "UPDATE rate_limits SET blocked_until = now() + interval '1 minute', failures = 0, window_start = now() WHERE key = $1",
      [key],
    );
  }
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
}

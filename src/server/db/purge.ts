// Rows that anyone can create without an account (verification codes, sessions, attempt counters,
// upload tokens) are deleted once they are of no use, on a schedule (docs/security.md), so
// unauthenticated requests cannot grow the database without end.
import { type JobOutcome, scheduleJob } from "./jobs";
import type { Queryable } from "./types";

const PURGES: readonly [table: string, where: string][] = [
  ["sessions", "expires_at < now()"],
  ["verification_codes", "expires_at < now()"],
  ["upload_tokens", "expires_at < now()"],
  ["oidc_flows", "expires_at < now()"],
  // picture-to-label counts of past days (only today's is ever read)
  ["ai_trials", "day < current_date - 1"],
  // print API idempotency keys are kept a day (services/apiIdempotency.ts)
  ["api_idempotency", "created_at < now() - interval '24 hours'"],
  // a window over a minute old and no running block: the counter would restart anyway
  [
    "rate_limits",
    "window_start < now() - interval '1 minute' AND (blocked_until IS NULL OR blocked_until < now())",
  ],
];

/** Deletes the expired rows; returns how many per table. */
export async function purgeExpired(db: Queryable): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, where] of PURGES) {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    );
    out[table] = rows[0]?.n ?? 0;
  }
  return out;
}

/** Runs purgeExpired (then `more`, e.g. the data-recovery purge) now and every `everyMs`, once per
 * period for all the processes on the database (db/jobs.ts), telling `ran` how each tick ended. */
export function schedulePurge(
  db: Queryable,
  everyMs: number,
  log: (line: string) => void,
  more: () => Promise<unknown> = async () => {},
  ran: (outcome: JobOutcome) => void = () => {},
): { stop(): Promise<void> } {
  return scheduleJob(
    db,
    "purge",
    everyMs,
    async () => {
      await purgeExpired(db);
      await more();
    },
    log,
    ran,
  );
}

// Daily picture-to-label trials (application.md §3 "Daily trial count", §6, calls 25–26): counted by
// the server per user and UTC day; the allowance depends on membership and comes from the config.
import type { ServerConfig } from "../config";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import { isMember, type MemberFields } from "./membership";

export interface DayCount {
  /** trials left today at the free level and at the member level */
  not_member: number;
  Member: number;
  /** the user's own daily total */
  how_many: number;
}

type Allowance = Pick<ServerConfig, "aiTrials" | "aiTrialsMember">;

async function usedToday(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ used: number }>(
    "SELECT used FROM ai_trials WHERE user_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date",
    [userId],
  );
  return rows[0]?.used ?? 0;
}

/** Call 25: what is left today; the client reads the field of the user's level. */
export async function dayCount(
  db: Queryable,
  c: Allowance,
  u: MemberFields & { id: string },
): Promise<DayCount> {
  const used = await usedToday(db, u.id);
  return {
    not_member: Math.max(0, c.aiTrials - used),
    Member: Math.max(0, c.aiTrialsMember - used),
    how_many: isMember(u) ? c.aiTrialsMember : c.aiTrials,
  };
}

/** Code 209 with the spec's used-up message when nothing is left today. */
export async function requireTrial(
  db: Queryable,
  c: Allowance,
  u: MemberFields & { id: string },
): Promise<void> {
  const left = await dayCount(db, c, u);
  if ((isMember(u) ? left.Member : left.not_member) <= 0) throw new ApiError(Code.failed, "ai.error.usedUp");
}

/**
 * Counts one generation, atomically and only within the allowance (two requests at once cannot both
 * take the last trial); false when the allowance was already used up.
 */
export async function takeTrial(
  db: Queryable,
  c: Allowance,
  u: MemberFields & { id: string },
): Promise<boolean> {
  const total = isMember(u) ? c.aiTrialsMember : c.aiTrials;
  if (total <= 0) return false;
  const rows = await db.query(
    `INSERT INTO ai_trials (user_id, day, used) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (user_id, day) DO UPDATE SET used = ai_trials.used + 1 WHERE ai_trials.used < $2
     RETURNING used`,
    [u.id, total],
  );
  return rows.length > 0;
}

// Per-user caps on rows a signed-in user can make in a loop (issue 33: 500 print records of 20 KB in
// 7.6 s, 300 shares in 3.4 s): so many a minute (the shared attempt counter) and so many kept in
// all. A refusal is a translated message; the counts are the user's own rows only.
import { takeAttempt } from "../auth/rateLimit";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";

export interface UserCap {
  /** rate_limits key prefix */
  readonly name: string;
  readonly perMinute: number;
  readonly total: number;
  /** SQL counting the user's ($1) kept rows */
  readonly countSql: string;
  /** message key when the total is reached ({{max}}) */
  readonly fullKey: string;
}

/** Print records: a busy shop prints a job every few seconds; 60 a minute, 20,000 kept. */
export const PRINT_RECORD_CAP: UserCap = {
  name: "print-record",
  perMinute: 60,
  total: 20_000,
  countSql: "SELECT count(*)::int AS n FROM print_history WHERE user_id = $1",
  fullKey: "server.printRecord.full",
};

/** Shares: 20 a minute; 500 working (not revoked, not expired) at once. */
export const SHARE_CAP: UserCap = {
  name: "share-create",
  perMinute: 20,
  total: 500,
  countSql:
    "SELECT count(*)::int AS n FROM shares WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()",
  fullKey: "server.share.full",
};

/** Throws the translated refusal when the user is over the cap's minute rate or total. */
export async function checkUserCap(q: Queryable, userId: string, cap: UserCap): Promise<void> {
  const [{ n }] = await q.query<{ n: number }>(cap.countSql, [userId]);
  if (n >= cap.total) throw new ApiError(Code.failed, cap.fullKey, { max: cap.total });
  if (!(await takeAttempt(q, `${cap.name}:${userId}`, cap.perMinute)))
    throw new ApiError(Code.failed, "server.error.tooFrequent");
}

// Named counters kept by the server (issue 38, "counters that never repeat"): one definition of
// their settings, limits and number shape for the server (services/counters.ts), the routes and the
// label's counter data source.

/** never: counts on forever; daily/monthly/yearly: back to `start` when the server's date enters a
 * new day, month or year. */
export const RESET_RULES = ["never", "daily", "monthly", "yearly"] as const;
export type ResetRule = (typeof RESET_RULES)[number];
export const isResetRule = (v: unknown): v is ResetRule => (RESET_RULES as readonly unknown[]).includes(v);

export const COUNTER_NAME_MAX = 50;
export const COUNTER_PREFIX_MAX = 20;
/** Counters one user may keep. */
export const MAX_COUNTERS = 50;
/** The most numbers one job may reserve (labels × copies). */
export const MAX_RESERVE = 100_000;
export const MAX_START = 2_000_000_000;
export const MAX_STEP = 1_000_000;
export const MAX_WIDTH = 18;
/** Numbers stay exact in a JavaScript number: a counter past this is used up, never wrapped. */
export const MAX_VALUE = Number.MAX_SAFE_INTEGER;

export interface CounterSettings {
  name: string;
  start: number;
  step: number;
  /** Zero-padded to at least this many digits (0: no padding). */
  width: number;
  prefix: string;
  reset: ResetRule;
}

/** A number as printed: prefix, then the value zero-padded to `width` digits. */
export const formatCounter = (value: number, width: number, prefix: string): string =>
  prefix + String(value).padStart(width, "0");

const two = (n: number) => String(n).padStart(2, "0");

/** The period a date falls in under a reset rule, by the date of the clock's own time zone (the
 * server's): "" for never, "2026-12-06" daily, "2026-12" monthly, "2026" yearly. A counter whose
 * stored period differs from now's starts again at `start`. */
export function periodOf(rule: ResetRule, now: Date): string {
  const y = String(now.getFullYear());
  if (rule === "yearly") return y;
  if (rule === "monthly") return `${y}-${two(now.getMonth() + 1)}`;
  if (rule === "daily") return `${y}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return "";
}

// Named counters that never repeat (issue 38; docs/data-sources.md "Counters"). A print job reserves
// all its numbers at once: one transaction takes the counter's row lock (SELECT … FOR UPDATE), moves
// next_value past the job's numbers and records the reservation, so two processes or machines on one
// PostgreSQL never get the same number, and a process killed mid-job leaves its reservation behind:
// its numbers are never given again. Settling a reservation records how many were printed; a
// cancelled or failed job's unused numbers stay recorded as void.
import { randomBytes } from "node:crypto";
import { type CounterSettings, formatCounter, MAX_COUNTERS, MAX_VALUE, periodOf } from "../../model/counters";
import type { Db, Queryable } from "../db";
import { ApiError, Code, itemNotFound } from "../http/envelope";

/** A counter as stored: its settings (model/counters.ts), its id and where it stands. */
export interface CounterRow extends CounterSettings {
  id: string;
  /** The next number of `period` (a new period starts again at `start`). */
  next: number;
  period: string;
  created_at: Date;
}

export type ReservationState = "reserved" | "used" | "void";

export interface Reservation {
  id: string;
  counter_id: string;
  job_id: string;
  first: number;
  step: number;
  count: number;
  width: number;
  prefix: string;
  period: string;
  state: ReservationState;
  /** Settled: how many of the first numbers were printed (the rest of a void one never are). */
  printed: number | null;
  created_at: Date;
}

// bigint columns read as text (node-postgres and PGlite differ on int8), then as exact numbers
const COUNTER_COLUMNS = `id, name, start::text AS start, step, width, prefix, reset_rule AS reset,
  next_value::text AS next, period, created_at`;
const RESERVATION_COLUMNS = `id, counter_id, job_id, first_value::text AS first, step, count, width,
  prefix, period, state, printed, created_at`;

const counterOf = (r: CounterRow): CounterRow => ({ ...r, start: Number(r.start), next: Number(r.next) });
const reservationOf = (r: Reservation): Reservation => ({ ...r, first: Number(r.first) });

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "23505";

/** The next number a counter gives now (its start when `now` is in a new period). */
export const nextAt = (c: CounterRow, now: Date): number =>
  c.period === periodOf(c.reset, now) ? c.next : c.start;

/** The numbers a reservation holds, as printed. */
export function reservedNumbers(r: Reservation): string[] {
  return Array.from({ length: r.count }, (_, i) => formatCounter(r.first + i * r.step, r.width, r.prefix));
}

/** The next `n` numbers of a counter without reserving them (previews): another job may take them. */
export function previewNumbers(c: CounterRow, n: number, now = new Date()): string[] {
  const first = nextAt(c, now);
  return Array.from({ length: n }, (_, i) => formatCounter(first + i * c.step, c.width, c.prefix));
}

export async function userCounters(q: Queryable, userId: string): Promise<CounterRow[]> {
  const rows = await q.query<CounterRow>(
    `SELECT ${COUNTER_COLUMNS} FROM counters WHERE user_id = $1 ORDER BY name, id`,
    [userId],
  );
  return rows.map(counterOf);
}

export async function findCounter(q: Queryable, userId: string, id: string): Promise<CounterRow> {
  const [row] = await q.query<CounterRow>(
    `SELECT ${COUNTER_COLUMNS} FROM counters WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!row) throw itemNotFound();
  return counterOf(row);
}

/** A new counter (at most MAX_COUNTERS a user; names unique per user). */
export async function createCounter(q: Queryable, userId: string, s: CounterSettings): Promise<CounterRow> {
  const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM counters WHERE user_id = $1", [
    userId,
  ]);
  if (n >= MAX_COUNTERS) throw fail("server.counter.tooMany", { max: MAX_COUNTERS });
  try {
    const [row] = await q.query<CounterRow>(
      `INSERT INTO counters (id, user_id, name, start, step, width, prefix, reset_rule, next_value)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4) RETURNING ${COUNTER_COLUMNS}`,
      [randomBytes(8).toString("hex"), userId, s.name, s.start, s.step, s.width, s.prefix, s.reset],
    );
    return counterOf(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail("server.counter.nameTaken", { name: s.name });
    throw e;
  }
}

/** Changes a counter's settings. The next number never goes back within a period (a higher start
 * moves it forward; a lower one takes effect at the next reset), and a new reset rule carries on
 * from the next number (the current period is now's under the new rule), so an edit cannot make a
 * number come back. */
export async function updateCounter(
  q: Queryable,
  userId: string,
  id: string,
  s: CounterSettings,
  now = new Date(),
): Promise<CounterRow> {
  try {
    // in SET, reset_rule and period are still the old row's
    const [row] = await q.query<CounterRow>(
      `UPDATE counters SET name = $3, start = $4, step = $5, width = $6, prefix = $7, reset_rule = $8,
         next_value = GREATEST(next_value, $4),
         period = CASE WHEN reset_rule = $8 THEN period ELSE $9 END
       WHERE id = $1 AND user_id = $2 RETURNING ${COUNTER_COLUMNS}`,
      [id, userId, s.name, s.start, s.step, s.width, s.prefix, s.reset, periodOf(s.reset, now)],
    );
    if (!row) throw itemNotFound();
    return counterOf(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail("server.counter.nameTaken", { name: s.name });
    throw e;
  }
}

/** Deletes a counter and its reservation history. */
export async function deleteCounter(q: Queryable, userId: string, id: string): Promise<void> {
  const rows = await q.query("DELETE FROM counters WHERE id = $1 AND user_id = $2 RETURNING id", [
    id,
    userId,
  ]);
  if (!rows.length) throw itemNotFound();
}

/**
 * Reserves `count` consecutive numbers of a counter for one job, atomically (see the file's comment).
 * The same job id asking again for the same count gets the same reservation (a retried request never
 * takes more numbers); another count is refused.
 */
export async function reserveNumbers(
  db: Db,
  userId: string,
  counterId: string,
  jobId: string,
  count: number,
  now = new Date(),
): Promise<Reservation> {
  return db.tx(async (q) => {
    const [c] = await q.query<CounterRow>(
      `SELECT ${COUNTER_COLUMNS} FROM counters WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [counterId, userId],
    );
    if (!c) throw itemNotFound();
    const counter = counterOf(c);
    const [had] = await q.query<Reservation>(
      `SELECT ${RESERVATION_COLUMNS} FROM counter_reservations WHERE counter_id = $1 AND job_id = $2`,
      [counterId, jobId],
    );
    if (had) {
      if (had.count !== count) throw fail("server.counter.jobReserved", { count: had.count });
      return reservationOf(had);
    }
    const period = periodOf(counter.reset, now);
    const first = nextAt(counter, now);
    const next = first + count * counter.step;
    if (next - counter.step > MAX_VALUE) throw fail("server.counter.usedUp", { name: counter.name });
    await q.query("UPDATE counters SET next_value = $2, period = $3 WHERE id = $1", [
      counterId,
      next,
      period,
    ]);
    const [r] = await q.query<Reservation>(
      `INSERT INTO counter_reservations
         (id, counter_id, user_id, job_id, first_value, step, count, width, prefix, period)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${RESERVATION_COLUMNS}`,
      [
        randomBytes(8).toString("hex"),
        counterId,
        userId,
        jobId,
        first,
        counter.step,
        count,
        counter.width,
        counter.prefix,
        period,
      ],
    );
    return reservationOf(r);
  });
}

/**
 * Settles a reservation once: all `count` printed → "used"; fewer (the job was cancelled or failed)
 * → "void": the first `printed` numbers were printed, the others are recorded as never printed and,
 * like every reserved number, are never given again.
 */
export async function settleReservation(
  q: Queryable,
  userId: string,
  id: string,
  printed: number | "all",
): Promise<Reservation> {
  // $3 null: all were printed
  const [r] = await q.query<Reservation>(
    `UPDATE counter_reservations
       SET state = CASE WHEN coalesce($3::int, count) = count THEN 'used' ELSE 'void' END,
         printed = coalesce($3::int, count), settled_at = now()
     WHERE id = $1 AND user_id = $2 AND state = 'reserved' AND coalesce($3::int, count) BETWEEN 0 AND count
     RETURNING ${RESERVATION_COLUMNS}`,
    [id, userId, printed === "all" ? null : printed],
  );
  if (r) return reservationOf(r);
  const [had] = await q.query<Reservation>(
    `SELECT ${RESERVATION_COLUMNS} FROM counter_reservations WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!had) throw itemNotFound();
  if (had.state !== "reserved") throw fail("server.counter.settled");
  throw fail("server.counter.badPrinted", { max: had.count });
}

/**
 * Settles every open reservation of a print job (POST /api/v1/print) when its device reports it:
 * done → "used" (all printed); failed or given up → "void" (none counted as printed: the device does
 * not say how far it got, and a void number is never given again either way). Only the job owner's
 * reservations; the number settled.
 */
export async function settleJobNumbers(q: Queryable, jobId: string, done: boolean): Promise<number> {
  const rows = await q.query(
    `UPDATE counter_reservations SET state = $2, printed = CASE WHEN $2 = 'used' THEN count ELSE 0 END,
         settled_at = now()
     WHERE job_id = $1 AND state = 'reserved'
       AND user_id = (SELECT user_id FROM print_jobs WHERE id = $1)
     RETURNING id`,
    [jobId, done ? "used" : "void"],
  );
  return rows.length;
}

/** A counter's reservations, newest first (the history the counter dialog shows). */
export async function counterReservations(
  q: Queryable,
  userId: string,
  counterId: string,
  limit = 100,
): Promise<Reservation[]> {
  const rows = await q.query<Reservation>(
    `SELECT ${RESERVATION_COLUMNS} FROM counter_reservations WHERE counter_id = $1 AND user_id = $2
     ORDER BY created_at DESC, first_value DESC LIMIT $3`,
    [counterId, userId, limit],
  );
  return rows.map(reservationOf);
}

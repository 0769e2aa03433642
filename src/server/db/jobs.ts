// Scheduled jobs that run once per period for the whole cluster: every process keeps a timer, and
// at each tick the process that claims the job's row in `job_runs` runs it; the others skip it.
import type { Queryable } from "./types";

/** A process claims a job when it last ran at least this share of its period ago (timers drift). */
const CLAIM_SHARE = 0.9;

/**
 * Claims the job `name` for one run when no process ran it within 90 % of `everyMs` (the database's
 * clock, or `at` for tests); answers whether this caller is the one to run it.
 */
export async function claimJob(db: Queryable, name: string, everyMs: number, at?: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO job_runs (name, ran_at) VALUES ($1, COALESCE($3::timestamptz, now()))
       ON CONFLICT (name) DO UPDATE SET ran_at = EXCLUDED.ran_at
       WHERE job_runs.ran_at <= EXCLUDED.ran_at - $2::double precision * interval '1 millisecond'
     RETURNING name`,
    [name, everyMs * CLAIM_SHARE, at ?? null],
  );
  return rows.length > 0;
}

export type JobOutcome = "ok" | "failed" | "skipped";

/**
 * Runs `work` now and every `everyMs`, when this process claims it (claimJob); `ran` hears each
 * tick's outcome ("skipped": another process has it). stop() ends it and waits for a running one.
 */
export function scheduleJob(
  db: Queryable,
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
  log: (line: string) => void,
  ran: (outcome: JobOutcome) => void = () => {},
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(async () => {
        if (!(await claimJob(db, name, everyMs))) return "skipped" as const;
        await work();
        return "ok" as const;
      })
      .then(ran, (e: Error) => {
        ran("failed");
        log(`[inkless] ${name} failed: ${e.message}`);
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

// A print job's counter numbers (docs/data-sources.md "Counters"), for the print API's server-drawn
// jobs and the editor's own prints (/api/counter/job*): every counter the label uses reserves one
// number per label before drawing (copies repeat their label's number). A cloud device's report
// settles them (deviceJobs.ts: used when done, void when failed or given up); a job that never
// reached the queue, or one the editor printed elsewhere, is settled here.
import { usedCounters } from "../../data/counterSource";
import type { LabelDocument } from "../../model/types";
import type { Db } from "../db";
import { reservedNumbers, reserveNumbers } from "./counters";

/** The numbers by counter id, `labels` of each, reserved under the job's id. A counter that fails
 * (deleted, used up) voids what this job already reserved and the error goes to the caller. */
export function reserveJobNumbers(
  db: Db,
  userId: string,
  jobId: string,
  doc: LabelDocument,
  labels: number,
): Promise<Map<string, readonly string[]>> {
  return reserveCounters(
    db,
    userId,
    jobId,
    usedCounters(doc).map((c) => c.id),
    labels,
  );
}

/** The same for counters named by id (the editor's prints: the browser knows the label's counters). */
export async function reserveCounters(
  db: Db,
  userId: string,
  jobId: string,
  counterIds: readonly string[],
  labels: number,
): Promise<Map<string, readonly string[]>> {
  const out = new Map<string, readonly string[]>();
  try {
    for (const id of new Set(counterIds))
      out.set(id, reservedNumbers(await reserveNumbers(db, userId, id, jobId, labels)));
  } catch (err) {
    await voidJobNumbers(db, userId, jobId);
    throw err;
  }
  return out;
}

/** Records a job's open reservations as void: none of their numbers printed. */
export async function voidJobNumbers(db: Db, userId: string, jobId: string): Promise<void> {
  await settleOwnJobNumbers(db, userId, jobId, false);
}

/** Settles the user's open reservations of a job: done → used (all printed), else void (none
 * counted as printed; a void number is never given again either way). The number settled. */
export async function settleOwnJobNumbers(
  db: Db,
  userId: string,
  jobId: string,
  done: boolean,
): Promise<number> {
  const rows = await db.query(
    `UPDATE counter_reservations SET state = $3, printed = CASE WHEN $3 = 'used' THEN count ELSE 0 END,
         settled_at = now()
      WHERE job_id = $1 AND user_id = $2 AND state = 'reserved' RETURNING id`,
    [jobId, userId, done ? "used" : "void"],
  );
  return rows.length;
}

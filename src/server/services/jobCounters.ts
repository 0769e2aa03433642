// A server-drawn print job's counter numbers (POST /api/v1/print; docs/data-sources.md "Counters"):
// every counter the label uses reserves one number per label before drawing (copies repeat their
// label's number). The device's report settles them (deviceJobs.ts: used when done, void when
// failed or given up); a job that never reached the queue voids them here.
import { usedCounters } from "../../data/counterSource";
import type { LabelDocument } from "../../model/types";
import type { Db } from "../db";
import { reservedNumbers, reserveNumbers } from "./counters";

/** The numbers by counter id, `labels` of each, reserved under the job's id. A counter that fails
 * (deleted, used up) voids what this job already reserved and the error goes to the caller. */
export async function reserveJobNumbers(
  db: Db,
  userId: string,
  jobId: string,
  doc: LabelDocument,
  labels: number,
): Promise<Map<string, readonly string[]>> {
  const out = new Map<string, readonly string[]>();
  try {
    for (const c of usedCounters(doc))
      out.set(c.id, reservedNumbers(await reserveNumbers(db, userId, c.id, jobId, labels)));
  } catch (err) {
    await voidJobNumbers(db, userId, jobId);
    throw err;
  }
  return out;
}

/** Records a job's open reservations as void: none of their numbers printed. */
export async function voidJobNumbers(db: Db, userId: string, jobId: string): Promise<void> {
  await db.query(
    `UPDATE counter_reservations SET state = 'void', printed = 0, settled_at = now()
      WHERE job_id = $1 AND user_id = $2 AND state = 'reserved'`,
    [jobId, userId],
  );
}

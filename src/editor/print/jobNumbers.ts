// The counter numbers of one of the editor's own print jobs (docs/data-sources.md "Counters"): before
// any label is drawn, the job reserves one number per chosen record of every counter the label uses,
// on the server under the counter's row lock (/api/counter/jobReserve, the service the print API
// uses), and the labels are drawn with those numbers; the job's end settles them: used when it
// printed, void when it was cancelled or failed. Two prints in a row continue the sequence; a
// reserved number is never given again, printed or not.
import type { ApiClient } from "../../app/api/core";
import { usedCounters } from "../../data/index";
import { newRecordId } from "../../model/ids";
import type { LabelDocument } from "../../model/types";
import type { RecordChoice } from "../../print/plan";

export interface JobNumbers {
  /** the job id the numbers are reserved under (a cloud job takes it as its own id) */
  readonly job: string;
  /** by counter id, the number of each record index (createResolver's `counters`; "" for records
   * the job does not print) */
  readonly counters: ReadonlyMap<string, readonly string[]>;
}

/** The chosen records in order, each once: a record chosen twice carries one number. */
export function distinctRecords(choices: readonly RecordChoice[]): number[] {
  return [...new Set(choices.map((c) => c.record))];
}

/** Reserves the job's numbers; null when the label uses no counter (nothing is asked). A refused
 * reservation (a deleted or used-up counter) rejects with the server's message, and nothing prints. */
export async function reserveJobNumbers(
  api: ApiClient,
  doc: LabelDocument,
  choices: readonly RecordChoice[],
): Promise<JobNumbers | null> {
  const ids = usedCounters(doc).map((c) => c.id);
  const records = distinctRecords(choices);
  if (!ids.length || !records.length) return null;
  const job = newRecordId();
  const raw = await api.post<{ numbers?: Record<string, unknown> }>("/api/counter/jobReserve", {
    job,
    counters: ids,
    count: records.length,
  });
  const size = Math.max(...records) + 1;
  const counters = new Map<string, string[]>();
  for (const id of ids) {
    const got = raw?.numbers?.[id];
    if (!Array.isArray(got) || got.length !== records.length) {
      // an answer without this counter's numbers: nothing prints with a wrong number
      await endJobNumbers(api, { job, counters }, false);
      throw new Error(`counter ${id}: no numbers reserved`);
    }
    const byRecord = Array.from({ length: size }, () => "");
    records.forEach((r, i) => {
      byRecord[r] = String(got[i]);
    });
    counters.set(id, byRecord);
  }
  return { job, counters };
}

/** Settles the job's numbers: printed → used, else void. Never throws: the print already ended,
 * and a reservation left open keeps its numbers (they are never given again). */
export async function endJobNumbers(api: ApiClient, numbers: JobNumbers, printed: boolean): Promise<void> {
  try {
    await api.post("/api/counter/jobEnd", { job: numbers.job, done: printed }, { loading: false });
  } catch {
    // already shown by the client; the open reservation stays recorded
  }
}

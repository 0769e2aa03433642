// The print queue as the app sees it: its list of jobs, asked of the assistant over the WebSocket.
import type { connect } from "./client";

type Client = Awaited<ReturnType<typeof connect>>;

/** A job as `queueList` lists it (the fields the tests read). */
export type QueueJob = {
  id: string;
  state: string;
  reason?: string;
  reasonText?: string;
  printed: number;
  /** copies of the next page already printed (a fault stopped it part-way) */
  copiesDone?: number;
  unconfirmed: number;
  repeated: number[];
  /** labels printed of the job's (copies and a sheet's cells counted) */
  labelsPrinted?: number;
  labelsTotal?: number;
};

/** Waits until the printer's newest job satisfies `ok`, asking the assistant as the app does. */
export async function newestJob(
  client: Client,
  printer: string,
  ok: (j: QueueJob) => boolean,
): Promise<QueueJob> {
  for (;;) {
    const r = await client.request({ cmd: "queueList", printer });
    const list = (r.data as { jobs: QueueJob[] }).jobs;
    const last = list[list.length - 1];
    if (last && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 10));
  }
}

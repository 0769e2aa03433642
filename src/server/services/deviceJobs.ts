// The cloud print job queue of a device: a print API job is first drawing (its labels are drawn in
// the raster workers: services/apiDraw.ts), then queued → sent (taken by a poll) → printing (the device
// acknowledged it) → done | failed. A job that was taken but not acknowledged within ACK_TIMEOUT_MS
// (the device crashed, or the answer never reached it) goes back to queued, up to MAX_ATTEMPTS
// deliveries, then fails. A job the device acknowledged is never re-queued (it may be half printed:
// printing it again would waste labels); without a report within PRINTING_TIMEOUT_MS it fails.
// A job for a printer of a print assistant (printer <> '') goes into the assistant's durable queue
// instead: the acknowledgement says it is there (sent → accepted), then the assistant reports the
// queue's states (jobProgress); such a job may wait paused for days, so no printing timeout.
import { EventEmitter } from "node:events";
import type { Db, Queryable } from "../db";
import { wakeWebhooks } from "../webhooks/sender";
import { settleJobNumbers } from "./counters";
import { queueJobEvents } from "./webhooks";

export const ACK_TIMEOUT_MS = 60_000;
export const MAX_ATTEMPTS = 3;
export const PRINTING_TIMEOUT_MS = 6 * 3600_000;
/** Messages stored on failed jobs (shown as they are in the job list). */
export const NOT_ACKNOWLEDGED = `not acknowledged by the device after ${MAX_ATTEMPTS} deliveries`;
export const NO_REPORT = "the device did not report the result";
/** A job still drawing after this long was left by a server that stopped (its drawing is lost). */
export const DRAW_TIMEOUT_MS = 15 * 60_000;
export const DRAW_ABANDONED = "the server stopped before the labels were drawn";

export type JobStatus =
  | "drawing"
  | "queued"
  | "sent"
  | "accepted"
  | "printing"
  | "paused"
  | "done"
  | "failed"
  | "cancelled";

/** The channel that names a device (its serial) when a job is queued for it or it is bound. */
const DEVICE_CHANNEL = "inkless_device";

/**
 * Wakes long-polling devices when a job is queued for them, whichever process queued it: emit
 * notifies every process on the database (PostgreSQL NOTIFY), each wakes its own waiting polls.
 */
export class DeviceWaker {
  private readonly local = new EventEmitter().setMaxListeners(0);
  /** Resolves once this process listens (a failure leaves the polls to their own timeout). */
  readonly ready: Promise<unknown>;
  constructor(private readonly db: Db) {
    this.ready = db.listen(DEVICE_CHANNEL, (sn) => this.local.emit(sn)).catch(() => undefined);
  }
  on(sn: string, fn: () => void): void {
    this.local.on(sn, fn);
  }
  off(sn: string, fn: () => void): void {
    this.local.off(sn, fn);
  }
  emit(sn: string): void {
    void this.db.notify(DEVICE_CHANNEL, sn).catch(() => undefined);
  }
  /**
   * Hears `sn`'s wakes from now on, so that a wake arriving between a look at the queue and the wait
   * is not lost (it would leave the job until the poll's own timeout). `wait(ms)` resolves at once
   * when a wake came since, else on the next one or after `ms`; `stop()` ends the listening.
   */
  listen(sn: string): WakeListener {
    let woken = false;
    let release: (() => void) | null = null;
    const hear = () => {
      woken = true;
      release?.();
    };
    this.on(sn, hear);
    return {
      wait: (ms) =>
        woken
          ? Promise.resolve()
          : new Promise<void>((done) => {
              const t = setTimeout(() => release?.(), ms);
              release = () => {
                clearTimeout(t);
                release = null;
                done();
              };
            }),
      cancel: () => release?.(),
      stop: () => this.off(sn, hear),
    };
  }
}

export interface WakeListener {
  wait(ms: number): Promise<void>;
  /** ends a wait under way (the client left) */
  cancel(): void;
  stop(): void;
}

const wakers = new WeakMap<Db, DeviceWaker>();
export function wakerOf(db: Db): DeviceWaker {
  let w = wakers.get(db);
  if (!w) {
    w = new DeviceWaker(db);
    wakers.set(db, w);
  }
  return w;
}

/** The user's webhook hears of jobs that ended (services/webhooks.ts). */
async function jobsEnded(q: Queryable, ids: readonly string[], printed: boolean): Promise<void> {
  // the jobs' counter numbers: used when they printed, void when not (never given again)
  for (const id of ids) await settleJobNumbers(q, id, printed);
  if (await queueJobEvents(q, ids)) wakeWebhooks(q);
}

/** Re-queues or fails overdue jobs (all devices); wakes the devices that got a job back. */
export async function sweepJobs(db: Db): Promise<{ requeued: number; failed: number }> {
  const rows = await db.query<{ id: string; sn: string; status: JobStatus }>(
    `UPDATE print_jobs SET
        status = CASE WHEN status = 'sent' AND cancel_requested THEN 'cancelled'
                      WHEN status IN ('printing', 'drawing') OR attempts >= $1 THEN 'failed' ELSE 'queued' END,
        message = CASE WHEN status = 'printing' THEN $4 WHEN status = 'drawing' THEN $7
                       WHEN attempts >= $1 THEN $5 ELSE message END,
        taken_at = CASE WHEN status = 'sent' AND attempts < $1 THEN NULL ELSE taken_at END,
        done_at = CASE WHEN status IN ('printing', 'drawing') OR attempts >= $1 OR cancel_requested THEN now()
                       ELSE done_at END
      WHERE (status = 'sent' AND taken_at < now() - $2::double precision * interval '1 millisecond')
         OR (status = 'printing' AND printer = '' AND taken_at < now() - $3::double precision * interval '1 millisecond')
         OR (status = 'drawing' AND created_at < now() - $6::double precision * interval '1 millisecond')
      RETURNING id, sn, status`,
    [
      MAX_ATTEMPTS,
      ACK_TIMEOUT_MS,
      PRINTING_TIMEOUT_MS,
      NO_REPORT,
      NOT_ACKNOWLEDGED,
      DRAW_TIMEOUT_MS,
      DRAW_ABANDONED,
    ],
  );
  await jobsEnded(
    db,
    rows.filter((r) => r.status === "failed" || r.status === "cancelled").map((r) => r.id),
    false,
  );
  const waker = wakerOf(db);
  for (const sn of new Set(rows.filter((r) => r.status === "queued").map((r) => r.sn))) waker.emit(sn);
  return {
    requeued: rows.filter((r) => r.status === "queued").length,
    failed: rows.filter((r) => r.status === "failed").length,
  };
}

/** A job whose labels are drawn joins its device's queue (drawing → queued) and wakes the device;
 * false when it is not drawing any more (cancelled meanwhile, or failed by the sweep). */
export async function jobDrawn(db: Db, id: string): Promise<boolean> {
  const rows = await db.query<{ sn: string }>(
    "UPDATE print_jobs SET status = 'queued' WHERE id = $1 AND status = 'drawing' RETURNING sn",
    [id],
  );
  if (rows.length) wakerOf(db).emit(rows[0].sn);
  return rows.length > 0;
}

/** A job whose labels could not be drawn fails with the reason (its counter numbers are void, its
 * webhook hears of it). */
export async function jobNotDrawn(q: Queryable, id: string, message: string): Promise<void> {
  const rows = await q.query(
    `UPDATE print_jobs SET status = 'failed', message = $2, done_at = now()
      WHERE id = $1 AND status = 'drawing' RETURNING id`,
    [id, message],
  );
  if (rows.length) await jobsEnded(q, [id], false);
}

/** Puts a job that was taken but never delivered (the poll's connection closed) back in the queue. */
export async function requeueUndelivered(db: Db, id: string, sn: string): Promise<void> {
  const rows = await db.query(
    `UPDATE print_jobs SET status = 'queued', taken_at = NULL
      WHERE id = $1 AND sn = $2 AND status = 'sent' RETURNING id`,
    [id, sn],
  );
  if (rows.length) wakerOf(db).emit(sn);
}

export interface DeviceJob {
  readonly id: string;
  readonly print_type: string;
  readonly copies: number;
  readonly images: string[];
  readonly order: number[];
  /** a job for the assistant's durable queue (no images): the printer and the print request as the
   * assistant's own socket takes it (outputPrintting; src/assistant/protocol.ts parses it) */
  readonly kind?: "queue";
  readonly printer?: string;
  readonly request?: unknown;
}

/** Takes the oldest queued job of the device (queued → sent) with its images inlined, or the print
 * request of an assistant job. */
export async function takeJob(
  db: Db,
  files: { get(key: string): Promise<Uint8Array | null> },
  sn: string,
): Promise<DeviceJob | null> {
  const rows = await db.query<{
    id: string;
    files: string;
    print_type: string;
    copies: number;
    printer: string;
    request: string | null;
  }>(
    `UPDATE print_jobs SET status = 'sent', taken_at = now(), attempts = attempts + 1
      WHERE id = (SELECT id FROM print_jobs WHERE sn = $1 AND status = 'queued'
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, files, print_type, copies, printer, request`,
    [sn],
  );
  const job = rows[0];
  if (!job) return null;
  if (job.printer)
    return {
      id: job.id,
      print_type: job.print_type,
      copies: job.copies,
      images: [],
      order: [],
      kind: "queue",
      printer: job.printer,
      request: JSON.parse(job.request ?? "null"),
    };
  const keys = job.files.split(",");
  const unique = [...new Set(keys)];
  const images: string[] = [];
  for (const k of unique) {
    const bytes = await files.get(k);
    images.push(bytes ? Buffer.from(bytes).toString("base64") : "");
  }
  return {
    id: job.id,
    print_type: job.print_type,
    copies: job.copies,
    images,
    // One entry per label, in order (the files list already repeats each page per copy).
    order: keys.map((k) => unique.indexOf(k)),
  };
}

/** The device confirms it has the job (sent → printing; an assistant job → accepted: it is in the
 * assistant's durable queue); false when it is not the device's sent job any more (re-queued after
 * the timeout, or another delivery): do not print. */
export async function ackJob(q: Queryable, sn: string, id: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE print_jobs SET status = CASE WHEN printer <> '' THEN 'accepted' ELSE 'printing' END
      WHERE id = $1 AND sn = $2 AND status = 'sent' RETURNING id`,
    [id, sn],
  );
  return rows.length > 0;
}

/** The device reports the result (sent or printing → done | failed); false for an unknown job. */
export async function reportJob(
  q: Queryable,
  sn: string,
  id: string,
  success: boolean,
  message: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE print_jobs SET status = $3, message = $4, done_at = now()
      WHERE id = $1 AND sn = $2 AND status IN ('sent', 'printing') RETURNING id`,
    [id, sn, success ? "done" : "failed", message],
  );
  if (rows.length) await jobsEnded(q, [id], success);
  return rows.length > 0;
}

/** An assistant job's state in its durable queue (src/print/protocol/queue.ts JobState). */
export type QueueState = "queued" | "printing" | "paused" | "done" | "failed" | "cancelled";
export const QUEUE_STATES: readonly QueueState[] = [
  "queued",
  "printing",
  "paused",
  "done",
  "failed",
  "cancelled",
];

export interface QueueReport {
  readonly state: QueueState;
  readonly reason: string;
  readonly pagesPrinted: number;
  readonly pagesTotal: number;
  readonly copiesDone: number;
  readonly message: string;
}

/** The assistant reports how its queue's job stands: the server's job follows (an ended job is
 * settled: counter numbers used or void, its webhook told). False when the job is not this
 * assistant's or has ended already (a late or repeated report changes nothing). */
export async function jobProgress(q: Queryable, sn: string, id: string, r: QueueReport): Promise<boolean> {
  const status = r.state === "queued" ? "accepted" : r.state;
  const ended = status === "done" || status === "failed" || status === "cancelled";
  const rows = await q.query(
    `UPDATE print_jobs SET status = $3, reason = $4, pages_printed = $5, pages_total = $6, copies_done = $7,
            message = $8, done_at = CASE WHEN $9 THEN now() ELSE done_at END
      WHERE id = $1 AND sn = $2 AND printer <> '' AND status IN ('sent', 'accepted', 'printing', 'paused')
      RETURNING id`,
    [
      id,
      sn,
      status,
      r.state === "paused" ? r.reason : "",
      r.pagesPrinted,
      r.pagesTotal,
      r.copiesDone,
      r.message,
      ended,
    ],
  );
  if (rows.length && ended) await jobsEnded(q, [id], status === "done");
  return rows.length > 0;
}

/** The device's jobs the print API asked to cancel while they are in its queue. */
export async function cancelRequests(q: Queryable, sn: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM print_jobs WHERE sn = $1 AND cancel_requested
        AND status IN ('sent', 'accepted', 'printing', 'paused') ORDER BY created_at, id`,
    [sn],
  );
  return rows.map((r) => r.id);
}

export interface JobRow {
  id: string;
  status: JobStatus;
  labels: number;
  copies: number;
  attempts: number;
  message: string;
  created_at: Date;
  done_at: Date | null;
}

/** The device's latest jobs, newest first. */
export function recentJobs(q: Queryable, userId: string, sn: string, limit = 20): Promise<JobRow[]> {
  return q.query<JobRow>(
    `SELECT id, status, coalesce(label_count, array_length(string_to_array(files, ','), 1)) AS labels, copies,
            attempts, message,
            created_at, done_at
       FROM print_jobs WHERE user_id = $1 AND sn = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [userId, sn, limit],
  );
}

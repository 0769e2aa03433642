// A user's cloud devices (application.md §7 calls 18–20): the rows, their online state, the bind limit
// and queueing a print job. Routes: src/server/routes/devices.ts (user side), deviceSide.ts (device
// side); registration and binding by code: deviceLink.ts; the job queue: deviceJobs.ts.
import { newRecordId } from "../../model/ids";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import { formatTime } from "../validate";
import { settleJobNumbers } from "./counters";
import { hashSecret, newDeviceKey, newSerial } from "./deviceLink";

/** A device counts as online (status 1) when it polled within this window. */
export const ONLINE_MS = 45_000;
export const MAX_DEVICES = 50;

const noDevice = () => new ApiError(Code.failed, "server.error.deviceNotFound");

export interface DeviceRow {
  sn: string;
  name: string;
  type: number;
  /** the cellular printer's IMEI, '' for none */
  imei: string;
  last_seen: Date | null;
  created_at: Date;
  /** the labels its printer is loaded with (mm), as the device last said; null when it never did */
  paper_width: number | null;
  paper_height: number | null;
  /** the owner's printer settings (JSON; read through deviceSettings.ts) */
  settings: string;
  /** what the device last said about its printer: its language and state (JSON), and when */
  printer_language: string | null;
  printer_status: string | null;
  status_at: Date | null;
  /** the network printers a print assistant lists (JSON names; read through assistantPrinters) */
  printers?: string | null;
}

const COLUMNS =
  "sn, name, type, imei, last_seen, created_at, paper_width, paper_height, settings, printer_language, printer_status, status_at, printers";

export const statusOf = (d: DeviceRow, now = Date.now()) =>
  d.last_seen && now - new Date(d.last_seen).getTime() < ONLINE_MS ? 1 : 0;

/** One of the user's devices (else "device not found"). */
export async function ownDevice(q: Queryable, userId: string, sn: string): Promise<DeviceRow> {
  const rows = await q.query<DeviceRow>(`SELECT ${COLUMNS} FROM devices WHERE sn = $1 AND user_id = $2`, [
    sn,
    userId,
  ]);
  if (!rows[0]) throw noDevice();
  return rows[0];
}

/** The user's devices, oldest first. */
export function userDevices(q: Queryable, userId: string): Promise<DeviceRow[]> {
  return q.query<DeviceRow>(`SELECT ${COLUMNS} FROM devices WHERE user_id = $1 ORDER BY created_at, sn`, [
    userId,
  ]);
}

/** Those of the serials `sns` that are the user's devices. */
export function userDevicesBySerial(
  q: Queryable,
  userId: string,
  sns: readonly string[],
): Promise<DeviceRow[]> {
  return q.query<DeviceRow>(`SELECT ${COLUMNS} FROM devices WHERE user_id = $1 AND sn = ANY($2::text[])`, [
    userId,
    sns,
  ]);
}

/** One more device for the user, or "too many devices" at MAX_DEVICES. */
export async function checkDeviceLimit(q: Queryable, userId: string): Promise<void> {
  const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM devices WHERE user_id = $1", [
    userId,
  ]);
  if (n >= MAX_DEVICES) throw new ApiError(Code.failed, "server.error.tooManyDevices");
}

/** A new device of `type` with a fresh serial and key (the key is answered once, kept as a hash). */
export async function createDevice(q: Queryable, userId: string, name: string, type: 1 | 2) {
  const sn = newSerial();
  const key = newDeviceKey();
  await q.query("INSERT INTO devices (sn, user_id, name, type, key_hash) VALUES ($1, $2, $3, $4, $5)", [
    sn,
    userId,
    name,
    type,
    hashSecret(key),
  ]);
  return { sn, key };
}

/** Records the label size a bound device says its printer is loaded with (already checked). */
export async function setDevicePaper(
  q: Queryable,
  sn: string,
  paper: { widthMm: number; heightMm: number } | null,
): Promise<void> {
  await q.query(
    "UPDATE devices SET paper_width = $2, paper_height = $3 WHERE sn = $1 AND (paper_width IS DISTINCT FROM $2 OR paper_height IS DISTINCT FROM $3)",
    [sn, paper?.widthMm ?? null, paper?.heightMm ?? null],
  );
}

/** Records the IMEI the user typed for one of their devices (already checked with imeiError). */
export async function setDeviceImei(q: Queryable, userId: string, sn: string, imei: string): Promise<void> {
  await q.query("UPDATE devices SET imei = $3 WHERE sn = $1 AND user_id = $2", [sn, userId, imei]);
}

export async function renameDevice(q: Queryable, userId: string, sn: string, name: string): Promise<string> {
  const rows = await q.query<{ sn: string }>(
    "UPDATE devices SET name = $3 WHERE sn = $1 AND user_id = $2 RETURNING sn",
    [sn, userId, name],
  );
  if (!rows[0]) throw noDevice();
  return rows[0].sn;
}

export async function unbindDevice(q: Queryable, userId: string, sn: string): Promise<void> {
  const rows = await q.query("DELETE FROM devices WHERE sn = $1 AND user_id = $2 RETURNING sn", [sn, userId]);
  if (!rows.length) throw noDevice();
}

/** Queues a print job of stored file keys (one per label, in order) for the device; its id. */
export async function queuePrintJob(
  q: Queryable,
  userId: string,
  job: {
    sn: string;
    keys: readonly string[];
    printType: string;
    copies: number;
    id?: string;
    /** "drawing": its files are still being drawn; no device takes it until it is queued */
    status?: "queued" | "drawing";
  },
): Promise<string> {
  // a caller that reserved counter numbers under the job's id chose it beforehand
  const id = job.id ?? newRecordId();
  await q.query(
    "INSERT INTO print_jobs (id, user_id, sn, files, print_type, copies, status) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [id, userId, job.sn, job.keys.join(","), job.printType, job.copies, job.status ?? "queued"],
  );
  return id;
}

/** A print job as the print API reports it. */
export interface PrintJobRow {
  id: string;
  sn: string;
  status: string;
  labels: number;
  copies: number;
  message: string;
  created_at: Date;
  done_at: Date | null;
  /** the assistant's printer ('' for a cloud device's job) and how far its queue got */
  printer: string;
  pages_printed: number;
  pages_total: number;
  copies_done: number;
  reason: string;
  cancel_requested: boolean;
}

/** The columns of PrintJobRow: an assistant job counts its labels, a cloud job's files list them. */
export const JOB_COLUMNS = `id, sn, status,
  coalesce(label_count, array_length(string_to_array(files, ','), 1)) AS labels, copies, message,
  created_at, done_at, printer, pages_printed, pages_total, copies_done, reason, cancel_requested`;

/** An assistant job's states as its durable queue has them: server-side "sent" (taken, not yet
 * confirmed) and "accepted" (in the assistant's queue, waiting its turn) are both "queued". */
const shownStatus = (j: PrintJobRow) =>
  j.printer && (j.status === "sent" || j.status === "accepted") ? "queued" : j.status;

/** Labels an assistant job printed: all when done; else its share of the pages printed (a page
 * holds one label, or a sheet's cells) plus the copies of the next page. */
export function labelsPrinted(j: PrintJobRow): number {
  if (j.status === "done") return j.labels;
  if (!j.pages_total) return 0;
  const of = j.pages_total * j.copies;
  return Math.min(j.labels, Math.floor((j.labels * (j.pages_printed * j.copies + j.copies_done)) / of));
}

/** A job as the print API and its webhooks show it (docs/api.md "Print API"). */
export const jobOut = (j: PrintJobRow) => ({
  job_id: j.id,
  target: j.printer ? { assistant: j.sn, printer: j.printer } : j.sn,
  status: shownStatus(j),
  labels: j.labels,
  copies: j.copies,
  msg: j.message,
  add_time: formatTime(j.created_at),
  done_time: formatTime(j.done_at),
  ...(j.printer
    ? {
        printed: labelsPrinted(j),
        ...(j.status === "paused" ? { reason: j.reason } : {}),
        ...(j.cancel_requested && !FINAL.includes(j.status) ? { cancelling: true } : {}),
      }
    : {}),
});

/** States a job never leaves. */
export const FINAL: readonly string[] = ["done", "failed", "cancelled"];

/** The print jobs of these ids (any user's: for the server's own use). */
export function printJobsById(
  q: Queryable,
  ids: readonly string[],
): Promise<(PrintJobRow & { user_id: string })[]> {
  return q.query(`SELECT user_id, ${JOB_COLUMNS} FROM print_jobs WHERE id = ANY($1::text[])`, [ids]);
}

/** One of the user's print jobs (null: none of theirs by that id). */
export async function ownPrintJob(q: Queryable, userId: string, id: string): Promise<PrintJobRow | null> {
  const rows = await q.query<PrintJobRow>(
    `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Cancels one of the user's jobs that no device has taken yet (drawing or queued → cancelled,
 * atomically: a poll takes only queued jobs). A job already in a print assistant's queue is marked
 * for cancelling and its assistant woken: its next poll removes it from the queue, whose report
 * ends it ("requested"). Else the job as it is (null: none of the user's). */
export async function cancelPrintJob(
  q: Queryable,
  userId: string,
  id: string,
): Promise<{ outcome: "cancelled" | "requested" | "refused"; job: PrintJobRow | null }> {
  const rows = await q.query(
    `UPDATE print_jobs SET status = 'cancelled', done_at = now()
      WHERE id = $1 AND user_id = $2 AND status IN ('drawing', 'queued') RETURNING id`,
    [id, userId],
  );
  if (rows.length) {
    // a cancelled job prints none of its counter numbers: void, never given again
    await settleJobNumbers(q, id, false);
    return { outcome: "cancelled", job: await ownPrintJob(q, userId, id) };
  }
  const asked = await q.query<{ sn: string }>(
    `UPDATE print_jobs SET cancel_requested = true
      WHERE id = $1 AND user_id = $2 AND printer <> '' AND status IN ('sent', 'accepted', 'printing', 'paused')
      RETURNING sn`,
    [id, userId],
  );
  if (asked.length) return { outcome: "requested", job: await ownPrintJob(q, userId, id) };
  return { outcome: "refused", job: await ownPrintJob(q, userId, id) };
}

/** The network printers a print assistant last listed (null: it never said; an older assistant). */
export function assistantPrinters(d: DeviceRow): string[] | null {
  if (d.printers == null) return null;
  try {
    const v: unknown = JSON.parse(d.printers);
    return Array.isArray(v) ? v.filter((n): n is string => typeof n === "string") : null;
  } catch {
    return null;
  }
}

/** Records the names of the network printers a polling assistant lists (already checked). */
export async function setAssistantPrinters(
  q: Queryable,
  sn: string,
  names: readonly string[],
): Promise<void> {
  const json = JSON.stringify(names);
  await q.query("UPDATE devices SET printers = $2 WHERE sn = $1 AND printers IS DISTINCT FROM $2", [
    sn,
    json,
  ]);
}

/** Queues a print API job for a printer of a print assistant: the print request its durable queue
 * takes (JSON), delivered by the assistant's poll (deviceJobs.ts takeJob). */
export async function queueAssistantJob(
  q: Queryable,
  userId: string,
  job: { id: string; sn: string; printer: string; request: string; labels: number; copies: number },
): Promise<void> {
  await q.query(
    `INSERT INTO print_jobs (id, user_id, sn, files, print_type, copies, status, printer, request, label_count)
     VALUES ($1, $2, $3, '', 'QUEUE', $4, 'queued', $5, $6, $7)`,
    [job.id, userId, job.sn, job.copies, job.printer, job.request, job.labels],
  );
}

/** The bound device with this serial and key (marked seen), or false. */
export async function touchBoundDevice(q: Queryable, sn: string, key: string): Promise<boolean> {
  const rows = await q.query(
    "UPDATE devices SET last_seen = now() WHERE sn = $1 AND key_hash = $2 RETURNING sn",
    [sn, hashSecret(key)],
  );
  return rows.length > 0;
}

// The print record of a job the assistant's queue stopped before its end (paper out, head open…: the
// request's answer said "paused"): written once, when the job ends there — done after Resume, or
// cancelled — with the labels the printer really printed. The record waits in this browser's
// storage meanwhile, so a tab closed and opened again (or another tab of the same browser) still
// writes it: the app follows the waiting records of the signed-in user when it starts. The record
// is kept as soon as the label's save is through; its picture is added once uploaded. One browser
// tab at a time follows a job (Web Locks), and the record leaves the storage before it is written.
import { printedOf } from "../../print/plan";
import type { ApiClient } from "../api/core";
import { type AssistantClient, queueJobFinal } from "./assistantClient";
import { PENDING_RECORDS_KEY } from "./pendingRecordsKey";
import { type PrintRecordFields, postPrintRecord } from "./printRecord";

export interface PendingRecord {
  /** the assistant's queue job, and its printer */
  readonly job: string;
  readonly printer: string;
  readonly userId: string;
  /** the record as planned (every label printed); its labels and pages are those printed */
  readonly fields: PrintRecordFields;
  /** labels of one copy, labels a page holds, and the copies of every page */
  readonly labels: number;
  readonly perPage: number;
  readonly copies: number;
}

const isPending = (v: unknown): v is PendingRecord => {
  const o = v as Partial<PendingRecord> | null;
  return (
    !!o &&
    typeof o.job === "string" &&
    typeof o.printer === "string" &&
    typeof o.userId === "string" &&
    !!o.fields &&
    typeof o.fields === "object" &&
    [o.labels, o.perPage, o.copies].every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0)
  );
};

/** The waiting records (unreadable entries are dropped: the storage is another program's too). */
export function pendingRecords(storage: Storage | undefined = globalThis.localStorage): PendingRecord[] {
  try {
    const v = JSON.parse(storage?.getItem(PENDING_RECORDS_KEY) ?? "[]");
    return Array.isArray(v) ? v.filter(isPending) : [];
  } catch {
    return [];
  }
}

/** Stores the list; false when the storage refused it (full, disabled). */
function store(list: readonly PendingRecord[], storage: Storage | undefined): boolean {
  try {
    if (list.length) storage?.setItem(PENDING_RECORDS_KEY, JSON.stringify(list));
    else storage?.removeItem(PENDING_RECORDS_KEY);
    return !!storage;
  } catch {
    return false;
  }
}

export interface FollowOptions {
  readonly storage?: Storage;
  readonly sleep?: (ms: number) => Promise<void>;
  /** runs `fn` while holding the named lock (default: the browser's Web Locks, where there are) */
  readonly lock?: (name: string, fn: () => Promise<void>) => Promise<void>;
}

const webLock = (name: string, fn: () => Promise<void>): Promise<void> =>
  globalThis.navigator?.locks ? globalThis.navigator.locks.request(name, fn) : fn();

/** The jobs this page follows now (a second call for one of them does nothing). */
const following = new Set<string>();

/** Keeps the record waiting and follows its job to its end; then writes it once. */
export function recordWhenQueueEnds(
  api: ApiClient,
  client: AssistantClient,
  p: PendingRecord,
  opts: FollowOptions = {},
): Promise<void> {
  const storage = opts.storage ?? globalThis.localStorage;
  const kept = store([...pendingRecords(storage).filter((x) => x.job !== p.job), p], storage);
  // storage full or disabled: this tab still follows the job and writes the record it holds
  return followRecord(api, client, p, opts, !kept);
}

/** Adds to a record still waiting (the printed picture, once uploaded); a record already written
 * (its job ended meanwhile) is not brought back. */
export function amendPending(
  job: string,
  fields: Readonly<Record<string, string | number>>,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  const list = pendingRecords(storage);
  if (!list.some((x) => x.job === job)) return;
  store(
    list.map((x) => (x.job === job ? { ...x, fields: { ...x.fields, ...fields } } : x)),
    storage,
  );
}

/** Follows every record of `userId` still waiting (the app starts, a tab opens). */
export function followPendingRecords(
  api: ApiClient,
  client: () => AssistantClient,
  userId: string,
  opts: FollowOptions = {},
): Promise<void>[] {
  const mine = pendingRecords(opts.storage).filter((p) => p.userId === userId && !following.has(p.job));
  if (!mine.length) return [];
  const c = client();
  return mine.map((p) => followRecord(api, c, p, opts));
}

async function followRecord(
  api: ApiClient,
  client: AssistantClient,
  p: PendingRecord,
  opts: FollowOptions,
  /** the record could not be stored: this tab's copy is the only one */
  unstored = false,
): Promise<void> {
  if (following.has(p.job)) return;
  following.add(p.job);
  const storage = opts.storage ?? globalThis.localStorage;
  const stored = () => (unstored ? p : pendingRecords(storage).find((x) => x.job === p.job));
  try {
    await (opts.lock ?? webLock)(`inkless.printRecord.${p.job}`, async () => {
      // another tab may have written it while this one waited for the lock
      if (!stored()) return;
      const end = await queueJobFinal(client, p.printer, p.job, opts.sleep);
      // as stored now (the picture may have been added meanwhile)
      const latest = stored();
      if (!latest) return;
      if (!unstored)
        store(
          pendingRecords(storage).filter((x) => x.job !== p.job),
          storage,
        );
      // a job that left the queue unseen: what it printed is not known, no record is made up
      if (end === null) return;
      const printed = printedOf(latest, end);
      if (printed.labels > 0) await postPrintRecord(api, { ...latest.fields, ...printed });
    });
  } finally {
    following.delete(p.job);
  }
}

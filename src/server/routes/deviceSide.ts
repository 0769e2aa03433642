// Cloud printing, the device's side (a print assistant): it registers (no account), long-polls for
// jobs with its serial and device key (which shows it online), acknowledges each job it takes and
// reports the result. No session: the serial + key pair is the device's credential.

import { MAX_LABEL_MM, MIN_LABEL_MM } from "../../print/stock";
import { takeAttempt } from "../auth/rateLimit";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import {
  ackJob,
  cancelRequests,
  jobProgress,
  QUEUE_STATES,
  type QueueState,
  reportJob,
  requeueUndelivered,
  sweepJobs,
  takeJob,
  type WakeListener,
  wakerOf,
} from "../services/deviceJobs";
import { createRegistration, pendingDevice } from "../services/deviceLink";
import { deviceSettingsRow, reportPrinter, settingsOfRow } from "../services/deviceSettings";
import { setAssistantPrinters, setDevicePaper, touchBoundDevice } from "../services/devices";
import { checkName } from "../validate";

const MAX_WAIT_MS = 25_000;
/** Printers an assistant may list (its settings hold at most 100). */
const MAX_ASSISTANT_PRINTERS = 100;
/** Registrations per client address: MAX_FAILURES (5) a minute, like failed logins. */
const registerKey = (ctx: Ctx) => `device-register:${ctx.ip}`;

type Caller = { sn: string; bound: true } | { sn: string; bound: false };

/** Who calls: a bound device (marked seen) or a registered one waiting to be bound. */
async function callerOf(ctx: Ctx): Promise<Caller> {
  const sn = str(ctx.fields, "sn", 64);
  const key = str(ctx.fields, "key", 200);
  if (!sn || !key) throw new ApiError(Code.unauthorized, "server.error.deviceKey");
  if (await touchBoundDevice(ctx.db, sn, key)) return { sn, bound: true };
  if (await pendingDevice(ctx.db, sn, key)) return { sn, bound: false };
  throw new ApiError(Code.unauthorized, "server.error.deviceKey");
}

/** The label size a polling device says its printer holds (paper_width/paper_height in mm, within
 * the label limits); null when it does not say or says nonsense. */
function paperOf(fields: Record<string, unknown>): { widthMm: number; heightMm: number } | null {
  const mm = (v: unknown) => {
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : NaN;
    return Number.isFinite(n) && n >= MIN_LABEL_MM && n <= MAX_LABEL_MM ? Math.round(n * 10) / 10 : null;
  };
  const w = mm(fields.paper_width);
  const h = mm(fields.paper_height);
  return w !== null && h !== null ? { widthMm: w, heightMm: h } : null;
}

async function boundDevice(ctx: Ctx): Promise<string> {
  const c = await callerOf(ctx);
  if (!c.bound) throw new ApiError(Code.unauthorized, "server.error.deviceKey");
  return c.sn;
}

/** Waits on `wake` until a job is queued for the device or it is bound, the client leaves, or `ms` pass. */
async function waitFor(ctx: Ctx, wake: WakeListener, ms: number): Promise<void> {
  if (ctx.res.destroyed) return;
  const closed = ctx.metrics.pollOpened();
  const leave = () => wake.cancel();
  ctx.res.on("close", leave);
  try {
    await wake.wait(ms);
  } finally {
    ctx.res.off("close", leave);
    closed();
  }
}

/** What a device says about its printer (language, live state), on a poll or a status report. */
const printerReport = (ctx: Ctx) => ({
  language: ctx.fields.printer_language,
  status: ctx.fields.printer_status,
});

/** The names of the network printers a polling assistant lists (`printers`: at most
 * MAX_ASSISTANT_PRINTERS texts); null when it does not say (an older assistant, a plain device). */
function printerNames(fields: Record<string, unknown>): string[] | null {
  const v = fields.printers;
  if (!Array.isArray(v)) return null;
  return v
    .filter((n): n is string => typeof n === "string" && n.length > 0 && n.length <= 200)
    .slice(0, MAX_ASSISTANT_PRINTERS);
}

/** What an assistant says about one of the print API's jobs in its durable queue. */
function queueReport(fields: Record<string, unknown>) {
  const state = fields.state as QueueState;
  if (!QUEUE_STATES.includes(state)) throw new ApiError(Code.failed, "server.apiPrint.queueState");
  const count = (k: string) => Math.max(0, Math.min(1_000_000, Math.trunc(num(fields, k) ?? 0)));
  return {
    state,
    reason: str(fields, "reason", 40),
    pagesPrinted: count("printed"),
    pagesTotal: count("total"),
    copiesDone: count("copies_done"),
    message: str(fields, "msg", 500),
  };
}

/** Takes the next job with the owner's printer settings; when the answer never reaches the device,
 * the job goes back in the queue. Before any job: the print API's cancels of jobs in its queue. */
async function deliver(ctx: Ctx, sn: string) {
  const cancel = await cancelRequests(ctx.db, sn);
  if (cancel.length) return { cancel };
  const taken = await takeJob(ctx.db, ctx.files, sn);
  if (!taken) return null;
  const row = await deviceSettingsRow(ctx.db, sn);
  const job = { ...taken, settings: row ? settingsOfRow(row) : {} };
  const undelivered = () => void requeueUndelivered(ctx.db, job.id, sn).catch(() => undefined);
  if (ctx.res.destroyed) undelivered();
  else ctx.res.once("close", () => ctx.res.writableFinished || undelivered());
  return job;
}

export const deviceSideRoutes: Routes = {
  // A print assistant asks for a serial, a key (kept secret) and a code to show its owner.
  "/api/device/register": {
    auth: false,
    async handle(ctx) {
      const raw = str(ctx.fields, "name", 100);
      const name = raw ? checkName(raw) : "";
      // counts registrations, not failures
      if (!(await takeAttempt(ctx.db, registerKey(ctx))))
        throw new ApiError(Code.failed, "server.error.tooFrequent");
      return ok(await createRegistration(ctx.db, name));
    },
  },

  // Long poll: answers a job as soon as one is queued, or null after `wait` ms (≤ 25 s);
  // { pending: true } while the device is registered but not bound yet.
  "/api/device/poll": {
    auth: false,
    async handle(ctx) {
      const caller = await callerOf(ctx);
      const wait = Math.min(Math.max(Math.trunc(num(ctx.fields, "wait") ?? MAX_WAIT_MS), 0), MAX_WAIT_MS);
      const waker = wakerOf(ctx.db);
      await waker.ready;
      // listening starts before the first look, so a job queued in between still wakes this poll
      const wake = waker.listen(caller.sn);
      try {
        if (!caller.bound) {
          if (wait > 0) await waitFor(ctx, wake, wait);
          if (ctx.res.destroyed) return ok(null);
          const now = await callerOf(ctx);
          if (!now.bound) return ok({ pending: true });
        }
        await setDevicePaper(ctx.db, caller.sn, paperOf(ctx.fields));
        await reportPrinter(ctx.db, caller.sn, printerReport(ctx));
        const printers = printerNames(ctx.fields);
        if (printers) await setAssistantPrinters(ctx.db, caller.sn, printers);
        await sweepJobs(ctx.db);
        const job = await deliver(ctx, caller.sn);
        if (job || wait === 0 || !caller.bound) return ok(job);
        await waitFor(ctx, wake, wait);
        if (ctx.res.destroyed) return ok(null);
        return ok(await deliver(ctx, caller.sn));
      } finally {
        wake.stop();
      }
    },
  },

  // The device's printer changed state (paper out, ready again…) between polls.
  "/api/device/status": {
    auth: false,
    async handle(ctx) {
      await reportPrinter(ctx.db, await boundDevice(ctx), printerReport(ctx));
      return ok(null);
    },
  },

  // The device has the job and starts printing it; 209 means it must not print it.
  "/api/device/ack": {
    auth: false,
    async handle(ctx) {
      const sn = await boundDevice(ctx);
      if (!(await ackJob(ctx.db, sn, str(ctx.fields, "job_id", 64)))) throw itemNotFound();
      return ok(null);
    },
  },

  // A print assistant reports how a print API job stands in its durable queue (state, pages
  // printed, why it is paused); 209 when the job is not its own or has ended already.
  "/api/device/progress": {
    auth: false,
    async handle(ctx) {
      const sn = await boundDevice(ctx);
      if (!(await jobProgress(ctx.db, sn, str(ctx.fields, "job_id", 64), queueReport(ctx.fields))))
        throw itemNotFound();
      return ok(null);
    },
  },

  // The device reports how a job went: ok → done, otherwise failed with its message.
  "/api/device/report": {
    auth: false,
    async handle(ctx) {
      const sn = await boundDevice(ctx);
      const success = ctx.fields.ok === true || ctx.fields.ok === 1 || ctx.fields.ok === "1";
      const done = await reportJob(
        ctx.db,
        sn,
        str(ctx.fields, "job_id", 64),
        success,
        str(ctx.fields, "msg", 500),
      );
      if (!done) throw itemNotFound();
      return ok(null);
    },
  },
};

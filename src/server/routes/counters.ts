// Named counters (issue 38; docs/api.md "Counters"): list, create, edit, delete, preview the next
// numbers, reserve a job's numbers, mark a reservation used or void, and a counter's history. The
// numbers themselves: services/counters.ts.
import {
  COUNTER_NAME_MAX,
  COUNTER_PREFIX_MAX,
  type CounterSettings,
  isResetRule,
  MAX_RESERVE,
  MAX_START,
  MAX_STEP,
  MAX_WIDTH,
  RESET_RULES,
} from "../../model/counters";
import { bool, num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import {
  type CounterRow,
  counterReservations,
  createCounter,
  deleteCounter,
  findCounter,
  previewNumbers,
  type Reservation,
  reservedNumbers,
  reserveNumbers,
  settleReservation,
  updateCounter,
  userCounters,
} from "../services/counters";
import { reserveCounters, settleOwnJobNumbers } from "../services/jobCounters";
import { checkName, checkVisible, formatTime } from "../validate";

/** How many next numbers a preview may ask for. */
const MAX_PREVIEW = 100;

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

/** A whole number field within [min, max], else the field's translated message. */
function whole(ctx: Ctx, name: string, min: number, max: number, key: string, fallback?: number): number {
  const v = num(ctx.fields, name) ?? fallback;
  if (v === undefined || !Number.isInteger(v) || v < min || v > max) throw fail(key, { min, max });
  return v;
}

function readSettings(ctx: Ctx): CounterSettings {
  const prefix = str(ctx.fields, "prefix", COUNTER_PREFIX_MAX);
  if (/\p{Cc}/u.test(prefix)) throw fail("server.counter.badPrefix");
  const reset = str(ctx.fields, "reset", 20) || "never";
  if (!isResetRule(reset)) throw fail("server.counter.badReset", { rules: RESET_RULES.join(", ") });
  return {
    name: checkName(str(ctx.fields, "name", COUNTER_NAME_MAX), COUNTER_NAME_MAX),
    start: whole(ctx, "start", 0, MAX_START, "server.counter.badStart", 1),
    step: whole(ctx, "step", 1, MAX_STEP, "server.counter.badStep", 1),
    width: whole(ctx, "width", 0, MAX_WIDTH, "server.counter.badWidth", 0),
    prefix: checkVisible(prefix),
    reset,
  };
}

export const counterOut = (c: CounterRow) => ({
  id: c.id,
  name: c.name,
  start: c.start,
  step: c.step,
  width: c.width,
  prefix: c.prefix,
  reset: c.reset,
  /** the number the next job would start with (not reserved) */
  next: previewNumbers(c, 1)[0],
  add_time: formatTime(c.created_at),
});

export const reservationOut = (r: Reservation) => ({
  id: r.id,
  counter_id: r.counter_id,
  job: r.job_id,
  first: r.first,
  step: r.step,
  count: r.count,
  state: r.state,
  printed: r.printed,
  numbers: reservedNumbers(r),
  add_time: formatTime(r.created_at),
});

const id = (ctx: Ctx, name = "id") => str(ctx.fields, name, 100);

/** A job id as the caller chose it. */
function jobId(ctx: Ctx): string {
  const job = str(ctx.fields, "job", 64);
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(job)) throw fail("server.counter.badJob");
  return job;
}

/** Most counters one job reserves from (a label uses a few). */
const MAX_JOB_COUNTERS = 50;

export const counterRoutes: Routes = {
  "/api/counter/list": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok((await userCounters(ctx.db, userOf(ctx).id)).map(counterOut));
    },
  },
  "/api/counter/create": {
    auth: true,
    async handle(ctx) {
      return ok(counterOut(await createCounter(ctx.db, userOf(ctx).id, readSettings(ctx))));
    },
  },
  "/api/counter/edit": {
    auth: true,
    async handle(ctx) {
      const settings = readSettings(ctx);
      return ok(counterOut(await updateCounter(ctx.db, userOf(ctx).id, id(ctx), settings)));
    },
  },
  "/api/counter/delete": {
    auth: true,
    async handle(ctx) {
      await deleteCounter(ctx.db, userOf(ctx).id, id(ctx));
      return ok({ id: id(ctx) });
    },
  },
  "/api/counter/preview": {
    get: true,
    auth: true,
    async handle(ctx) {
      const count = whole(ctx, "count", 1, MAX_PREVIEW, "server.counter.badCount", 1);
      const c = await findCounter(ctx.db, userOf(ctx).id, id(ctx));
      return ok({ id: c.id, numbers: previewNumbers(c, count) });
    },
  },
  "/api/counter/reserve": {
    auth: true,
    async handle(ctx) {
      const job = jobId(ctx);
      const count = whole(ctx, "count", 1, MAX_RESERVE, "server.counter.badCount");
      const r = await reserveNumbers(ctx.db, userOf(ctx).id, id(ctx), job, count);
      return ok(reservationOut(r));
    },
  },
  "/api/counter/used": {
    auth: true,
    async handle(ctx) {
      return ok(reservationOut(await settleReservation(ctx.db, userOf(ctx).id, id(ctx), "all")));
    },
  },
  "/api/counter/void": {
    auth: true,
    async handle(ctx) {
      const printed = whole(ctx, "printed", 0, MAX_RESERVE, "server.counter.badPrinted", 0);
      return ok(reservationOut(await settleReservation(ctx.db, userOf(ctx).id, id(ctx), printed)));
    },
  },
  // the editor's own prints (docs/data-sources.md "Counters"): all the counters of one job at once,
  // then the job's end settles them
  "/api/counter/jobReserve": {
    auth: true,
    async handle(ctx) {
      const job = jobId(ctx);
      const count = whole(ctx, "count", 1, MAX_RESERVE, "server.counter.badCount");
      const ids = ctx.fields.counters;
      if (!Array.isArray(ids) || ids.length > MAX_JOB_COUNTERS || ids.some((v) => typeof v !== "string"))
        throw fail("server.counter.badCounters");
      const numbers = await reserveCounters(ctx.db, userOf(ctx).id, job, ids as string[], count);
      return ok({ job, numbers: Object.fromEntries(numbers) });
    },
  },
  "/api/counter/jobEnd": {
    auth: true,
    async handle(ctx) {
      const job = jobId(ctx);
      const settled = await settleOwnJobNumbers(ctx.db, userOf(ctx).id, job, bool(ctx.fields, "done"));
      return ok({ job, settled });
    },
  },
  "/api/counter/history": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const c = await findCounter(ctx.db, u.id, id(ctx));
      return ok((await counterReservations(ctx.db, u.id, c.id)).map(reservationOut));
    },
  },
};

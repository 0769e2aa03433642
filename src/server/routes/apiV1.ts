// The print API for other software (issue 39; docs/api.md "Print API"): called with a personal
// access token (auth/apiToken.ts), not a session.
import { parseLabelFile } from "../../model/file";
import { newRecordId } from "../../model/ids";
import { refusesJobs, statusKeys } from "../../print/status";
import { apiCaller } from "../auth/apiToken";
import { newKey, ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { assistantTarget, queueForAssistant, readTarget } from "../services/apiAssistantJobs";
import { claimKey, idempotencyKey, keepAnswer, releaseKey } from "../services/apiIdempotency";
import { API_PRINT_DPI, MAX_API_COPIES, MAX_API_LABELS, readRecords } from "../services/apiPrint";
import { wakerOf } from "../services/deviceJobs";
import { liveStatusOf } from "../services/deviceSettings";
import { cancelPrintJob, jobOut, ownDevice, ownPrintJob, queuePrintJob } from "../services/devices";
import { reserveJobNumbers, voidJobNumbers } from "../services/jobCounters";
import { type PrintableVersion, printableVersion } from "../services/printableVersion";
import { addPrintRecord } from "../services/printRecords";
import { recordTeamPrint } from "../services/teamEvents";
import { listTemplates, templateOut } from "../services/templates";
import { apiSpace } from "./teamSpace";

/** Most templates one page lists. */
export const API_PAGE_MAX = 100;
/** A print request's body (records of field values): 1 MiB. */
export const API_PRINT_BODY_BYTES = 1024 * 1024;
export const JOBS_PATH = "/api/v1/jobs/";

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

/** A cloud template printed with the caller's records on one of the user's cloud devices; with an
 * Idempotency-Key, a repeated request answers the first one's job (services/apiIdempotency.ts). */
async function print(ctx: Ctx) {
  const { userId } = await apiCaller(ctx, "print");
  const key = idempotencyKey(ctx.req.headers["idempotency-key"]);
  if (key === null) return ok(await printNow(ctx, userId));
  const claim = await claimKey(ctx.db, userId, key, ctx.raw);
  if (!claim.claimed) {
    ctx.res.setHeader("Idempotent-Replayed", "true");
    return ok(claim.answer);
  }
  try {
    const answer = await printNow(ctx, userId);
    await keepAnswer(ctx.db, userId, key, answer);
    return ok(answer);
  } catch (e) {
    await releaseKey(ctx.db, userId, key);
    throw e;
  }
}

async function printNow(ctx: Ctx, userId: string) {
  const f = ctx.fields;
  const records = readRecords(f.records);
  const copies = num(f, "copies") ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_API_COPIES)
    throw fail("server.apiPrint.copies", { max: MAX_API_COPIES });
  if (records.length * copies > MAX_API_LABELS)
    throw fail("server.apiPrint.tooMany", { max: MAX_API_LABELS });
  // the caller's own space, or a team's (X-Inkless-Space): its template, device and counters
  const space = await apiSpace(ctx, userId, "print");
  const owner = space.id;
  // an operator prints the latest approved version (services/printableVersion.ts)
  const version = await printableVersion(ctx.db, str(f, "template_id", 64), space);
  const target = readTarget(f.target);
  if (typeof target !== "string") {
    const { device, printer } = await assistantTarget(ctx.db, owner, target);
    const parsed = await labelOf(ctx, owner, version);
    const id = newRecordId();
    await queueForAssistant(ctx.db, owner, {
      id,
      doc: parsed,
      records,
      copies,
      device,
      printer,
      lang: ctx.lang,
    });
    await recordApiPrint(ctx, userId, version, `${device.name} / ${printer}`, records.length, copies);
    return { job_id: id, status: "queued", labels: records.length * copies, version: version.number };
  }
  const device = await ownDevice(ctx.db, owner, target);
  // a device whose printer says it cannot print (paper out, head open…) gets no job
  const live = liveStatusOf(device);
  if (live && refusesJobs(live))
    throw fail("print.status.refused", { printer: device.name, reasonKeys: statusKeys(live).join(",") });
  const parsed = { doc: await labelOf(ctx, owner, version) };
  // counters: one number per label (record), its copies repeat it; reserved before the job is
  // stored, settled when the device reports it (services/deviceJobs.ts), void if it never prints
  const id = newRecordId();
  const reserved = await reserveJobNumbers(ctx.db, owner, id, parsed.doc, records.length);
  // the images' keys are chosen now: the job lists them (and its label count) while they are drawn
  const images = records.map(() => newKey(owner, "tprt/cloudPrint", ".png"));
  // each label repeated per copy, in print order, as the app's cloud print sends its pages
  const keys = images.flatMap((k) => Array<string>(copies).fill(k));
  try {
    await queuePrintJob(ctx.db, owner, {
      id,
      sn: device.sn,
      keys,
      printType: device.type === 2 ? "CNY" : "ESC",
      copies,
      status: "drawing",
    });
  } catch (err) {
    await voidJobNumbers(ctx.db, owner, id);
    throw err;
  }
  // drawn in the raster workers; the job joins the device's queue once its images are stored
  ctx.labelDrawer.start({
    id,
    doc: parsed.doc,
    records,
    counters: reserved,
    keys: images,
    dpi: API_PRINT_DPI,
  });
  await recordApiPrint(ctx, userId, version, device.name, records.length, copies);
  return { job_id: id, status: "drawing", labels: keys.length, version: version.number };
}

/** The label document of the version printed (else "the label file cannot be read"). */
async function labelOf(ctx: Ctx, owner: string, version: PrintableVersion) {
  const fileKey = ownKeyFromUrl(owner, version.file_url);
  const bytes = fileKey ? await ctx.files.get(fileKey) : null;
  const parsed = bytes ? parseLabelFile(bytes, version.template.name) : null;
  if (!parsed?.ok) throw fail("server.apiPrint.labelFile");
  return parsed.doc;
}

/** The caller's print record of an API print (unless they switched recording off), naming the
 * version printed, and the team's audit event for a team template; the record never fails the print. */
async function recordApiPrint(
  ctx: Ctx,
  userId: string,
  v: PrintableVersion,
  printer: string,
  records: number,
  copies: number,
): Promise<void> {
  await addPrintRecord(ctx.db, userId, newRecordId(), {
    templateId: v.template.id,
    name: v.template.name,
    image: "",
    fileWeb: v.file_url,
    width: v.width,
    height: v.height,
    copies,
    isCopy: false,
    tmpType: "cloud",
    dataType: "label",
    printerKind: "cloud",
    printer,
    records: "",
    labels: records * copies,
    pages: records * copies,
    version: v.number,
  }).catch((e: Error) => ctx.config.log(`[inkless] print record: ${e.message}`));
  // a team template's print goes into the team's audit log
  await recordTeamPrint(ctx.db, userId, v.template.id, {
    labels: records * copies,
    printer,
    version: v.number,
  });
}

/** A job's state for GET /api/v1/jobs/<id> (only the caller's own jobs). */
async function job(ctx: Ctx) {
  const { userId } = await apiCaller(ctx, "print");
  const owner = (await apiSpace(ctx, userId, "print")).id;
  const id = String(ctx.fields.$param ?? "");
  const j = await ownPrintJob(ctx.db, owner, id);
  if (!j) throw new ApiError(Code.failed, "server.error.itemNotFound", {}, null, 404);
  return ok(jobOut(j));
}

/** POST /api/v1/jobs/<id>/cancel: a job no device has taken yet is cancelled (it never prints); a
 * job in a print assistant's queue is marked `cancelling` and removed from that queue at the
 * assistant's next poll (its report ends it); a job a cloud device has taken, or one that ended,
 * answers 409 with its state. */
async function cancel(ctx: Ctx) {
  const { userId } = await apiCaller(ctx, "print");
  const owner = (await apiSpace(ctx, userId, "print")).id;
  const id = String(ctx.fields.$param ?? "");
  const r = await cancelPrintJob(ctx.db, owner, id);
  if (!r.job) throw new ApiError(Code.failed, "server.error.itemNotFound", {}, null, 404);
  if (r.outcome === "requested") wakerOf(ctx.db).emit(r.job.sn);
  if (r.outcome !== "refused") return ok(jobOut(r.job));
  throw new ApiError(
    Code.conflict,
    "server.apiPrint.notCancellable",
    { status: r.job.status },
    jobOut(r.job),
    409,
  );
}

/** The routes of GET /api/v1/jobs/<id> and POST /api/v1/jobs/<id>/cancel (matched by prefix in
 * routes/index.ts). */
export const jobRoute = { get: true, auth: false, handle: job };
export const cancelRoute = { auth: false, handle: cancel };

export const apiV1Routes: Routes = {
  // The user's templates, newest first (scope templates:read): what a print call may name.
  "/api/v1/templates": {
    get: true,
    auth: false,
    async handle(ctx) {
      const caller = await apiCaller(ctx, "templates:read");
      const page = Math.max(1, Math.floor(num(ctx.fields, "page") ?? 1));
      const size = Math.min(API_PAGE_MAX, Math.max(1, Math.floor(num(ctx.fields, "size") ?? API_PAGE_MAX)));
      const owner = (await apiSpace(ctx, caller.userId, "read")).id;
      const { rows, count } = await listTemplates(ctx.db, owner, {
        folderId: "",
        keyword: "",
        order: "dateDesc",
        page,
        size,
      });
      return ok(rows.map(templateOut), { count });
    },
  },
  // POST only: it prints. The body may hold records beyond the signed-out 64 KiB.
  "/api/v1/print": { auth: false, anonBodyBytes: API_PRINT_BODY_BYTES, handle: print },
};

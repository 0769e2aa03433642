// Cloud printing (application.md §7 calls 18–20): devices bound to the user and jobs queued for them.
// /api/tem.distInterface/distData dispatches on `fun`; /api/device/* are ours: binding (session) and
// the device side (sn + device key), which the print assistant long-polls for jobs.
import { EventEmitter } from "node:events";
import { createHash, randomBytes } from "node:crypto";
import { newRecordId } from "../../model/ids";
import type { Db } from "../db";
import { ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { checkName, formatTime } from "../validate";

/** A device counts as online (status 1) when it polled within this window. */
export const ONLINE_MS = 45_000;
const MAX_WAIT_MS = 25_000;
const MAX_FILES = 2000;
const MAX_DEVICES = 50;

const hashKey = (k: string) => createHash("sha256").update(k).digest("hex");
const noDevice = () => new ApiError(Code.failed, "server.error.deviceNotFound");

/** Wakes long-polling devices of one server (keyed by its database) when a job is queued. */
const wakers = new WeakMap<Db, EventEmitter>();
function wakerOf(db: Db): EventEmitter {
  let w = wakers.get(db);
  if (!w) {
    w = new EventEmitter();
    w.setMaxListeners(0);
    wakers.set(db, w);
  }
  return w;
}

interface DeviceRow {
  sn: string;
  name: string;
  type: number;
  last_seen: Date | null;
  created_at: Date;
}

const statusOf = (d: DeviceRow, now = Date.now()) =>
  d.last_seen && now - new Date(d.last_seen).getTime() < ONLINE_MS ? 1 : 0;

async function ownDevice(ctx: Ctx, sn: string): Promise<DeviceRow> {
  const rows = await ctx.db.query<DeviceRow>(
    "SELECT sn, name, type, last_seen, created_at FROM devices WHERE sn = $1 AND user_id = $2",
    [sn, userOf(ctx).id],
  );
  if (!rows[0]) throw noDevice();
  return rows[0];
}

async function bindList(ctx: Ctx) {
  const rows = await ctx.db.query<DeviceRow>(
    "SELECT sn, name, type, last_seen, created_at FROM devices WHERE user_id = $1 ORDER BY created_at, sn",
    [userOf(ctx).id],
  );
  return rows.map((d) => ({ sn: d.sn, name: d.name, type: d.type, add_time: formatTime(d.created_at) }));
}

async function statusList(ctx: Ctx) {
  const sns = str(ctx.fields, "sn_arr", 10_000)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_DEVICES * 2);
  if (!sns.length) return [];
  const rows = await ctx.db.query<DeviceRow>(
    "SELECT sn, name, type, last_seen, created_at FROM devices WHERE user_id = $1 AND sn = ANY($2::text[])",
    [userOf(ctx).id, sns],
  );
  const now = Date.now();
  return rows.map((d) => ({ sn: d.sn, name: d.name, type: d.type, status: statusOf(d, now) }));
}

async function printFile(ctx: Ctx) {
  const u = userOf(ctx);
  const device = await ownDevice(ctx, str(ctx.fields, "sn", 64));
  const urls = str(ctx.fields, "files", 2_000_000)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!urls.length || urls.length > MAX_FILES) throw new ApiError(Code.failed, "server.error.printFiles");
  // Only the user's own uploaded images; each distinct file must exist.
  const keys = urls.map((url) => ownKeyFromUrl(u.id, url));
  if (keys.some((k) => !k)) throw new ApiError(Code.forbidden, "server.error.printFiles");
  for (const k of new Set(keys as string[]))
    if (!(await ctx.files.get(k))) throw new ApiError(Code.failed, "server.error.fileMissing");
  const printType = str(ctx.fields, "print_type", 8).toUpperCase();
  if (printType !== (device.type === 2 ? "CNY" : "ESC"))
    throw new ApiError(Code.failed, "server.error.printType");
  if (num(ctx.fields, "print_file_type") !== 1) throw new ApiError(Code.failed, "server.error.printType");
  const copies = num(ctx.fields, "phr") ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > 10_000)
    throw new ApiError(Code.failed, "server.error.printCopies");
  const id = newRecordId();
  await ctx.db.query(
    "INSERT INTO print_jobs (id, user_id, sn, files, print_type, copies) VALUES ($1, $2, $3, $4, $5, $6)",
    [id, u.id, device.sn, (keys as string[]).join(","), printType, copies],
  );
  wakerOf(ctx.db).emit(device.sn);
  return { job_id: id, sn: device.sn, files: urls.length };
}

/** The device side: sn + key, no session. Marks the device seen. */
async function deviceOf(ctx: Ctx): Promise<string> {
  const sn = str(ctx.fields, "sn", 64);
  const key = str(ctx.fields, "key", 200);
  if (!sn || !key) throw new ApiError(Code.unauthorized, "server.error.deviceKey");
  const rows = await ctx.db.query<{ sn: string }>(
    "UPDATE devices SET last_seen = now() WHERE sn = $1 AND key_hash = $2 RETURNING sn",
    [sn, hashKey(key)],
  );
  if (!rows[0]) throw new ApiError(Code.unauthorized, "server.error.deviceKey");
  return sn;
}

/** Takes the oldest queued job of the device (status queued → sent) with its images inlined. */
async function takeJob(ctx: Ctx, sn: string) {
  const rows = await ctx.db.query<{ id: string; files: string; print_type: string; copies: number }>(
    `UPDATE print_jobs SET status = 'sent', taken_at = now()
      WHERE id = (SELECT id FROM print_jobs WHERE sn = $1 AND status = 'queued'
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, files, print_type, copies`,
    [sn],
  );
  const job = rows[0];
  if (!job) return null;
  const keys = job.files.split(",");
  const unique = [...new Set(keys)];
  const images: string[] = [];
  for (const k of unique) {
    const bytes = await ctx.files.get(k);
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

export const deviceRoutes: Routes = {
  "/api/tem.distInterface/distData": {
    auth: true,
    async handle(ctx) {
      const fun = str(ctx.fields, "fun", 64);
      if (fun === "hmBindEquipmentList") return ok(await bindList(ctx));
      if (fun === "getHmEquipmentStatus") return ok(await statusList(ctx));
      if (fun === "hmPrintFile") return ok(await printFile(ctx));
      throw new ApiError(Code.failed, "server.error.unknownFun");
    },
  },

  // Binds a new device to the user; the key is shown once (the assistant stores it).
  "/api/device/bind": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      const type = num(ctx.fields, "type") ?? 1;
      if (type !== 1 && type !== 2) throw new ApiError(Code.failed, "server.error.badType");
      const [{ n }] = await ctx.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM devices WHERE user_id = $1",
        [u.id],
      );
      if (n >= MAX_DEVICES) throw new ApiError(Code.failed, "server.error.tooManyDevices");
      const sn = `INK${randomBytes(6).toString("hex").toUpperCase()}`;
      const key = randomBytes(24).toString("base64url");
      await ctx.db.query(
        "INSERT INTO devices (sn, user_id, name, type, key_hash) VALUES ($1, $2, $3, $4, $5)",
        [sn, u.id, name, type, hashKey(key)],
      );
      return ok({ sn, key, name, type });
    },
  },

  "/api/device/unbind": {
    auth: true,
    async handle(ctx) {
      const rows = await ctx.db.query("DELETE FROM devices WHERE sn = $1 AND user_id = $2 RETURNING sn", [
        str(ctx.fields, "sn", 64),
        userOf(ctx).id,
      ]);
      if (!rows.length) throw noDevice();
      return ok(null);
    },
  },

  // Long poll: answers a job as soon as one is queued, or null after `wait` ms (≤ 25 s).
  "/api/device/poll": {
    auth: false,
    async handle(ctx) {
      const sn = await deviceOf(ctx);
      const job = await takeJob(ctx, sn);
      if (job) return ok(job);
      const wait = Math.min(Math.max(Math.trunc(num(ctx.fields, "wait") ?? MAX_WAIT_MS), 0), MAX_WAIT_MS);
      if (wait === 0) return ok(null);
      const waker = wakerOf(ctx.db);
      await new Promise<void>((done) => {
        const finish = () => {
          clearTimeout(t);
          waker.off(sn, finish);
          ctx.res.off("close", finish);
          done();
        };
        const t = setTimeout(finish, wait);
        waker.on(sn, finish);
        ctx.res.on("close", finish);
      });
      if (ctx.res.destroyed) return ok(null);
      return ok(await takeJob(ctx, sn));
    },
  },

  // The device reports how a job went: ok → done, otherwise failed with its message.
  "/api/device/report": {
    auth: false,
    async handle(ctx) {
      const sn = await deviceOf(ctx);
      const success = ctx.fields.ok === true || ctx.fields.ok === 1 || ctx.fields.ok === "1";
      const rows = await ctx.db.query(
        `UPDATE print_jobs SET status = $3, message = $4 WHERE id = $1 AND sn = $2 AND status = 'sent'
         RETURNING id`,
        [str(ctx.fields, "job_id", 64), sn, success ? "done" : "failed", str(ctx.fields, "msg", 500)],
      );
      if (!rows.length) throw new ApiError(Code.failed, "server.error.itemNotFound");
      return ok(null);
    },
  },
};

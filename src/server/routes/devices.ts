// Cloud printing (application.md §7 calls 18–20), the user's side: devices bound to the user and
// jobs queued for them. /api/tem.distInterface/distData dispatches on `fun`; /api/device/* are ours:
// binding (a registered assistant by serial + verification code, or a new serial + key to copy into
// a device's settings), rename, unbind and the job list. The device side is in deviceSide.ts.
import { newRecordId } from "../../model/ids";
import { clearFailures, takeAttempt } from "../auth/rateLimit";
import { ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { checkName, formatTime } from "../validate";
import { recentJobs, sweepJobs, wakerOf } from "./deviceJobs";
import { claimRegistration, hashSecret, newDeviceKey, newSerial } from "./deviceLink";
import { deviceSideRoutes } from "./deviceSide";

/** A device counts as online (status 1) when it polled within this window. */
export const ONLINE_MS = 45_000;
const MAX_FILES = 2000;
const MAX_DEVICES = 50;

const noDevice = () => new ApiError(Code.failed, "server.error.deviceNotFound");

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

  // With sn + code: binds the registered print assistant that shows this code. Without: creates a
  // device of `type` and answers its serial and key, shown once, for the device's settings.
  "/api/device/bind": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const sn = str(ctx.fields, "sn", 64);
      const code = str(ctx.fields, "code", 64);
      const rawName = str(ctx.fields, "name", 100);
      const [{ n }] = await ctx.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM devices WHERE user_id = $1",
        [u.id],
      );
      if (n >= MAX_DEVICES) throw new ApiError(Code.failed, "server.error.tooManyDevices");
      if (sn || code) {
        const name = rawName ? checkName(rawName) : "";
        const limitKey = `device-bind:${u.id}`;
        if (!(await takeAttempt(ctx.db, limitKey)))
          throw new ApiError(Code.failed, "server.error.tooFrequent");
        const bound = await ctx.db.tx((q) => claimRegistration(q, u.id, sn, code, name));
        if (!bound) throw new ApiError(Code.failed, "server.error.deviceCode");
        await clearFailures(ctx.db, limitKey);
        wakerOf(ctx.db).emit(bound.sn); // its pending poll answers at once
        return ok({ ...bound, add_time: formatTime(new Date()) });
      }
      const name = checkName(rawName);
      const type = num(ctx.fields, "type") ?? 1;
      if (type !== 1 && type !== 2) throw new ApiError(Code.failed, "server.error.badType");
      const newSn = newSerial();
      const key = newDeviceKey();
      await ctx.db.query(
        "INSERT INTO devices (sn, user_id, name, type, key_hash) VALUES ($1, $2, $3, $4, $5)",
        [newSn, u.id, name, type, hashSecret(key)],
      );
      return ok({ sn: newSn, key, name, type });
    },
  },

  "/api/device/rename": {
    auth: true,
    async handle(ctx) {
      const name = checkName(str(ctx.fields, "name", 100));
      const rows = await ctx.db.query<{ sn: string }>(
        "UPDATE devices SET name = $3 WHERE sn = $1 AND user_id = $2 RETURNING sn",
        [str(ctx.fields, "sn", 64), userOf(ctx).id, name],
      );
      if (!rows[0]) throw noDevice();
      return ok({ sn: rows[0].sn, name });
    },
  },

  // The device's latest jobs with their state (queued, sent, printing, done, failed).
  "/api/device/jobs": {
    auth: true,
    async handle(ctx) {
      const device = await ownDevice(ctx, str(ctx.fields, "sn", 64));
      await sweepJobs(ctx.db);
      const rows = await recentJobs(ctx.db, userOf(ctx).id, device.sn);
      return ok(
        rows.map((j) => ({
          id: j.id,
          status: j.status,
          labels: j.labels ?? 0,
          copies: j.copies,
          attempts: j.attempts,
          msg: j.message,
          add_time: formatTime(j.created_at),
          done_time: formatTime(j.done_at),
        })),
      );
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

  ...deviceSideRoutes,
};

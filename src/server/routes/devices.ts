// Cloud printing (application.md §7 calls 18–20), the user's side: devices bound to the user and
// jobs queued for them. /api/tem.distInterface/distData dispatches on `fun`; /api/device/* are ours:
// binding (a registered assistant by serial + verification code, or a new serial + key to copy into
// a device's settings), rename, unbind and the job list. The device side is in deviceSide.ts; the
// rules and rows in services/devices.ts, deviceLink.ts and deviceJobs.ts.
import { imeiError, normalImei } from "../../print/imei";
import { refusesJobs, statusKeys } from "../../print/status";
import { ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { recentJobs, sweepJobs, wakerOf } from "../services/deviceJobs";
import { bindRegisteredDevice } from "../services/deviceLink";
import { languageOf, liveStatusOf, saveDeviceSettings, settingsOfRow } from "../services/deviceSettings";
import {
  checkDeviceLimit,
  createDevice,
  MAX_DEVICES,
  ownDevice,
  queuePrintJob,
  renameDevice,
  setDeviceImei,
  statusOf,
  unbindDevice,
  userDevices,
  userDevicesBySerial,
} from "../services/devices";
import { checkName, formatTime } from "../validate";
import { deviceSideRoutes } from "./deviceSide";
import { spaceOf } from "./teamSpace";

const MAX_FILES = 2000;

async function bindList(ctx: Ctx) {
  const rows = await userDevices(ctx.db, (await spaceOf(ctx, "read")).id);
  const now = Date.now();
  return rows.map((d) => {
    const language = languageOf(d.printer_language);
    const live = liveStatusOf(d, now);
    return {
      sn: d.sn,
      name: d.name,
      type: d.type,
      imei: d.imei,
      add_time: formatTime(d.created_at),
      // what the device says its printer is loaded with (mm), absent when it never said
      ...(d.paper_width && d.paper_height
        ? { paper_width: d.paper_width, paper_height: d.paper_height }
        : {}),
      // the owner's printer settings, the printer's language and its live state (absent when unsaid)
      settings: settingsOfRow(d),
      ...(language ? { printer_language: language } : {}),
      ...(live ? { printer_status: live } : {}),
    };
  });
}

async function statusList(ctx: Ctx) {
  const sns = str(ctx.fields, "sn_arr", 10_000)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_DEVICES * 2);
  if (!sns.length) return [];
  const rows = await userDevicesBySerial(ctx.db, (await spaceOf(ctx, "read")).id, sns);
  const now = Date.now();
  return rows.map((d) => ({ sn: d.sn, name: d.name, type: d.type, status: statusOf(d, now) }));
}

async function printFile(ctx: Ctx) {
  const u = await spaceOf(ctx, "print");
  const device = await ownDevice(ctx.db, u.id, str(ctx.fields, "sn", 64));
  // a device whose printer says it cannot print (paper out, head open…) gets no job
  const live = liveStatusOf(device);
  if (live && refusesJobs(live))
    throw new ApiError(Code.failed, "print.status.refused", {
      printer: device.name,
      reasonKeys: statusKeys(live).join(","),
    });
  const urls = str(ctx.fields, "files", 2_000_000)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!urls.length || urls.length > MAX_FILES) throw new ApiError(Code.failed, "server.error.printFiles");
  // Only the user's own uploaded images (in a team space, the team's or the printing member's);
  // each distinct file must exist.
  const keys = urls.map((url) => ownKeyFromUrl(u.id, url) ?? ownKeyFromUrl(u.actor, url));
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
  // the editor reserved the job's counter numbers under an id it chose (/api/counter/jobReserve): the
  // job takes that id, so the device's report settles them (services/deviceJobs.ts)
  const jobId = str(ctx.fields, "job_id", 64);
  if (jobId && !/^[A-Za-z0-9_.:-]{1,64}$/.test(jobId))
    throw new ApiError(Code.failed, "server.counter.badJob");
  const id = await queuePrintJob(ctx.db, u.id, {
    sn: device.sn,
    keys: keys as string[],
    printType,
    copies,
    ...(jobId ? { id: jobId } : {}),
  });
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
      // a team's printers are bound, renamed, set and unbound by its owners
      const u = await spaceOf(ctx, "manage");
      const sn = str(ctx.fields, "sn", 64);
      const code = str(ctx.fields, "code", 64);
      const rawName = str(ctx.fields, "name", 100);
      // a cellular printer's IMEI (optional): checked before anything is bound
      const typedImei = str(ctx.fields, "imei", 64);
      const imeiWrong = imeiError(typedImei);
      if (imeiWrong) throw new ApiError(Code.failed, imeiWrong);
      const imei = normalImei(typedImei);
      await checkDeviceLimit(ctx.db, u.id);
      if (sn || code) {
        const name = rawName ? checkName(rawName) : "";
        const bound = await bindRegisteredDevice(ctx.db, u.id, sn, code, name);
        if (imei) await setDeviceImei(ctx.db, u.id, bound.sn, imei);
        return ok({ ...bound, imei, add_time: formatTime(new Date()) });
      }
      const name = checkName(rawName);
      const type = num(ctx.fields, "type") ?? 1;
      if (type !== 1 && type !== 2) throw new ApiError(Code.failed, "server.error.badType");
      const { sn: newSn, key } = await createDevice(ctx.db, u.id, name, type);
      if (imei) await setDeviceImei(ctx.db, u.id, newSn, imei);
      return ok({ sn: newSn, key, name, type, imei });
    },
  },

  "/api/device/rename": {
    auth: true,
    async handle(ctx) {
      const name = checkName(str(ctx.fields, "name", 100));
      const sn = await renameDevice(
        ctx.db,
        (await spaceOf(ctx, "manage")).id,
        str(ctx.fields, "sn", 64),
        name,
      );
      return ok({ sn, name });
    },
  },

  // The device's latest jobs with their state (queued, sent, printing, done, failed).
  "/api/device/jobs": {
    auth: true,
    async handle(ctx) {
      const owner = (await spaceOf(ctx, "read")).id;
      const device = await ownDevice(ctx.db, owner, str(ctx.fields, "sn", 64));
      await sweepJobs(ctx.db);
      const rows = await recentJobs(ctx.db, owner, device.sn);
      return ok(
        rows.map((j) => ({
          id: j.id,
          // a print API job waiting in the assistant's own queue is waiting, as the API shows it
          status: j.status === "accepted" ? "queued" : j.status,
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

  // The owner's printer settings for one of their devices, sent with each of its jobs from now on.
  "/api/device/settings": {
    auth: true,
    async handle(ctx) {
      const raw = ctx.fields.settings;
      let value: unknown = raw;
      if (typeof raw === "string") {
        try {
          value = JSON.parse(raw);
        } catch {
          throw new ApiError(Code.failed, "server.error.deviceSetting", { setting: "settings" });
        }
      }
      if (!value || typeof value !== "object" || Array.isArray(value))
        throw new ApiError(Code.failed, "server.error.deviceSetting", { setting: "settings" });
      const settings = await saveDeviceSettings(
        ctx.db,
        (await spaceOf(ctx, "manage")).id,
        str(ctx.fields, "sn", 64),
        value,
      );
      return ok({ settings });
    },
  },

  "/api/device/unbind": {
    auth: true,
    async handle(ctx) {
      await unbindDevice(ctx.db, (await spaceOf(ctx, "manage")).id, str(ctx.fields, "sn", 64));
      return ok(null);
    },
  },

  ...deviceSideRoutes,
};

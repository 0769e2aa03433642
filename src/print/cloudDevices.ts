// The account's cloud printing devices, as the My printer page and the print dialog see them
// (application.md §7 calls 18–19 plus our /api/device/* calls). The request client is passed in.
import type { ApiClient } from "../app/api/core";

const DIST = "/api/tem.distInterface/distData";

import { normalImei } from "./imei";
import type { PrinterLanguage } from "./job";
import { type PrinterSettings, printerSettingsOf } from "./settings";
import { type PrinterStatus, printerStatusOf } from "./status";
import { type Stock, stockOf } from "./stock";

export interface CloudDevice {
  readonly sn: string;
  readonly name: string;
  /** 1: ESC images (print assistants), 2: CNY */
  readonly type: number;
  /** 1 online, 0 offline */
  readonly status: number;
  readonly addTime: string;
  /** a cellular printer's IMEI, "" for none */
  readonly imei: string;
  /** the labels its printer is loaded with, as the device says (absent when it does not) */
  readonly stock?: Stock;
  /** the owner's printer settings, sent with each job (empty: as the printer is set) */
  readonly settings: PrinterSettings;
  /** its printer's language, as the device says (the darkness scale) */
  readonly language?: PrinterLanguage;
  /** its printer's live state, as the device last said (absent when it did not lately) */
  readonly printerStatus?: PrinterStatus;
}

export type CloudJobStatus = "drawing" | "queued" | "sent" | "printing" | "done" | "failed" | "cancelled";

export interface CloudJobInfo {
  readonly id: string;
  readonly status: CloudJobStatus;
  readonly labels: number;
  readonly msg: string;
  readonly addTime: string;
}

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === "object") : [];
const JOB_STATES: readonly CloudJobStatus[] = [
  "drawing",
  "queued",
  "sent",
  "printing",
  "done",
  "failed",
  "cancelled",
];

/** Bound devices (hmBindEquipmentList) with their status (getHmEquipmentStatus). */
export async function listCloudDevices(
  api: ApiClient,
  opts: { loading?: boolean } = {},
): Promise<CloudDevice[]> {
  const loading = opts.loading ?? false;
  const bound = list(await api.post<unknown>(DIST, { fun: "hmBindEquipmentList" }, { loading }))
    .map((d) => {
      const stock = stockOf({ widthMm: d.paper_width, heightMm: d.paper_height });
      const language: PrinterLanguage | null =
        d.printer_language === "TSPL" || d.printer_language === "ZPL" ? d.printer_language : null;
      const printerStatus = printerStatusOf(d.printer_status);
      return {
        sn: text(d.sn),
        name: text(d.name),
        type: Number(d.type) || 1,
        addTime: text(d.add_time),
        imei: text(d.imei),
        ...(stock ? { stock } : {}),
        settings: printerSettingsOf(d.settings, language ?? "ZPL").settings,
        ...(language ? { language } : {}),
        ...(printerStatus ? { printerStatus } : {}),
      };
    })
    .filter((d) => d.sn);
  if (!bound.length) return [];
  const st = list(
    await api.post<unknown>(
      DIST,
      { fun: "getHmEquipmentStatus", sn_arr: bound.map((d) => d.sn).join(",") },
      { loading: false },
    ),
  );
  const status = new Map(
    st.map((s) => [text(s.sn), { status: Number(s.status) || 0, type: Number(s.type) }]),
  );
  return bound.map((d) => ({
    ...d,
    name: d.name || d.sn,
    status: status.get(d.sn)?.status ?? 0,
    type: status.get(d.sn)?.type || d.type,
  }));
}

/** Binds the registered print assistant showing `code` (serial + verification code). */
export async function bindCloudDevice(
  api: ApiClient,
  input: { sn: string; code: string; name: string; imei?: string },
): Promise<{ sn: string; name: string }> {
  const d = await api.post<Record<string, unknown>>("/api/device/bind", {
    sn: input.sn.trim(),
    code: input.code.trim(),
    name: input.name.trim(),
    imei: normalImei(input.imei ?? ""),
  });
  return { sn: text(d?.sn), name: text(d?.name) };
}

export async function renameCloudDevice(api: ApiClient, sn: string, name: string): Promise<void> {
  await api.post("/api/device/rename", { sn, name: name.trim() });
}

/** Keeps `settings` as the device's printer settings (the server checks them again). */
export async function saveCloudDeviceSettings(
  api: ApiClient,
  sn: string,
  settings: PrinterSettings,
): Promise<void> {
  await api.post("/api/device/settings", { sn, settings });
}

export async function unbindCloudDevice(api: ApiClient, sn: string): Promise<void> {
  await api.post("/api/device/unbind", { sn });
}

/** The device's latest jobs, newest first. */
export async function cloudDeviceJobs(api: ApiClient, sn: string): Promise<CloudJobInfo[]> {
  return list(await api.post<unknown>("/api/device/jobs", { sn }, { loading: false })).map((j) => {
    const status = text(j.status) as CloudJobStatus;
    return {
      id: text(j.id),
      status: JOB_STATES.includes(status) ? status : "failed",
      labels: Number(j.labels) || 0,
      msg: text(j.msg),
      addTime: text(j.add_time),
    };
  });
}

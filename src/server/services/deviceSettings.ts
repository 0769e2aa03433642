// A cloud device's printer settings (darkness, speed, media, offsets, after printing…) kept by the
// server and sent with each job, and the live state its printer was last reported in. The owner edits
// the settings (routes/devices.ts); the device reports its printer's language and state when it
// polls or when the state changes (routes/deviceSide.ts). Ranges and words: src/print/settings.ts,
// src/print/status.ts.
import type { PrinterLanguage } from "../../print/job";
import { type PrinterSettings, printerSettingsOf } from "../../print/settings";
import { type PrinterStatus, printerStatusOf } from "../../print/status";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import { type DeviceRow, ONLINE_MS, ownDevice } from "./devices";

export type DeviceSettingsRow = Pick<
  DeviceRow,
  "settings" | "printer_language" | "printer_status" | "status_at"
>;
const SETTINGS_COLUMNS = "settings, printer_language, printer_status, status_at";

export const languageOf = (v: unknown): PrinterLanguage | null => (v === "TSPL" || v === "ZPL" ? v : null);

const parse = (text: string | null): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/** The stored settings, checked again (for the language the device reports; ZPL's wider darkness
 * scale while it has not said). */
export function settingsOfRow(row: DeviceSettingsRow): PrinterSettings {
  return printerSettingsOf(parse(row.settings), languageOf(row.printer_language) ?? "ZPL").settings;
}

/** The printer's state as the device last reported it, or null when it did not within ONLINE_MS
 * (an old state says nothing about the printer now). */
export function liveStatusOf(row: DeviceSettingsRow, now = Date.now()): PrinterStatus | null {
  if (!row.status_at || now - new Date(row.status_at).getTime() >= ONLINE_MS) return null;
  return printerStatusOf(parse(row.printer_status));
}

export async function deviceSettingsRow(q: Queryable, sn: string): Promise<DeviceSettingsRow | null> {
  const rows = await q.query<DeviceSettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM devices WHERE sn = $1`, [
    sn,
  ]);
  return rows[0] ?? null;
}

/** Saves the owner's settings for one of their devices; a value the printer does not take is an
 * error naming the setting, and nothing is saved. Answers what was saved. */
export async function saveDeviceSettings(
  q: Queryable,
  userId: string,
  sn: string,
  raw: unknown,
): Promise<PrinterSettings> {
  const device = await ownDevice(q, userId, sn);
  const { settings, problems } = printerSettingsOf(raw, languageOf(device.printer_language) ?? "ZPL");
  if (problems.length)
    throw new ApiError(Code.failed, "server.error.deviceSetting", { setting: problems[0].setting });
  await q.query("UPDATE devices SET settings = $3 WHERE sn = $1 AND user_id = $2", [
    device.sn,
    userId,
    JSON.stringify(settings),
  ]);
  return settings;
}

/** Records what a bound device says about its printer: its language and its state (either may be
 * absent or nonsense, then it is left as it was; a state is kept with the time it was said). */
export async function reportPrinter(
  q: Queryable,
  sn: string,
  report: { language: unknown; status: unknown },
): Promise<void> {
  const language = languageOf(report.language);
  const status = printerStatusOf(report.status);
  if (!language && !status) return;
  await q.query(
    `UPDATE devices SET
       printer_language = COALESCE($2, printer_language),
       printer_status = COALESCE($3, printer_status),
       status_at = CASE WHEN $3::text IS NULL THEN status_at ELSE now() END
     WHERE sn = $1`,
    [sn, language, status ? JSON.stringify(status) : null],
  );
}

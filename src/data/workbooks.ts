// Pure helpers of the editor's spreadsheet data: reading the import call's answer defensively,
// the spreadsheet URLs a document links, short file names for the chooser and upload keys.

import { SPREADSHEET_NAME_DISPLAY_MAX } from "../model/constants";
import type { LabelDocument } from "../model/types";
import type { Sheet, Workbook } from "../spreadsheet/types";
import { allSources, isSpreadsheetUrl } from "./index";

/** Spreadsheet types the editor uploads (spec §5 names .xls/.xlsx; the issue adds CSV). */
export const SPREADSHEET_EXTS = ["xls", "xlsx", "csv"] as const;

const cellText = (v: unknown): string =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "";

/**
 * The import call's answer (`[{ sheetName, data: string[][] }]`) as a Workbook, or null when it is
 * not that shape. Cells that crossed JSON as numbers or booleans become text; others are blank.
 */
export function toWorkbook(raw: unknown): Workbook | null {
  if (!Array.isArray(raw)) return null;
  const sheets: Sheet[] = [];
  for (const s of raw) {
    if (!s || typeof s !== "object") return null;
    const o = s as { sheetName?: unknown; data?: unknown };
    const rows = Array.isArray(o.data) ? o.data : [];
    sheets.push({
      sheetName: cellText(o.sheetName),
      data: rows.map((r) => (Array.isArray(r) ? r.map(cellText) : [])),
    });
  }
  return { sheets };
}

/** Every distinct spreadsheet URL the document's sources link (elements and table cells). */
export function spreadsheetUrls(doc: LabelDocument): string[] {
  const out = new Set<string>();
  for (const { source } of allSources(doc))
    if (source.DataSourceType === 1 && source.ConnectionStr && isSpreadsheetUrl(source.ConnectionStr))
      out.add(source.ConnectionStr);
  return [...out];
}

/**
 * A live source's address: http(s) and not one of this server's stored files (`…/files/…`, the
 * server's own rule in keyFromUrl). The server fetches it again each time it is imported.
 */
export function isLiveSheetUrl(url: string): boolean {
  const u = (url ?? "").trim();
  return /^https?:\/\/[^\s/?#]+/i.test(u) && !/^https?:\/\/[^/?#]+\/files\//i.test(u);
}

/** What the file field shows for a live address: its last path segment, else its host. */
export function liveSheetName(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last) : u.host;
  } catch {
    return url;
  }
}

/** A database source's address (`/query/<id>`, the server's queryUrl): its query runs when it is read. */
export const isQuerySheetUrl = (url: string): boolean => /^\/query\/[A-Za-z0-9_-]{1,64}$/.test(url ?? "");

/** Read again when the label opens, on "Fetch again" and before printing: a web address or a query. */
export const isLiveSource = (url: string): boolean => isLiveSheetUrl(url) || isQuerySheetUrl(url);

/** Every live address (web or database) the document's spreadsheet sources read. */
export const liveSheetUrls = (doc: LabelDocument): string[] => spreadsheetUrls(doc).filter(isLiveSource);

/** A name shortened to `max` characters with an ellipsis (code points, so emoji stay whole). */
export function shortenName(name: string, max = SPREADSHEET_NAME_DISPLAY_MAX): string {
  const chars = Array.from(name ?? "");
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** Lower-case extension of a file name ("" without one). */
export function extensionOf(name: string): string {
  const m = /\.([^./\\]+)$/.exec(name ?? "");
  return m ? m[1].toLowerCase() : "";
}

export function isSpreadsheetName(name: string): boolean {
  return (SPREADSHEET_EXTS as readonly string[]).includes(extensionOf(name));
}

/** A file name safe as the last segment of a storage key (no separators, reserved or control characters). */
export function safeKeyName(name: string): string {
  const ext = extensionOf(name);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  let base = (name ?? "").replace(/[\\/?#%"<>|*:\u0000-\u001f\u007f]/g, "_").trim();
  base = Array.from(base).slice(-100).join("").trim();
  if (!base || /^\.+$/.test(base)) base = `sheet.${ext || "xlsx"}`;
  return base;
}

/** Record index kept inside 0 … total − 1. */
export function clampRecord(index: number, total: number): number {
  if (!Number.isFinite(index) || total <= 1) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), total - 1);
}

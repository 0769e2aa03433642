// POST /api/v1/print (issue 39): a cloud template printed with records the caller sends, on one of
// the user's cloud devices, as the app's cloud print does (app/printing/cloudPrint.ts): one 203 dpi
// PNG per label (the print assistant's raster path: text as outlines, resvg), drawn in the raster
// workers after the request is answered (./apiDraw.ts), stored with the user's files, each repeated
// per copy, queued for the device (services/devices.ts).
//
// Records: each an object of field values by column name. A spreadsheet-bound field of the label
// (a data source of type 1) takes the value of its ColumnName (else of "column <n>", 1-based), so
// the label prints as if its spreadsheet held these rows.
import type { FieldRecord } from "../../data/recordSheets";
import { ApiError, Code } from "../http/envelope";

export const API_PRINT_DPI = 203;
/** Records one call may print, and labels (records × copies) in all. */
export const MAX_API_RECORDS = 1000;
export const MAX_API_LABELS = 2000;
export const MAX_API_COPIES = 100;
/** A field value's length. */
export const MAX_FIELD_CHARS = 1000;

export type ApiRecord = FieldRecord;

const bad = (key: string, vars: Record<string, string | number> = {}) => new ApiError(Code.failed, key, vars);

/** The records of a request body, checked: 1…MAX_API_RECORDS objects of strings or numbers. */
export function readRecords(v: unknown): ApiRecord[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_API_RECORDS)
    throw bad("server.apiPrint.records", { max: MAX_API_RECORDS });
  return v.map((r, i) => {
    if (!r || typeof r !== "object" || Array.isArray(r)) throw bad("server.apiPrint.record", { n: i + 1 });
    const out: Record<string, string> = Object.create(null);
    for (const [k, x] of Object.entries(r)) {
      if (typeof x !== "string" && !(typeof x === "number" && Number.isFinite(x)))
        throw bad("server.apiPrint.record", { n: i + 1 });
      const s = String(x);
      if (s.length > MAX_FIELD_CHARS) throw bad("server.error.tooLong", { field: k, max: MAX_FIELD_CHARS });
      out[k] = s;
    }
    return out;
  });
}

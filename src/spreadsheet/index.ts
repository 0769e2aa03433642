// Spreadsheet import for the server's import call and for a browser Web Worker (worker.ts): bytes in,
// Workbook or a typed, translatable error out. Never throws. No Node-only APIs are used.
// The container is recognised by its bytes, not by the name: zip (.xlsx), OLE compound file (.xls),
// otherwise text (.csv). The name only gives a CSV's sheet its name.
import { looksLikeText, parseCsv } from "./csv";
import { parseExcel } from "./excel";
import { DEFAULT_LIMITS, MB, type SpreadsheetLimits } from "./limits";
import type { ParseResult, SpreadsheetError } from "./types";
import { readXlsx } from "./xlsxReader";
import { checkZip } from "./zipGuard";

export { DEFAULT_LIMITS, type SpreadsheetLimits } from "./limits";
export type { ParseResult, Sheet, SpreadsheetError, SpreadsheetErrorKey, Workbook } from "./types";

export type SpreadsheetKind = "xlsx" | "xls" | "csv" | "unknown";

const startsWith = (b: Uint8Array, sig: readonly number[]) => sig.every((v, i) => b[i] === v);

export function detectKind(bytes: Uint8Array, name = ""): SpreadsheetKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "xlsx";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "xls";
  const ext = name.toLowerCase().split(".").pop() ?? "";
  if (ext === "xlsx" || !looksLikeText(bytes)) return "unknown";
  // Many systems "export to Excel" as tab-separated text named .xls; HTML or XML tables are not read.
  if (ext === "xls")
    return /^(\uFEFF)?\s*</.test(new TextDecoder().decode(bytes.subarray(0, 64))) ? "unknown" : "csv";
  return "csv";
}

function baseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? "";
  const dot = file.lastIndexOf(".");
  return (dot > 0 ? file.slice(0, dot) : file).trim() || "Sheet1";
}

const fail = (error: SpreadsheetError): ParseResult => ({ ok: false, error });

/** Parses a spreadsheet file. `name` is the original file name (used for a CSV's sheet name). */
export async function parseSpreadsheet(
  input: Uint8Array | ArrayBuffer,
  name = "",
  limits: SpreadsheetLimits = DEFAULT_LIMITS,
): Promise<ParseResult> {
  try {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    if (bytes.length === 0) return fail({ key: "spreadsheet.error.empty" });
    if (bytes.length > limits.maxFileBytes)
      return fail({
        key: "spreadsheet.error.tooLarge",
        vars: { limit: Math.round(limits.maxFileBytes / MB) },
      });
    const kind = detectKind(bytes, name);
    let res: Awaited<ReturnType<typeof parseExcel>>;
    if (kind === "xlsx") {
      const own = await readXlsx(bytes, limits);
      if (own) res = own;
      else {
        // not an XML workbook (e.g. .xlsb): SheetJS reads it after the whole archive passed the bomb check
        const bomb = checkZip(bytes, limits.maxUnpackedBytes);
        if (bomb) return fail(bomb);
        res = await parseExcel(bytes, limits);
      }
    } else if (kind === "xls") res = await parseExcel(bytes, limits);
    else if (kind === "csv") res = await parseCsv(bytes, baseName(name), limits);
    else return fail({ key: "spreadsheet.error.unsupported" });
    if (!res.ok) return res;
    if (res.sheets.length === 0) return fail({ key: "spreadsheet.error.noSheets" });
    return { ok: true, workbook: { sheets: res.sheets } };
  } catch (e) {
    return fail({
      key: "spreadsheet.error.corrupt",
      detail: String((e as Error)?.message ?? e).slice(0, 300),
    });
  }
}

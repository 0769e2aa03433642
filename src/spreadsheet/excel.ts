// .xlsx / .xls through SheetJS (@e965/xlsx: the 0.20.3 build with the prototype-pollution and ReDoS
// fixes), loaded lazily. Formulas are never evaluated: only the values Excel cached are read
// (cellFormula off). Cell text: strings as they are; General numbers as the number (15 significant
// digits, no "6.90123E+12"); dates and times as ISO text (yyyy-MM-dd, HH:mm:ss or both), which the
// date check and DataType 4/5 understand; other number formats as Excel shows them ("12.50%", "000123").
import type { SpreadsheetLimits } from "./limits";
import { type Built, SheetBuilder } from "./sheetBuilder";
import type { SpreadsheetError } from "./types";

type XLSXModule = typeof import("@e965/xlsx");
type Cell = import("@e965/xlsx").CellObject;

export interface XlsxLib {
  readonly X: XLSXModule;
  /** Excel's built-in number formats by id, copied before any file can redefine them */
  readonly builtins: ReadonlyMap<number, string>;
}

let lib: Promise<XlsxLib> | undefined;
export const loadXlsx = (): Promise<XlsxLib> => {
  lib ??= import("@e965/xlsx").then((X) => {
    const builtins = new Map<number, string>();
    for (const [k, v] of Object.entries(X.SSF.get_table()))
      if (Number(k) < 164) builtins.set(Number(k), String(v));
    // East Asian built-in date and time formats that SheetJS leaves out of its table
    for (const id of [27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58])
      if (!builtins.has(id)) builtins.set(id, "yyyy-mm-dd");
    for (const id of [32, 33, 55, 56]) builtins.set(id, "hh:mm:ss");
    return { X, builtins };
  });
  return lib;
};

const ERRORS: Readonly<Record<number, string>> = {
  0: "#NULL!",
  7: "#DIV/0!",
  15: "#VALUE!",
  23: "#REF!",
  29: "#NAME?",
  36: "#NUM!",
  42: "#N/A",
  43: "#GETTING_DATA",
};

const p2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function numberText(v: number): string {
  if (!Number.isFinite(v)) return "";
  const s = String(v);
  // Up to 15 significant digits print as they are; longer ones carry binary noise (0.30000000000000004).
  if (s.length <= 15) return s;
  const p = v.toPrecision(15);
  if (p.includes("e")) return String(Number(p));
  return p.includes(".") ? p.replace(/\.?0+$/, "") : p;
}

const dateFormats = new Map<string, boolean>();

/** Whether a date format shows a day, month name or year (else it is a time of day like "h:mm"). */
function hasDatePart(fmt: string): boolean {
  return /[ydDY]/.test(fmt.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ""));
}

/** A number cell's text by its format: General plainly, dates as ISO, other formats as Excel shows them. */
export function numberCellText(X: XLSXModule, v: number, fmt: string, date1904: boolean): string {
  if (fmt === "General" || fmt === "@" || fmt === "") return numberText(v);
  try {
    let isDate = dateFormats.get(fmt);
    if (isDate === undefined) {
      isDate = Boolean(X.SSF.is_date(fmt));
      if (dateFormats.size > 1000) dateFormats.clear();
      dateFormats.set(fmt, isDate);
    }
    if (isDate) {
      const p = X.SSF.parse_date_code(v, { date1904 });
      if (!p) return numberText(v);
      const date = `${String(p.y).padStart(4, "0")}-${p2(p.m)}-${p2(p.d)}`;
      const time = `${p2(p.H)}:${p2(p.M)}:${p2(p.S)}`;
      if (!hasDatePart(fmt)) return time;
      return p.H || p.M || p.S ? `${date} ${time}` : date;
    }
    return X.SSF.format(fmt, v);
  } catch {
    return numberText(v);
  }
}

function cellText(X: XLSXModule, c: Cell | undefined, date1904: boolean): string {
  if (!c) return "";
  switch (c.t) {
    case "s":
      return typeof c.v === "string" ? c.v : String(c.v ?? "");
    case "b":
      return c.v ? "TRUE" : "FALSE";
    case "e":
      return ERRORS[c.v as number] ?? "#ERROR";
    case "d": {
      const d = c.v instanceof Date ? c.v : new Date(String(c.v));
      return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 19).replace("T", " ");
    }
    case "n":
      return numberCellText(X, c.v as number, typeof c.z === "string" ? c.z : "General", date1904);
    default:
      return "";
  }
}

type Sheets = import("@e965/xlsx").WorkBook["Sheets"];

/**
 * Own-property lookup, so "constructor" or "toString" never reach Object.prototype. SheetJS stores a
 * sheet named "__proto__" by assignment, which makes it the prototype of that one Sheets object (no
 * global pollution); it is recovered from there.
 */
function sheetByName(sheets: Sheets, name: string): import("@e965/xlsx").WorkSheet | undefined {
  if (Object.hasOwn(sheets, name)) return sheets[name];
  if (name === "__proto__") {
    const proto = Object.getPrototypeOf(sheets) as Record<string, unknown> | null;
    if (proto && proto !== Object.prototype && Object.hasOwn(proto, "!data"))
      return proto as import("@e965/xlsx").WorkSheet;
  }
  return undefined;
}

function errMessage(e: unknown): string {
  return String((e as Error)?.message ?? e).slice(0, 300);
}

/** Parses Excel bytes; `kind` says which container was recognised. */
export async function parseExcel(
  bytes: Uint8Array,
  limits: SpreadsheetLimits,
): Promise<{ ok: true; sheets: Built[] } | { ok: false; error: SpreadsheetError }> {
  const { X } = await loadXlsx();
  let wb: import("@e965/xlsx").WorkBook;
  try {
    wb = X.read(bytes, {
      type: "array",
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: true,
      cellStyles: false,
      cellDates: false,
      sheetStubs: false,
      bookVBA: false,
      bookDeps: false,
      bookFiles: false,
      bookProps: false,
      WTF: false,
      sheetRows: limits.maxRows + 1,
    });
  } catch (e) {
    const msg = errMessage(e);
    if (/password|encrypt/i.test(msg))
      return { ok: false, error: { key: "spreadsheet.error.encrypted", detail: msg } };
    return { ok: false, error: { key: "spreadsheet.error.corrupt", detail: msg } };
  }
  const names = Array.isArray(wb.SheetNames) ? wb.SheetNames : [];
  if (names.length > limits.maxSheets)
    return {
      ok: false,
      error: { key: "spreadsheet.error.tooManySheets", vars: { limit: limits.maxSheets } },
    };
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const builder = new SheetBuilder(limits);
  for (const name of names) {
    const ws = sheetByName(wb.Sheets, String(name));
    const rows: (Cell[] | undefined)[] = (ws?.["!data"] as (Cell[] | undefined)[] | undefined) ?? [];
    const sheet = builder.begin(String(name));
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (!row) {
        const err = sheet.row([]);
        if (err) return { ok: false, error: err };
        continue;
      }
      const out: string[] = new Array(row.length);
      for (let c = 0; c < row.length; c++) out[c] = cellText(X, row[c], date1904);
      const err = sheet.row(out);
      if (err) return { ok: false, error: err };
    }
  }
  return { ok: true, sheets: builder.finish() };
}

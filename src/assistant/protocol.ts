// The assistant's WebSocket messages (spec §7: getComputerPrinters, outputPrintting; any reply
// code other than 200 is an error). Requests are JSON objects `{ cmd, id?, … }`; every reply
// echoes cmd and id. Validation here: a malformed request gets a translated error, never a crash.
import { isLanguage, translate } from "../i18n/messages";
import { TIP } from "../i18n/tips";
import type { Language } from "../model/constants";
import { JOB_LIMITS, type RecordChoice } from "../print/plan";
import type { Workbook } from "../spreadsheet/types";

export type Request =
  | { readonly cmd: "getComputerPrinters"; readonly id?: unknown; readonly lang: Language }
  | {
      readonly cmd: "outputPrintting";
      readonly id?: unknown;
      readonly lang: Language;
      readonly printer: string;
      /** the label document as label XML (.tprt text) */
      readonly xml: string;
      readonly copies: number;
      readonly records?: readonly RecordChoice[];
      readonly sheets: ReadonlyMap<string, Workbook>;
      /** counter entries' numbers by counter id, one per record index (the editor reserved them) */
      readonly counters?: ReadonlyMap<string, readonly string[]>;
      readonly background?: boolean;
      /** darkness and speed for this job, as sent (checked against the printer's language when it
       * is known: printing.ts) */
      readonly jobSettings?: Readonly<Record<string, unknown>>;
    };

export interface Reply {
  readonly code: number;
  readonly cmd: string;
  readonly id?: unknown;
  readonly data?: unknown;
  readonly msg?: string;
  /** an error's message key (its text is `msg`) */
  readonly key?: string;
  /** a paused print's queue job */
  readonly job?: string;
}

export class RequestError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
  text(lang: Language): string {
    return translate(this.key, this.vars, lang);
  }
}

/** More than a job may print (JOB_LIMITS): refused, never silently cut. */
export const tooMany = (what: "copies" | "records" | "labels") =>
  new RequestError(`print.assistant.tooMany.${what}`, {
    max: { copies: JOB_LIMITS.maxCopies, records: JOB_LIMITS.maxRecords, labels: JOB_LIMITS.maxLabels }[what],
  });

/** Copies of the job or of one record: an integer ≥ 1 (anything else is 1), at most maxCopies. */
function copiesOf(v: unknown): number {
  const n = Number(v ?? 1);
  if (!Number.isInteger(n) || n < 1) return 1;
  if (n > JOB_LIMITS.maxCopies) throw tooMany("copies");
  return n;
}

function records(v: unknown): RecordChoice[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new RequestError("print.assistant.badMessage");
  if (v.length > JOB_LIMITS.maxRecords) throw tooMany("records");
  return v.map((r) => {
    const o = (r ?? {}) as Record<string, unknown>;
    const record = Number(o.record);
    if (!Number.isInteger(record) || record < 0) throw new RequestError("print.assistant.badMessage");
    return { record, copies: copiesOf(o.copies) };
  });
}

/** A job's reserved counter numbers: { counterId: [number of record 0, of record 1, …] }; anything
 * else is refused (a label must never print a wrong number). */
function countersOf(v: unknown): Map<string, string[]> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "object" || Array.isArray(v)) throw new RequestError("print.assistant.badMessage");
  const out = new Map<string, string[]>();
  for (const [id, list] of Object.entries(v)) {
    if (
      !Array.isArray(list) ||
      list.length > JOB_LIMITS.maxRecords ||
      list.some((n) => typeof n !== "string")
    )
      throw new RequestError("print.assistant.badMessage");
    out.set(id, list as string[]);
  }
  return out;
}

function workbook(v: unknown): Workbook | null {
  const sheets = (v as { sheets?: unknown } | null)?.sheets;
  if (!Array.isArray(sheets)) return null;
  return {
    sheets: sheets.map((s) => ({
      sheetName: String((s as { sheetName?: unknown })?.sheetName ?? ""),
      data: (Array.isArray((s as { data?: unknown })?.data) ? (s as { data: unknown[] }).data : []).map(
        (row) => (Array.isArray(row) ? row.map((c) => (c === null || c === undefined ? "" : String(c))) : []),
      ),
    })),
  };
}

function sheetsOf(v: unknown): Map<string, Workbook> {
  const out = new Map<string, Workbook>();
  if (!v || typeof v !== "object" || Array.isArray(v)) return out;
  for (const [k, wb] of Object.entries(v)) {
    const w = workbook(wb);
    if (w) out.set(k, w);
  }
  return out;
}

/** Parses one message; throws RequestError with a translation key when it is unusable. */
export function parseRequest(raw: string): Request {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new RequestError("print.assistant.badMessage");
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new RequestError("print.assistant.badMessage");
  const o = v as Record<string, unknown>;
  const cmd = o.cmd ?? o.type ?? o.action;
  const lang = isLanguage(o.lang) ? o.lang : "en";
  if (cmd === "getComputerPrinters") return { cmd, id: o.id, lang };
  if (cmd === "outputPrintting") {
    if (typeof o.printer !== "string" || !o.printer) throw new RequestError(TIP.choosePrinter);
    if (typeof o.xml !== "string" || !o.xml) throw new RequestError("print.assistant.badLabel");
    return {
      cmd,
      id: o.id,
      lang,
      printer: o.printer,
      xml: o.xml,
      copies: copiesOf(o.copies),
      records: records(o.records),
      sheets: sheetsOf(o.sheets),
      ...(o.counters != null ? { counters: countersOf(o.counters) } : {}),
      ...(typeof o.background === "boolean" ? { background: o.background } : {}),
      ...(o.settings && typeof o.settings === "object" && !Array.isArray(o.settings)
        ? {
            jobSettings: {
              darkness: (o.settings as Record<string, unknown>).darkness,
              speed: (o.settings as Record<string, unknown>).speed,
            },
          }
        : {}),
    };
  }
  throw new RequestError("print.assistant.badMessage");
}

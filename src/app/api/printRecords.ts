// Print records (application.md §2 /printRecord, §9 kept 7 days free / 3 months member; docs/api.md
// "Print records"): a page of the user's records, the totals, delete, and the print-record switch.
import { interfaceApi } from "./client";
import { asNumber as n, asText as s, withId } from "./read";
import { type TemplateSummary, toSummary } from "./templates";

export interface PrintRecord {
  readonly id: string;
  readonly templateId: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** the dialog's copies */
  readonly copies: number;
  /** labels printed in all (records × their copies × copies) */
  readonly labels: number;
  readonly pages: number;
  /** the records chosen (src/print/choiceText.ts), "" for all */
  readonly records: string;
  readonly printerKind: string;
  readonly printer: string;
  /** the label's type when printed (cloud, share, common…) */
  readonly type: string;
  readonly dataType: string;
  /** when, as an ISO time */
  readonly at: string;
  /** a small picture of the label as printed (image_address), or "" for older records */
  readonly image: string;
  /** the user's own template as it is now (reprint opens it), or null */
  readonly template: TemplateSummary | null;
  /** the template version printed (issue 40), or 0 when not known */
  readonly version: number;
}

export interface PrintTotals {
  readonly today: number;
  readonly week: number;
  readonly month: number;
  readonly kept: number;
  readonly recording: boolean;
  readonly member: boolean;
}

/** Reads one listed record defensively (unknown shapes are dropped). */
export function toPrintRecord(raw: unknown): PrintRecord | null {
  const listed = withId(raw);
  if (!listed) return null;
  const { o, id } = listed;
  return {
    id,
    templateId: s(o.template_id),
    name: s(o.name),
    width: n(o.width),
    height: n(o.height),
    copies: Math.max(1, n(o.copies)),
    labels: n(o.labels),
    pages: n(o.pages),
    records: s(o.records),
    printerKind: s(o.printer_kind),
    printer: s(o.printer),
    type: s(o.tmp_type),
    dataType: s(o.data_type),
    image: s(o.image),
    at: s(o.at),
    template: toSummary(o.template),
    version: n(o.version),
  };
}

export interface RecordQuery {
  readonly page: number;
  readonly size: number;
  /** ISO times ("" for none): from inclusive, to exclusive */
  readonly from: string;
  readonly to: string;
  readonly keyword: string;
  readonly printerKind: string;
}

export async function listPrintRecords(q: RecordQuery): Promise<{ list: PrintRecord[]; count: number }> {
  const data = await interfaceApi.post<{ list?: unknown; count?: unknown }>(
    "/api/tem.app_public/getPrintHistory",
    { ...q, printer_kind: q.printerKind },
    { loading: false },
  );
  const list = Array.isArray(data?.list) ? data.list : [];
  return {
    list: list.map(toPrintRecord).filter((r): r is PrintRecord => r !== null),
    count: n(data?.count),
  };
}

/** The local starts of today, of this week (Monday) and of this month, as ISO times. */
export function periodStarts(now: Date): { today: string; week: string; month: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const week = new Date(today);
  week.setDate(today.getDate() - ((today.getDay() + 6) % 7));
  const month = new Date(now.getFullYear(), now.getMonth(), 1);
  return { today: today.toISOString(), week: week.toISOString(), month: month.toISOString() };
}

export async function printTotals(now = new Date()): Promise<PrintTotals> {
  const d = await interfaceApi.post<Record<string, unknown>>(
    "/api/tem.app_public/getPrintTotals",
    periodStarts(now),
    { loading: false },
  );
  return {
    today: n(d?.today),
    week: n(d?.week),
    month: n(d?.month),
    kept: n(d?.kept),
    recording: d?.recording !== false,
    member: d?.member === true,
  };
}

export const deletePrintRecords = (ids: readonly string[]) =>
  interfaceApi.post("/api/tem.app_public/delPrintHistory", { ids });

export const setPrintRecording = (on: boolean) =>
  interfaceApi.post("/api/tem.app_public/setPrintRecordSwitch", { on });

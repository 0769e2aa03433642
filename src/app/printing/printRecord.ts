// The usage-recording calls (application.md §4 print dialog, §7 calls 21–24). When a label is opened
// for print (the print dialog opens), a common label counts a download and a use (addDowTem +
// userUseTem), a cloud label a private use (userPrivateUserTem), a shared label a use (userUseTem).
// After a successful print from the dialog, one preview-image record (printHistoryNewAdd) with the
// printer and the records chosen, which the /printRecord page lists. The client shows none of the
// answers; failures are ignored (printing already happened). Prints by the command-line tool or a
// cloud device's own queue are not web prints and are not recorded here.

import type { LabelDocument } from "../../model/types";
import { choicesText } from "../../print/choiceText";
import { cellsPerPage, labelCount, pageCount, type RecordChoice } from "../../print/plan";
import { COPY_TYPES } from "../api/cloudSave";
import type { ApiClient } from "../api/core";

const quiet = { loading: false };

/** The label the usage calls count. */
export interface UsageLabel {
  readonly id: string;
  readonly type: string;
}

const COUNTED: ReadonlySet<string> = new Set(["common", "share", "cloud"]);

/**
 * Which label the usage calls count: the one opened when it was a library, shared or cloud label
 * (printing saves first, which makes a library label the user's copy: it still counts as the library
 * label); otherwise, once saved in the user's folders, their cloud template; else nothing.
 */
export function usageLabel(opened: UsageLabel, saved: Pick<UsageLabel, "id">): UsageLabel {
  if (opened.id && COUNTED.has(opened.type)) return opened;
  return saved.id ? { id: saved.id, type: "cloud" } : opened;
}

/** Calls 21–23 for a label opened for print; other label types call nothing. */
export async function recordUse(api: ApiClient, label: UsageLabel, userId: string): Promise<void> {
  const { id, type } = label;
  if (!id) return;
  const calls: Promise<unknown>[] = [];
  if (type === "common") {
    calls.push(api.post("/api/tem.app_public/addDowTem", { id }, quiet));
    calls.push(api.post("/api/tem.app_public/userUseTem", { id, user_id: userId }, quiet));
  } else if (type === "share") {
    calls.push(api.post("/api/tem.app_public/userUseTem", { id, user_id: userId }, quiet));
  } else if (type === "cloud") {
    calls.push(api.post("/api/tem.app_public/userPrivateUserTem", { id, user_id: userId }, quiet));
  }
  await Promise.allSettled(calls);
}

export interface PrintedJob {
  readonly userId: string;
  /** the dialog's copies (every page that many times) */
  readonly copies: number;
  readonly choices: readonly RecordChoice[];
  readonly printerKind: "browser" | "driver" | "cloud";
  /** the printer's name as listed (empty for the browser) */
  readonly printer: string;
  /** labels of one copy when they are not records of a label (a document cut into labels) */
  readonly labels?: number;
  /** "document" for document printing (default "label") */
  readonly dataType?: "label" | "document";
  /** the address of a small picture of the label as printed (spec: image_address) */
  readonly image?: string;
}

/** The longest records text sent; a longer choice is kept as "" and a reprint starts from all records. */
export const RECORDS_TEXT_MAX = 20_000;

/** Call 24's fields (printHistoryNewAdd), `labels` and `pages` as planned: every label printed. */
export type PrintRecordFields = Readonly<Record<string, string | number>> & {
  readonly labels: number;
  readonly pages: number;
};

/** Call 24's fields for a print job: the spec's preview-image record plus our printer and records. */
export function printRecordFields(doc: LabelDocument, job: PrintedJob): PrintRecordFields {
  const a = doc.attrs;
  const perPage = cellsPerPage(a.columns, a.rows);
  const labels = job.labels ?? labelCount(job.choices);
  const records = choicesText(job.choices);
  return {
    user_id: job.userId,
    print_num: job.copies,
    file_web: a.file,
    image_address: job.image ?? "",
    // someone else's label printed by this user (spec §3: these types act as copies)
    is_copy: COPY_TYPES.has(a.type) ? 1 : 0,
    name: a.name,
    width: a.width,
    height: a.height,
    tmp_id: a.id,
    data_type: job.dataType ?? "label",
    tmp_type: a.tmp_type || a.type,
    printer_kind: job.printerKind,
    printer: job.printer,
    records: records.length <= RECORDS_TEXT_MAX ? records : "",
    labels: labels * job.copies,
    pages: pageCount(labels, perPage) * job.copies,
  };
}

/** Writes a print record (call 24); its answer is not shown and a failure is ignored. */
export async function postPrintRecord(api: ApiClient, fields: PrintRecordFields): Promise<void> {
  await Promise.allSettled([api.post("/api/tem.app_public/printHistoryNewAdd", fields, quiet)]);
}

/** Call 24 once per print job. */
export const recordPrint = (api: ApiClient, doc: LabelDocument, job: PrintedJob): Promise<void> =>
  postPrintRecord(api, printRecordFields(doc, job));

// The print API's second kind of target (issue 39; docs/api.md "Print API"): a network printer of a
// print assistant linked to the space as its cloud device, `{ "assistant": "<serial>", "printer":
// "<name>" }`. The job is not drawn here: the server keeps the print request the assistant's own
// socket takes (the label file, the records as its spreadsheet, the counter numbers reserved
// here), the assistant's poll takes it (deviceJobs.ts takeJob) into its durable per-printer queue,
// keyed by the job's id, and reports the queue's states back (jobProgress).
import { recordSheets } from "../../data/recordSheets";
import type { Language } from "../../model/constants";
import { serializeLabelFile } from "../../model/file";
import type { LabelDocument } from "../../model/types";
import type { Db } from "../db";
import { ApiError, Code } from "../http/envelope";
import type { ApiRecord } from "./apiPrint";
import { wakerOf } from "./deviceJobs";
import { assistantPrinters, type DeviceRow, ownDevice, queueAssistantJob } from "./devices";
import { reserveJobNumbers, voidJobNumbers } from "./jobCounters";

export interface AssistantTarget {
  readonly assistant: string;
  readonly printer: string;
}

const refuse = (status: number, key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars, null, status);

/** A request's `target`: a cloud device's serial, or an assistant's printer; else 400. */
export function readTarget(v: unknown): string | AssistantTarget {
  if (typeof v === "string" && v.length <= 64) return v;
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const { assistant, printer } = v as Record<string, unknown>;
    if (
      typeof assistant === "string" &&
      typeof printer === "string" &&
      assistant.trim() &&
      printer.trim() &&
      assistant.length <= 64 &&
      printer.length <= 200
    )
      return { assistant: assistant.trim(), printer };
  }
  throw refuse(400, "server.apiPrint.target");
}

/**
 * The assistant (one of the space's devices: the user's own, or with X-Inkless-Space a team's the
 * caller's role may print for) and its printer. 404 for an assistant that is not the space's (an
 * unknown one reads the same, so serials cannot be probed); 422 for a printer it does not list,
 * or when it has never listed any (it has not polled since it was bound, or is too old).
 */
export async function assistantTarget(
  db: Db,
  owner: string,
  t: AssistantTarget,
): Promise<{ device: DeviceRow; printer: string }> {
  const device = await ownDevice(db, owner, t.assistant).catch(() => {
    throw refuse(404, "server.apiPrint.noAssistant");
  });
  const printers = assistantPrinters(device);
  if (printers === null) throw refuse(422, "server.apiPrint.printersUnknown", { assistant: device.name });
  if (!printers.includes(t.printer))
    throw refuse(422, "server.apiPrint.noAssistantPrinter", {
      assistant: device.name,
      printer: t.printer,
      printers: printers.join(", ") || "–",
    });
  return { device, printer: t.printer };
}

/** Stores the job (queued) with the print request the assistant's queue takes, and wakes the
 * assistant's poll. Counters: one number per record (its copies repeat it), as for a cloud device;
 * settled when the assistant reports the job ended. */
export async function queueForAssistant(
  db: Db,
  owner: string,
  job: {
    id: string;
    doc: LabelDocument;
    records: readonly ApiRecord[];
    copies: number;
    device: DeviceRow;
    printer: string;
    lang: Language;
  },
): Promise<void> {
  const counters = await reserveJobNumbers(db, owner, job.id, job.doc, job.records.length);
  const request = {
    cmd: "outputPrintting",
    lang: job.lang,
    printer: job.printer,
    // the label as label XML, whatever format it is stored in
    xml: new TextDecoder().decode(serializeLabelFile(job.doc, "tprt")),
    copies: job.copies,
    // every record is a label, even on a label without a spreadsheet-bound field (whose sheets are
    // empty: the assistant would count one)
    records: job.records.map((_, record) => ({ record, copies: 1 })),
    sheets: Object.fromEntries(recordSheets(job.doc, job.records)),
    ...(counters.size ? { counters: Object.fromEntries(counters) } : {}),
  };
  try {
    await queueAssistantJob(db, owner, {
      id: job.id,
      sn: job.device.sn,
      printer: job.printer,
      request: JSON.stringify(request),
      labels: job.records.length * job.copies,
      copies: job.copies,
    });
  } catch (err) {
    await voidJobNumbers(db, owner, job.id);
    throw err;
  }
  wakerOf(db).emit(job.device.sn);
}

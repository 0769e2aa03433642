// Sends a print job to the chosen printer: a cloud device (PNG pages), the browser (vector pages in
// a print frame) or a driver printer through the local print assistant (the label XML with its
// records and workbooks). The print dialog and scan-to-print's quick print both print through here.
import type { PrintRequest } from "../../../machines/printDialog.machine";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import { type AssistantClient, AssistantError, queueJobEnd } from "../../app/printing/assistantClient";
import { drawPagePng } from "../../app/printing/cloudDraw";
import { sendCloudJob } from "../../app/printing/cloudPrint";
import { jobHtml, printInIframe } from "../../app/printing/printHtml";
import { createResolver, type Sheets } from "../../data/index";
import { serializeTprt } from "../../model/file/index";
import type { LabelDocument } from "../../model/types";
import { pageSize, pageSvg } from "../../print/pageSvg";
import { cellsPerPage, labelCount, pageCount, type RecordChoice, recordsOfPage } from "../../print/plan";
import { prepareRender, recordChars } from "../../render/index";
import { endJobNumbers, type JobNumbers, reserveJobNumbers } from "./jobNumbers";

/** The browser's own print (the system print dialog), listed first among the driver printers. */
export const BROWSER_DEVICE_ID = "__browser__";
const FONT_BASE = `${import.meta.env?.BASE_URL ?? "/label/"}fonts/`;

export interface PrintJob {
  readonly doc: LabelDocument;
  readonly choices: readonly RecordChoice[];
  readonly sheets: Sheets;
  readonly lang: string;
  readonly client: AssistantClient;
}

/** What a print record says of the printer a request went to. */
export function printerOfRequest(req: Pick<PrintRequest, "printType" | "device">): {
  printerKind: "browser" | "driver" | "cloud";
  printer: string;
} {
  if (req.printType === 2) return { printerKind: "cloud", printer: req.device.name };
  if (req.device.id === BROWSER_DEVICE_ID) return { printerKind: "browser", printer: "" };
  return { printerKind: "driver", printer: req.device.name };
}

/** The distinct characters of the chosen records (their fallback faces are loaded before drawing). */
const choicesChars = (
  choices: Iterable<{ record: number }>,
  resolve: (r: number) => ReadonlyMap<string, string>,
) =>
  recordChars(
    Array.from(choices, (c) => c.record),
    resolve,
  );

/**
 * Prints the job. A label that uses server-kept counters first reserves the job's numbers (one per
 * chosen record: jobNumbers.ts) and draws its labels with them; the job's end settles them: used when
 * it printed, void when it failed or was cancelled. A cloud job takes the reservation's id, so the
 * device's report settles it on the server; a job the assistant's queue paused is watched until it
 * ends there (printed, or cancelled by the user); the page closed first, its numbers stay reserved,
 * never given again.
 */
export async function sendPrintJob(job: PrintJob, req: PrintRequest): Promise<void> {
  const numbers = await reserveJobNumbers(interfaceApi, job.doc, job.choices);
  try {
    await sendDrawn(job, req, numbers);
  } catch (err) {
    if (numbers && err instanceof AssistantError && err.key === "print.queue.paused" && err.job) {
      // the job waits in the assistant's queue: its end (printed, or cancelled there) settles them
      const { job: queued } = err;
      void queueJobEnd(job.client, req.device.id, queued).then((printed) =>
        printed === null ? undefined : endJobNumbers(interfaceApi, numbers, printed),
      );
    } else if (numbers) {
      // a cloud job the server refused never queued; every other failure printed nothing more
      await endJobNumbers(interfaceApi, numbers, false);
    }
    throw err;
  }
  // the cloud device's report settles a cloud job's numbers
  if (numbers && req.printType !== 2) await endJobNumbers(interfaceApi, numbers, true);
}

async function sendDrawn(job: PrintJob, req: PrintRequest, numbers: JobNumbers | null): Promise<void> {
  const { doc, choices, sheets } = job;
  const counters = numbers?.counters;
  if (req.printType === 2) {
    const resolve = createResolver(doc, sheets, new Date(), { counters });
    await prepareRender(doc, { target: "print", chars: choicesChars(choices, resolve) });
    const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
    const pages = pageCount(labelCount(choices), perPage);
    const size = pageSize(doc);
    await sendCloudJob(
      { api: interfaceApi, userId: session.user()?.userid ?? "", drawPng: drawPagePng },
      {
        device: req.device,
        pages: (function* () {
          for (let p = 1; p <= pages; p++)
            yield pageSvg(doc, recordsOfPage(choices, perPage, p), resolve, { target: "print" });
        })(),
        widthMm: size.width,
        heightMm: size.height,
        copies: req.copies,
        ...(numbers ? { jobId: numbers.job } : {}),
      },
    );
    return;
  }
  if (req.device.id === BROWSER_DEVICE_ID) {
    const chars = choicesChars(choices, createResolver(doc, sheets, new Date(), { counters }));
    await prepareRender(doc, { target: "print", chars });
    const html = jobHtml({
      doc,
      choices: [...choices],
      sheets,
      counters,
      copies: req.copies,
      background: req.printBackground,
      fontBase: FONT_BASE,
    });
    await printInIframe(html);
    return;
  }
  await job.client.print({
    printer: req.device.id,
    xml: serializeTprt(doc),
    copies: req.copies,
    records: [...choices],
    sheets: Object.fromEntries(sheets),
    ...(counters ? { counters: Object.fromEntries(counters) } : {}),
    background: req.printBackground,
    settings: req.jobSettings,
    lang: job.lang,
  });
}

// Cut labels out through the paths labels already print by (docs/printing.md): each label becomes a
// label document holding just its picture, dot for dot (labelImage.ts), and goes to the print
// assistant (TSPL/ZPL at the printer's dpi), to the browser's print at label size, or to a cloud
// device; or all of them into one label-size PDF. A print history record notes the document print.
import type { PrintDevice } from "../../machines/printDialog.machine";
import type { ApiClient } from "../app/api/core";
import type { AssistantClient } from "../app/printing/assistantClient";
import { drawPagePng } from "../app/printing/cloudDraw";
import { sendCloudJob } from "../app/printing/cloudPrint";
import { printHtml, printInIframe } from "../app/printing/printHtml";
import { type PrintedJob, recordPrint } from "../app/printing/printRecord";
import { createResolver } from "../data/index";
import { emptyDocument } from "../model/defaults";
import { serializeTprt } from "../model/file/index";
import type { LabelDocument } from "../model/types";
import type { Bitmap } from "../print/bitmap";
import { pageSvg } from "../print/pageSvg";
import type { LabelSize } from "./compose";
import { imageLabel } from "./labelImage";
import { labelsPdf } from "./labelPdf";

export interface OutputJob {
  /** the labels, made as they are needed */
  readonly labels: AsyncIterable<Bitmap>;
  /** the resolution the labels were cut at */
  readonly dpi: number;
  readonly size: LabelSize;
  /** the document's name (the print record's name) */
  readonly name: string;
  readonly copies: number;
  /** called after each label went out */
  readonly onLabel?: (done: number) => void;
}

const labelDoc = (b: Bitmap, job: OutputJob) => imageLabel(b, job.dpi, job.size, job.name);
const svgOf = (doc: LabelDocument) =>
  pageSvg(doc, [0], createResolver(doc, new Map(), new Date()), { target: "print" });

/** Labels sent to the assistant before the first of them is answered: the assistant draws and
 * prints while the next pages are read here, and memory holds no more than this many labels. */
const IN_FLIGHT = 4;

/** Each label as its own job to an assistant printer (the assistant prints one printer's jobs in the
 * order they came). */
export async function printToAssistant(
  client: AssistantClient,
  printer: string,
  job: OutputJob,
  lang: string,
): Promise<number> {
  let n = 0;
  let done = 0;
  const pending: Promise<unknown>[] = [];
  const settle = async () => {
    await pending.shift();
    job.onLabel?.(++done);
  };
  try {
    for await (const b of job.labels) {
      const sent = client.print({
        printer,
        xml: serializeTprt(labelDoc(b, job)),
        copies: job.copies,
        records: [{ record: 0, copies: 1 }],
        sheets: {},
        background: false,
        lang,
      });
      // a failure is reported when its turn comes (awaiting still throws)
      sent.catch(() => undefined);
      pending.push(sent);
      n++;
      if (pending.length >= IN_FLIGHT) await settle();
    }
    while (pending.length) await settle();
  } finally {
    // after a failure the later answers still arrive; none is left unhandled
    for (const p of pending) p.catch(() => undefined);
  }
  return n;
}

/** All labels in the browser's print dialog, one label-size page each (repeated per copy). */
export async function printInBrowser(job: OutputJob, fontBase: string): Promise<number> {
  const pages: string[] = [];
  for await (const b of job.labels) {
    const svg = svgOf(labelDoc(b, job));
    for (let c = 0; c < Math.max(1, job.copies); c++) pages.push(svg);
    job.onLabel?.(pages.length);
  }
  await printInIframe(printHtml(pages, job.size.width, job.size.height, fontBase));
  return pages.length / Math.max(1, job.copies);
}

/** All labels to a cloud device as one job. */
export async function printToCloud(
  api: ApiClient,
  userId: string,
  device: PrintDevice,
  job: OutputJob,
): Promise<number> {
  let n = 0;
  async function* pages() {
    for await (const b of job.labels) {
      yield svgOf(labelDoc(b, job));
      job.onLabel?.(++n);
    }
  }
  await sendCloudJob(
    { api, userId, drawPng: drawPagePng },
    { device, pages: pages(), widthMm: job.size.width, heightMm: job.size.height, copies: job.copies },
  );
  return n;
}

/** The labels as a label-size PDF. */
export async function labelsPdfBlob(job: OutputJob): Promise<Blob> {
  const all: Bitmap[] = [];
  for await (const b of job.labels) {
    all.push(b);
    job.onLabel?.(all.length);
  }
  return new Blob(labelsPdf(all, job.size, job.name) as BlobPart[], { type: "application/pdf" });
}

/** The print history notes the document print (its name, the label size, its labels and copies). */
export function recordDocumentPrint(
  api: ApiClient,
  userId: string,
  job: OutputJob,
  labels: number,
  printer: Pick<PrintedJob, "printerKind" | "printer">,
): Promise<void> {
  const attrs = { ...emptyDocument().attrs, name: job.name, width: job.size.width, height: job.size.height };
  return recordPrint(
    api,
    { attrs, elements: [] },
    // the dialog's copies as copies, the cut labels as labels (4 labels × 1 copy, not 4 copies of 0)
    { copies: job.copies, labels, dataType: "document", userId, choices: [], ...printer },
  );
}

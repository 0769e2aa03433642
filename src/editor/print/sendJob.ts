// Sends a print job to the chosen printer: a cloud device (PNG pages), the browser (vector pages in
// a print frame) or a driver printer through the local print assistant (the label XML with its
// records and workbooks). The print dialog and scan-to-print's quick print both print through here.
import type { PrintRequest } from "../../../machines/printDialog.machine";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import type { AssistantClient } from "../../app/printing/assistantClient";
import { drawPagePng } from "../../app/printing/cloudDraw";
import { sendCloudJob } from "../../app/printing/cloudPrint";
import { jobHtml, printInIframe } from "../../app/printing/printHtml";
import { createResolver, type Sheets } from "../../data/index";
import { serializeTprt } from "../../model/file/index";
import type { LabelDocument } from "../../model/types";
import { pageSize, pageSvg } from "../../print/pageSvg";
import { cellsPerPage, labelCount, pageCount, type RecordChoice, recordsOfPage } from "../../print/plan";
import { prepareRender, recordChars } from "../../render/index";

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

export async function sendPrintJob(job: PrintJob, req: PrintRequest): Promise<void> {
  const { doc, choices, sheets } = job;
  if (req.printType === 2) {
    const resolve = createResolver(doc, sheets, new Date());
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
      },
    );
    return;
  }
  if (req.device.id === BROWSER_DEVICE_ID) {
    const chars = choicesChars(choices, createResolver(doc, sheets, new Date()));
    await prepareRender(doc, { target: "print", chars });
    const html = jobHtml({
      doc,
      choices: [...choices],
      sheets,
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
    background: req.printBackground,
    settings: req.jobSettings,
    lang: job.lang,
  });
}

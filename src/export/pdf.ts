// Vector PDF of a label (one sheet per page: A4 with a 10 mm margin, label-size pages, or A4 at
// actual size with the labels tiled and cut marks), real text
// in the shipped fonts (subset, selectable, CJK included). The PDF is written straight from the
// portable SVG by a DOM-free writer (src/export/pdf/), so in the browser a batch runs in a Web
// Worker (src/export/pdf/worker.ts) and the page stays responsive; where no worker can run (or the
// caller passes its own font registry) it runs here, in slices. docs/export.md.
import type { LabelDocument } from "../model/types";
import { exportPdfHere } from "./pdf/here";
import { runPdfWorker, workerAvailable } from "./pdf/workerClient";
import { type SheetOptions, sheetCountOf } from "./sheets";
import type { Progress } from "./yielder";

export interface PdfOptions extends SheetOptions {
  /** called after each page: pages done, total, and the time used / estimated to go */
  readonly onProgress?: Progress;
  /** aborting rejects with an AbortError; nothing is returned */
  readonly signal?: AbortSignal;
  /**
   * false: never use the Web Worker; true: always (when it can start). Default: a batch (more
   * than one page) goes to the worker, a single page is made here (no worker start-up to wait for).
   */
  readonly worker?: boolean;
}

export interface ExportResult {
  readonly blob: Blob;
  readonly fileName: string;
  /** pages (PDF) or files (images) written */
  readonly count: number;
}

export { exportPdfHere };

export async function exportPdf(doc: LabelDocument, opts: PdfOptions = {}): Promise<ExportResult> {
  const wanted = opts.worker ?? sheetCountOf(doc, opts) > 1;
  if (wanted && !opts.fonts && workerAvailable()) {
    const r = await runPdfWorker(doc, opts);
    if (r) return r;
  }
  return exportPdfHere(doc, opts);
}

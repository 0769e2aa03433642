// The browser side of the PDF worker: one long-lived worker (its parsed fonts stay for the next
// export), the fonts the page has already loaded handed over once (custom fonts included, no second
// download), progress with an estimate, cancel through an AbortSignal. When no worker can start the
// caller falls back to exporting in the page (runPdfWorker answers null).
import type { LabelDocument } from "../../model/types";
import { facesToShare } from "../../render/workerFaces";
import type { ExportResult, PdfOptions } from "../pdf";
import { abortError } from "../yielder";
import type { FromWorker, ToWorker } from "./workerProtocol";

type Factory = () => Worker;

const defaultFactory: Factory = () => new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });

let factory: Factory | null = defaultFactory;
let worker: Worker | null = null;
let broken = false;
let sent = new WeakSet<ArrayBuffer>();
let nextId = 1;
const jobs = new Map<number, (m: FromWorker) => void>();

/** Replaces how the worker is created (tests and the CLI bundle serve it themselves); null: never. */
export function setPdfWorkerFactory(f: Factory | null): void {
  factory = f;
  worker?.terminate();
  worker = null;
  broken = false;
  sent = new WeakSet();
}

export function workerAvailable(): boolean {
  return typeof Worker !== "undefined" && factory !== null && !broken;
}

function start(): Worker | null {
  if (worker) return worker;
  try {
    worker = (factory as Factory)();
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (e: MessageEvent<FromWorker>) => jobs.get(e.data.id)?.(e.data);
  worker.onerror = (e) => {
    // the module failed to load or crashed: every running job falls back or fails, no new ones start
    e.preventDefault?.();
    broken = true;
    for (const [id, done] of jobs) done({ type: "crash", id });
    worker?.terminate();
    worker = null;
  };
  return worker;
}

function post(w: Worker, m: ToWorker, transfer: Transferable[] = []): void {
  w.postMessage(m, transfer);
}

/** Hands over the faces the page has loaded (once per file). */
function shareFonts(w: Worker): void {
  const faces = facesToShare(sent);
  if (faces.length)
    post(
      w,
      { type: "fonts", id: 0, faces },
      faces.map((f) => f.bytes),
    );
}

interface JobOptions {
  readonly pageMode?: PdfOptions["pageMode"];
  readonly sheetOffset?: PdfOptions["sheetOffset"];
  readonly range?: PdfOptions["range"];
  readonly sheets?: PdfOptions["sheets"];
  readonly now?: Date;
  readonly onProgress?: PdfOptions["onProgress"];
  readonly signal?: AbortSignal;
  readonly format?: "png" | "jpeg";
  readonly zip?: boolean;
}

/** The PDF made in the worker; null when the worker could not run (the caller exports in the page). */
export function runPdfWorker(doc: LabelDocument, opts: PdfOptions): Promise<ExportResult | null> {
  return runJob("pdf", doc, opts);
}

/** PNG/JPEG (zip) made in the worker; null when it cannot (the caller uses the page's canvg path). */
export function runImagesWorker(
  doc: LabelDocument,
  opts: JobOptions & { format: "png" | "jpeg" },
): Promise<ExportResult | null> {
  return runJob("images", doc, opts);
}

function runJob(kind: "pdf" | "images", doc: LabelDocument, opts: JobOptions): Promise<ExportResult | null> {
  const w = start();
  if (!w) return Promise.resolve(null);
  if (opts.signal?.aborted) return Promise.reject(abortError());
  shareFonts(w);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const finish = () => {
      jobs.delete(id);
      opts.signal?.removeEventListener("abort", onAbort);
    };
    // Cancel settles the job at once: the worker is told to stop at its next yield, and whatever it
    // still sends for this job (a late progress, even its finished file) is dropped.
    const onAbort = () => {
      finish();
      post(w, { type: "abort", id });
      reject(abortError());
    };
    jobs.set(id, (m) => {
      if (m.type === "progress") opts.onProgress?.(m.done, m.total, m.estimate);
      else if (m.type === "done") {
        finish();
        resolve({ blob: m.blob, fileName: m.fileName, count: m.count });
      } else if (m.type === "error") {
        finish();
        reject(
          m.name === "AbortError" ? abortError() : Object.assign(new Error(m.message), { name: m.name }),
        );
      } else if (m.type === "unsupported") {
        finish();
        resolve(null);
      } else if (m.type === "crash") {
        finish();
        if (opts.signal?.aborted) reject(abortError());
        else resolve(null);
      }
    });
    opts.signal?.addEventListener("abort", onAbort);
    const common = {
      pageMode: opts.pageMode,
      sheetOffset: opts.sheetOffset,
      range: opts.range,
      sheets: opts.sheets,
      now: opts.now,
    };
    if (kind === "pdf") post(w, { type: "pdf", id, doc, opts: common });
    else
      post(w, {
        type: "images",
        id,
        doc,
        opts: { ...common, format: opts.format ?? "png", zip: opts.zip },
      });
  });
}

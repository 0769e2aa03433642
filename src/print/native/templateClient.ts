// The page side of the printer template export (issue 36): one worker, started on the first
// template export and kept (its fonts and resvg stay loaded for the next), the page's fonts handed
// over once per file. Where no worker can start, or it fails to load, the same code runs in the page
// (imported when first needed). Cancel (the signal) drops the result: a template is one label's work.
import { abortError } from "../../export/yielder";
import type { LabelDocument } from "../../model/types";
import { facesToShare } from "../../render/workerFaces";
import type { PrinterLanguage } from "../job";
import type { PrinterTemplate } from "./template";
import type { FromTemplateWorker, TemplateJobOptions, ToTemplateWorker } from "./templateProtocol";

type Factory = () => Worker;

const defaultFactory: Factory = () =>
  new Worker(new URL("./templateWorker.ts", import.meta.url), { type: "module" });

let factory: Factory | null = defaultFactory;
let worker: Worker | null = null;
let sent = new WeakSet<ArrayBuffer>();
let nextId = 1;
const jobs = new Map<number, (m: FromTemplateWorker | null) => void>();

/** Replaces how the worker is created (tests serve it themselves); null: always in the page. */
export function setTemplateWorkerFactory(f: Factory | null): void {
  factory = f;
  worker?.terminate();
  worker = null;
  sent = new WeakSet();
}

function start(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === "undefined" || !factory) return null;
  try {
    worker = factory();
  } catch {
    factory = null;
    return null;
  }
  worker.onmessage = (e: MessageEvent<FromTemplateWorker>) => jobs.get(e.data.id)?.(e.data);
  worker.onerror = (e) => {
    // the module failed to load or crashed: its jobs and every later one run in the page
    e.preventDefault?.();
    factory = null;
    worker?.terminate();
    worker = null;
    for (const done of [...jobs.values()]) done(null);
  };
  return worker;
}

/** The label as a printer template (printerTemplate), made in the worker, else in the page. */
export async function exportTemplate(
  doc: LabelDocument,
  language: PrinterLanguage,
  opts: TemplateJobOptions & { readonly signal?: AbortSignal },
): Promise<PrinterTemplate> {
  const { signal, ...job } = opts;
  if (signal?.aborted) throw abortError();
  const made = (await inWorker(doc, language, job, signal)) ?? (await inPage(doc, language, job));
  if (signal?.aborted) throw abortError();
  return made;
}

async function inPage(doc: LabelDocument, language: PrinterLanguage, job: TemplateJobOptions) {
  const { printerTemplate } = await import("./template");
  return printerTemplate(doc, language, job);
}

/** The worker's template; null when it could not run (the caller makes it in the page). */
function inWorker(
  doc: LabelDocument,
  language: PrinterLanguage,
  job: TemplateJobOptions,
  signal?: AbortSignal,
): Promise<PrinterTemplate | null> {
  const w = start();
  if (!w) return Promise.resolve(null);
  const faces = facesToShare(sent);
  if (faces.length)
    w.postMessage(
      { type: "fonts", faces } satisfies ToTemplateWorker,
      faces.map((f) => f.bytes),
    );
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      jobs.delete(id);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    jobs.set(id, (m) => {
      jobs.delete(id);
      signal?.removeEventListener("abort", onAbort);
      if (!m) resolve(null);
      else if (m.type === "done") resolve(m.template);
      else reject(Object.assign(new Error(m.message), { name: m.name }));
    });
    w.postMessage({ type: "template", id, doc, language, opts: job } satisfies ToTemplateWorker);
  });
}

// A PDF page worker (./pdfPages.ts): renders its batches of pages from the job it was started with
// and sends back what the writer takes (src/export/pdf/pagePrep.ts).
import { parentPort, workerData } from "node:worker_threads";
import { PagePrep, staticIds } from "../pdf/pagePrep";
import { prepareSheets } from "../sheets";
import { collectingEvery, collectNow } from "./memory";
import type { PdfPagesJob } from "./pdfPages";

const job = workerData as PdfPagesJob;
const ready = prepareSheets(job.doc, {
  sheets: job.sheets,
  range: job.range,
  pageMode: job.pageMode,
  now: new Date(job.now),
});
const prep = new PagePrep(staticIds(job.doc));
// the garbage of long runs goes as in the writer's thread (a full collection when the heap has grown)
const collect = collectingEvery(() => {});
let done = 0;

parentPort?.on("message", async (m: { id: number; from: number; to: number }) => {
  try {
    const source = await ready;
    prep.reset();
    const pages = [];
    for (let i = m.from; i < m.to; i++) {
      pages.push(prep.page(source.labelParts(i)));
      collect(++done);
    }
    parentPort?.postMessage({ id: m.id, pages });
  } catch (e) {
    parentPort?.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) });
  }
});
ready.then(
  () => {
    // the records' preparation leaves its garbage in the old space (~60 MB at 100,000 records) and
    // the first look takes its base from the heap as it is: it never collected, and the worker's heap
    // swung to ~110 MB on V8's own schedule, the run's peak over 300 MB (issue 41)
    collectNow();
    parentPort?.postMessage({ ready: true });
  },
  (e) => parentPort?.postMessage({ ready: false, error: String((e as Error)?.message ?? e) }),
);

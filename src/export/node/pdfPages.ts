// A big PDF's pages prepared in worker threads (Node: the CLI): each worker renders whole batches
// of consecutive pages from the same job (labels → SVG → the operators of the parts that hold only
// shapes, src/export/pdf/pagePrep.ts) while the writer, in the calling thread, takes them in page
// order (text, shared forms, compression, the file). At most `AHEAD` batches per worker are asked
// for before the writer has taken them, so memory stays flat however long the run.
import { Worker } from "node:worker_threads";
import type { Sheets } from "../../data";
import type { LabelDocument } from "../../model/types";
import type { PageMode, RecordRange } from "../layout";
import type { PreparedPage } from "../pdf/pagePrep";
import { defaultWorkers } from "./workers";

/** What every worker renders from; `now` (ms) is the writer's, so clocks agree on every page. */
export interface PdfPagesJob {
  readonly doc: LabelDocument;
  readonly sheets: Sheets;
  readonly range: RecordRange;
  readonly pageMode: PageMode;
  readonly now: number;
}

/** Pages per message: few enough to keep the writer fed, enough that messages cost nothing. */
const BATCH = 16;
/** Batches asked of each worker ahead of the writer. */
const AHEAD = 3;
/**
 * Below this many pages the workers' start (each loads the fonts and encoders) costs more than it
 * saves: the writer makes the pages itself.
 */
export const MIN_PAGES = 400;

/** Young generation of a worker's heap, MB. */
const YOUNG_MB = 8;

/**
 * Workers for a 2-core machine and up: one per core but the writer's (its thread is busy too), or
 * INKLESS_RASTER_WORKERS when set (0: none, the writer makes every page).
 */
export function pageWorkers(): number {
  return process.env.INKLESS_RASTER_WORKERS ? defaultWorkers() : Math.max(1, defaultWorkers() - 1);
}

type Reply = { id?: number; pages?: PreparedPage[]; error?: string; ready?: boolean };

export interface PdfPages {
  /** page `i` (0-based, asked in order) */
  readonly page: (i: number) => Promise<PreparedPage>;
  readonly close: () => Promise<void>;
}

/**
 * Workers for a job of `total` pages, or null when it is too small, workers are off
 * (INKLESS_RASTER_WORKERS=0) or they cannot start (the writer then makes the pages itself).
 */
export async function startPdfPages(
  job: PdfPagesJob,
  total: number,
  { minPages = MIN_PAGES, workers: wanted = pageWorkers() } = {},
): Promise<PdfPages | null> {
  const size = Math.min(wanted, Math.ceil(total / BATCH));
  if (total < minPages || size < 1) return null;
  const workers: Worker[] = [];
  const batches = new Map<number, Promise<PreparedPage[]>>();
  const waiting = new Map<number, { resolve: (p: PreparedPage[]) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  try {
    const started: Promise<void>[] = [];
    for (let k = 0; k < size; k++) {
      const w = new Worker(new URL("./pdfPagesWorker.mjs", import.meta.url), {
        workerData: job,
        // a small young generation: a page's garbage is short-lived, and each worker's default
        // (tens of MB) would put the run over its memory goal (≤ 300 MB with the writer's thread)
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
      });
      workers.push(w);
      started.push(
        new Promise((resolve, reject) => {
          w.once("message", (m: Reply) => (m.ready ? resolve() : reject(new Error(m.error))));
          w.once("error", reject);
        }),
      );
      w.on("message", (m: Reply) => {
        if (m.id === undefined) return;
        const p = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error !== undefined) p?.reject(new Error(m.error));
        else p?.resolve(m.pages ?? []);
      });
      w.on("error", (e) => fail(e));
      w.on("exit", () => fail(new Error("PDF page worker exited")));
    }
    await Promise.all(started);
  } catch {
    await Promise.all(workers.map((w) => w.terminate()));
    return null;
  }
  const count = Math.ceil(total / BATCH);
  const ask = (b: number) => {
    if (b >= count || batches.has(b)) return;
    const promise = new Promise<PreparedPage[]>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.set(b, { resolve, reject });
      workers[b % workers.length].postMessage({
        id: b,
        from: b * BATCH,
        to: Math.min(total, (b + 1) * BATCH),
      });
    });
    // a batch asked ahead may fail before the writer awaits it: the writer's await reports it
    promise.catch(() => {});
    batches.set(b, promise);
  };
  return {
    async page(i) {
      const b = Math.floor(i / BATCH);
      for (let k = b; k < b + AHEAD * workers.length; k++) ask(k);
      const pages = await (batches.get(b) as Promise<PreparedPage[]>);
      // the last page of a batch: the writer is done with it
      if (i % BATCH === BATCH - 1 || i === total - 1) batches.delete(b);
      return pages[i % BATCH];
    },
    async close() {
      fail(new Error("PDF page workers closed"));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

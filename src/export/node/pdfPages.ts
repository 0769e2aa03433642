// A big PDF's pages prepared in worker threads (Node: the CLI): each worker renders whole batches
// of consecutive pages from the same job (labels → SVG → the operators of the parts that hold only
// shapes, src/export/pdf/pagePrep.ts) while the writer, in the calling thread, takes them in page
// order (text, shared forms, compression, the file). At most `AHEAD` batches per worker are asked
// for before the writer has taken them, so memory stays flat however long the run.
import { Worker } from "node:worker_threads";
import type { Sheets } from "../../data";
import type { LabelDocument } from "../../model/types";
import type { PageMode, RecordRange } from "../layout";
import type { PreparedPage, PrepareHere } from "../pdf/pagePrep";
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
/** Batches taken ahead of the writer, per producer (each worker and the writer itself). */
const AHEAD = 2;
/** Batches a worker is asked for before it answers: one being made, one waiting. */
const QUEUED = 2;
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

/** True when a job of `total` pages has its pages made by workers (startPdfPages starts them). */
export function usesPageWorkers(total: number, minPages = MIN_PAGES, wanted = pageWorkers()): boolean {
  return total >= minPages && wanted >= 1;
}

type Reply = { id?: number; pages?: PreparedPage[]; error?: string; ready?: boolean };

export interface PdfPages {
  /**
   * Page `i` (0-based, asked in order). `here` makes a batch on the writer's thread: while the page's
   * batch is still being made by a worker, the writer makes the next batch no one has taken rather
   * than wait (on 2 cores the writer's own work is a third of a worker's: waiting left its core idle
   * ~75 % of a run, issue 41).
   */
  readonly page: (i: number, here?: PrepareHere) => Promise<PreparedPage>;
  readonly close: () => Promise<void>;
}

/** A batch: made here (`pages` at once) or by a worker (`pages` once it answered). */
interface Batch {
  pages: PreparedPage[] | null;
  readonly done: Promise<PreparedPage[]>;
}

/**
 * Workers for a job of `total` pages, or null when it is too small, workers are off
 * (INKLESS_RASTER_WORKERS=0) or they cannot start (the writer then makes the pages itself).
 */
export async function startPdfPages(
  job: PdfPagesJob,
  total: number,
  {
    minPages = MIN_PAGES,
    workers: wanted = pageWorkers(),
    look,
  }: {
    minPages?: number;
    workers?: number;
    /** called after each batch the writer makes itself: its heap is looked at (./memory.ts) */
    look?: () => void;
  } = {},
): Promise<PdfPages | null> {
  if (!usesPageWorkers(total, minPages, wanted)) return null;
  const size = Math.min(wanted, Math.ceil(total / BATCH));
  const workers: Worker[] = [];
  const batches = new Map<number, Batch>();
  const waiting = new Map<number, { resolve: (p: PreparedPage[]) => void; reject: (e: Error) => void }>();
  /** batches each worker was asked for and has not answered */
  const busy = new Map<Worker, number>();
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  const count = Math.ceil(total / BATCH);
  /** the first batch nobody has taken; the batch the writer is at */
  let next = 0;
  let at = 0;
  /** batches taken beyond the writer's: memory stays flat */
  const ahead = AHEAD * (size + 1);
  const range = (b: number) => ({ from: b * BATCH, to: Math.min(total, (b + 1) * BATCH) });
  // a worker is given the first batch nobody has taken, and has one more queued so that it never
  // waits for the writer between two
  const feed = (w: Worker) => {
    while ((busy.get(w) ?? 0) < QUEUED && next < count && next < at + ahead) {
      const b = next++;
      const batch: Batch = {
        pages: null,
        done: new Promise<PreparedPage[]>((resolve, reject) => {
          if (failure) return reject(failure);
          waiting.set(b, { resolve, reject });
        }),
      };
      batch.done.then(
        (pages) => {
          batch.pages = pages;
        },
        () => {},
      );
      batches.set(b, batch);
      busy.set(w, (busy.get(w) ?? 0) + 1);
      w.postMessage({ id: b, ...range(b) });
    }
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
        busy.set(w, (busy.get(w) ?? 1) - 1);
        const p = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error !== undefined) p?.reject(new Error(m.error));
        else p?.resolve(m.pages ?? []);
        if (!failure) feed(w);
      });
      w.on("error", (e) => fail(e));
      w.on("exit", () => fail(new Error("PDF page worker exited")));
    }
    await Promise.all(started);
  } catch {
    await Promise.all(workers.map((w) => w.terminate()));
    return null;
  }
  let closed: Promise<void> | null = null;
  const close = () => {
    fail(new Error("PDF page workers closed"));
    closed ??= Promise.all(workers.map((w) => w.terminate())).then(() => {});
    return closed;
  };
  return {
    async page(i, here) {
      const b = Math.floor(i / BATCH);
      at = b;
      for (const w of workers) feed(w);
      if (failure) throw failure;
      // the writer's batch not made yet: the writer makes the next free one meanwhile (or this one)
      while (!batches.get(b)?.pages && here && next < count && next < b + ahead) {
        const mine = next++;
        const { from, to } = range(mine);
        const pages = here(from, to);
        batches.set(mine, { pages, done: Promise.resolve(pages) });
        look?.();
        // the workers' answers come in between two batches made here
        await new Promise((resolve) => setImmediate(resolve));
      }
      const batch = batches.get(b);
      if (!batch) throw new Error(`PDF page batch ${b} was never asked for`);
      const pages = batch.pages ?? (await batch.done);
      // the last page of a batch: the writer is done with it
      if (i % BATCH === BATCH - 1 || i === total - 1) batches.delete(b);
      // the last page: the workers' heaps go before the writer closes the file (its cross-reference
      // table and last writes are the run's peak otherwise)
      if (i === total - 1) void close();
      return pages[i % BATCH];
    },
    close,
  };
}

// Flat memory on long runs: V8 lets garbage pile up (the old space of a 100,000-page PDF grew by
// 100+ MB between collections, peak RSS over 400 MB) although what is live stays near 40 MB, and how
// far it lets the heap grow first varies from run to run. The render and print loops look at the heap
// every few labels and run a full collection once it has grown by `GROWTH` since the last one: a
// full collection of a small live heap costs tens of milliseconds and keeps the peak near the live
// data. The threshold follows what is live (measured after each collection), so a label with big
// images is never refused memory it needs; a label that makes more garbage is collected more often.
// The collector is reached through V8's own `--expose-gc` flag, set at run time, so no launch option
// is needed.
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** progress calls (labels, pages or images) between two looks at the heap */
export const CHECK_EVERY = 20;
/**
 * growth of `heapInUse` since the last collection that brings the next: with the bench label about
 * every 3,000 labels (a 2,000-label clock collected more often for the same peak: 8 s more CPU)
 */
export const GROWTH = 16 * 1024 * 1024;

let collect: (() => void) | null | undefined;

/** Runs a full garbage collection (a no-op where V8 does not allow it). */
export function collectNow(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

/**
 * Bytes in use by what outlived the young generation: the old spaces' objects and the memory outside
 * the JS heap they hold (ArrayBuffers, Buffers). The young generation (up to 16 MB, emptied by the
 * quick collections V8 runs all the time) is left out: it says nothing of the garbage that piles up.
 */
export function heapInUse(): number {
  // V8's own figure: process.memoryUsage() also reads the process's resident size from the system,
  // which cost milliseconds a call (10 % of a big PDF's writer thread with page workers running)
  let used = getHeapStatistics().external_memory;
  for (const s of getHeapSpaceStatistics()) if (!s.space_name.startsWith("new_")) used += s.space_used_size;
  return used;
}

export interface Collector {
  readonly measure: () => number;
  readonly collect: () => void;
}

/**
 * A look at the heap: a full collection once it has grown by `GROWTH` since the last one. The
 * progress calls look every `CHECK_EVERY` labels; a big PDF's writer also looks after each batch of
 * pages it renders itself (./pdfPages.ts): those come several in a row when the page workers are
 * behind, and their garbage could pile up unseen until the next look (issue 41).
 */
export function heapWatch(gc: Collector = { measure: heapInUse, collect: collectNow }): () => void {
  // what was in use after the last collection
  let base = Number.NaN;
  return () => {
    // the first look only sets the base: a full collection there was a tenth of a 100-label job's
    // CPU (issue 41); what the start-up left goes with the first collection a long run needs
    if (Number.isNaN(base)) base = gc.measure();
    else if (gc.measure() > base + GROWTH) {
      gc.collect();
      base = gc.measure();
    }
  };
}

/**
 * `onProgress` wrapped so that the garbage goes whenever the heap has grown by `GROWTH`; `look`: a
 * watch shared with other callers (the same base), else one of its own on `gc`.
 */
export function collectingEvery<A extends unknown[]>(
  onProgress: (done: number, ...rest: A) => void,
  gc: Collector = { measure: heapInUse, collect: collectNow },
  look: () => void = heapWatch(gc),
): (done: number, ...rest: A) => void {
  let next = CHECK_EVERY;
  return (done, ...rest) => {
    if (done >= next) {
      next = done + CHECK_EVERY;
      look();
    }
    onProgress(done, ...rest);
  };
}

// How many worker threads a Node job starts: the raster pool (src/print/rasterPool.ts) and the big
// PDF's page workers (./pdfPages.ts) ask the same question, so one setting governs both.
import { availableParallelism } from "node:os";

/**
 * Workers worth starting: one per core (the main thread only lays out and writes), or
 * INKLESS_RASTER_WORKERS (0: draw on the calling thread, e.g. on a machine shared with others).
 */
export function defaultWorkers(): number {
  const set = Number.parseInt(process.env.INKLESS_RASTER_WORKERS ?? "", 10);
  return Number.isInteger(set) && set >= 0 ? Math.min(set, 64) : Math.max(1, availableParallelism());
}

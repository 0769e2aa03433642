// Draws a job's pages (or images) in order: on this thread at once, and in the raster workers as
// soon as they are ready. The pool is started only when a second page exists (a one-label job never
// pays for threads; a caller that knows its count has it started before the first page) and is
// never waited for: until its workers answer, pages are drawn here, so a
// short job is never slower than drawing inline. At most `size × DEPTH_PER_WORKER` pages are in
// flight, so memory stays flat whatever the job's length.
import { RasterPool, sharedRasterPool } from "./rasterPool";

/** Pages in flight per worker: enough to keep it busy, few enough to keep memory flat. */
const DEPTH_PER_WORKER = 2;

export interface InOrderDraw<T, R> {
  /** draws one task on this thread */
  readonly here: (task: T) => R;
  /** draws one task in the pool */
  readonly pooled: (pool: RasterPool, task: T) => Promise<R>;
  /** starts (or finds) the pool; null: always draw here */
  readonly start: (() => Promise<RasterPool | null>) | null;
  /**
   * how many tasks there are, when known: more than one starts the pool before the first task, so
   * its threads come up while this thread lays out and draws that one (not after it: on two cores
   * the second sat idle for the length of a cold first label)
   */
  readonly count?: number;
}

const turn = () => new Promise<void>((r) => setImmediate(r));

export async function* drawInOrder<T, R>(tasks: Iterable<T>, draw: InOrderDraw<T, R>): AsyncGenerator<R> {
  let pool: RasterPool | null = null;
  let starting = false;
  const inflight: Promise<R>[] = [];
  let count = 0;
  const startPool = (start: () => Promise<RasterPool | null>) => {
    starting = true;
    start().then(
      (p) => {
        pool = p;
        starting = false;
      },
      () => {
        starting = false;
      },
    );
  };
  const { start } = draw;
  const early = start !== null && (draw.count ?? 0) > 1;
  if (early) startPool(start);
  for (const task of tasks) {
    if (++count === 2 && start && !early) startPool(start);
    const ready = pool as RasterPool | null;
    if (!ready) {
      yield draw.here(task);
      // let the workers' start-up messages in between pages drawn here
      if (starting) await turn();
      continue;
    }
    const result = draw.pooled(ready, task);
    // a job abandoned midway must not leave unhandled rejections behind (awaiting still throws)
    result.catch(() => undefined);
    inflight.push(result);
    if (inflight.length >= ready.size * DEPTH_PER_WORKER) yield await (inflight.shift() as Promise<R>);
  }
  while (inflight.length) yield await (inflight.shift() as Promise<R>);
}

/**
 * The pool of a job with `workers` threads: undefined, the process's own (left running for the
 * next job); 0, none; n, n threads of its own, stopped by `close` when the job ends.
 */
export function jobPool(workers: number | undefined): {
  start: InOrderDraw<unknown, unknown>["start"];
  close: () => Promise<void>;
} {
  if (workers === 0) return { start: null, close: async () => undefined };
  if (workers === undefined) return { start: sharedRasterPool, close: async () => undefined };
  let own: Promise<RasterPool | null> | null = null;
  return {
    start: () => {
      own ??= RasterPool.create(workers);
      return own;
    },
    close: async () => {
      await (await own)?.close();
    },
  };
}

// Raster workers for long jobs: the main thread lays out pages (render + outlines), the workers
// run resvg and the threshold. Pages are handed out round-robin and come back by id, so the job
// keeps its order. The entry (rasterWorker.mjs) registers tsx in the worker thread; where workers
// cannot start, the caller rasterises inline.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Bitmap } from "./bitmap";

const START_TIMEOUT_MS = 15_000;

type Pending = { resolve: (b: Bitmap) => void; reject: (e: Error) => void };

/** Workers worth starting: leave one core to the main thread, at most 4. */
export const defaultWorkers = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export class RasterPool {
  private next = 0;
  private id = 0;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly workers: Worker[]) {
    for (const w of workers) {
      w.on("message", (m: { id?: number; bitmap?: Bitmap; error?: string }) => {
        if (m.id === undefined) return;
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.bitmap) p.resolve(m.bitmap);
        else p.reject(new Error(m.error ?? "raster worker failed"));
      });
      w.on("error", (e) => this.failAll(e));
    }
  }

  private failAll(e: Error) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  /** Starts `size` workers; null when they cannot start here. */
  static async create(size: number): Promise<RasterPool | null> {
    const workers: Worker[] = [];
    try {
      for (let i = 0; i < size; i++) workers.push(new Worker(new URL("./rasterWorker.mjs", import.meta.url)));
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve, reject) => {
              const timer = setTimeout(
                () => reject(new Error("raster worker start timeout")),
                START_TIMEOUT_MS,
              );
              w.once("message", () => {
                clearTimeout(timer);
                resolve();
              });
              w.once("error", (e) => {
                clearTimeout(timer);
                reject(e);
              });
              w.once("exit", () => reject(new Error("raster worker exited")));
            }),
        ),
      );
      return new RasterPool(workers);
    } catch {
      await Promise.all(workers.map((w) => w.terminate()));
      return null;
    }
  }

  run(svg: string, threshold?: number): Promise<Bitmap> {
    const id = ++this.id;
    const w = this.workers[this.next++ % this.workers.length];
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, svg, threshold });
    });
  }

  async close(): Promise<void> {
    this.failAll(new Error("raster pool closed"));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

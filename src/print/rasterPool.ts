// Raster workers: the main thread lays out pages (render + outlines), the workers run resvg and
// what follows it: the threshold of a printer page, or the PNG/JPEG encoding of an exported image.
// The print API's labels are laid out in the workers too (task "records": the server's request
// thread only validates and queues).
// Tasks are handed out to the least busy worker and come back by id, so a caller keeps its order.
// One pool per process (`sharedRasterPool`, a worker per core) serves every job, so a job never
// waits for threads to start after the first; idle workers do not keep the process alive. The
// entry (rasterWorker.mjs) registers tsx in the worker thread (the built programs start the built
// worker instead: scripts/build-node.mjs); where workers cannot start, callers draw inline.
import { Worker } from "node:worker_threads";
import { defaultWorkers } from "../export/node/workers";
import type { Bitmap } from "./bitmap";
import { resvgModule } from "./raster";
import type { RecordsTask } from "./recordImages";

// nobody waits for the start (pages are drawn inline meanwhile), so a loaded machine gets time
const START_TIMEOUT_MS = 60_000;

/** What a worker does with a page's SVG. */
export type RasterTask =
  | { readonly kind: "bitmap"; readonly svg: string; readonly threshold?: number }
  | { readonly kind: "image"; readonly svg: string; readonly format: "png" | "jpeg"; readonly dpi?: number }
  | ({ readonly kind: "records" } & RecordsTask);

type Reply = { id?: number; bitmap?: Bitmap; bytes?: Uint8Array; pngs?: Uint8Array[]; error?: string };
type Pending = { resolve: (r: Reply) => void; reject: (e: Error) => void; worker: number };

export class RasterPool {
  private id = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly busy: number[];
  private broken: Error | null = null;
  /** tasks the workers answered so far */
  answered = 0;

  private constructor(private readonly workers: Worker[]) {
    this.busy = workers.map(() => 0);
    workers.forEach((w, i) => {
      w.on("message", (m: Reply) => {
        if (m.id === undefined) return;
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        this.settled(i);
        this.answered++;
        if (m.error === undefined) p.resolve(m);
        else p.reject(new Error(m.error));
      });
      // a worker that died (its own error, or out of memory) takes the pool with it: what it
      // held fails, and the next job starts a new pool rather than waiting on a dead thread
      w.on("error", (e) => this.break(e));
      w.on("exit", () => this.break(new Error("raster worker exited")));
      // idle (after its listeners: adding one refs a worker again)
      w.unref();
    });
  }

  /** Size of the pool. */
  get size(): number {
    return this.workers.length;
  }

  private settled(i: number) {
    // a worker with work keeps the process alive (its caller awaits it); an idle one does not
    if (--this.busy[i] === 0) this.workers[i].unref();
  }

  private break(e: Error) {
    this.broken ??= e;
    if (this === shared) shared = undefined;
    this.failAll(e);
  }

  private failAll(e: Error) {
    for (const p of this.pending.values()) {
      this.settled(p.worker);
      p.reject(e);
    }
    this.pending.clear();
  }

  /** Starts `size` workers; null when they cannot start here. */
  static async create(size: number): Promise<RasterPool | null> {
    const workers: Worker[] = [];
    try {
      // every worker draws with the wasm compiled here (its code is shared, not compiled again)
      const workerData = { resvg: await resvgModule() };
      for (let i = 0; i < size; i++)
        workers.push(new Worker(new URL("./rasterWorker.mjs", import.meta.url), { workerData }));
      const started = Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve, reject) => {
              const timer = setTimeout(
                () => reject(new Error("raster worker start timeout")),
                START_TIMEOUT_MS,
              );
              timer.unref();
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
      // starting threads never keeps the process alive: a job that ended before they were up
      // exits (after the listeners above: adding a message listener refs a worker again)
      for (const w of workers) w.unref();
      await started;
      return new RasterPool(workers);
    } catch {
      await Promise.all(workers.map((w) => w.terminate()));
      return null;
    }
  }

  private send(task: RasterTask): Promise<Reply> {
    if (this.broken) return Promise.reject(this.broken);
    const id = ++this.id;
    let i = 0;
    for (let k = 1; k < this.busy.length; k++) if (this.busy[k] < this.busy[i]) i = k;
    if (this.busy[i]++ === 0) this.workers[i].ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker: i });
      this.workers[i].postMessage({ id, ...task });
    });
  }

  /** A printer page: the thresholded 1-bit bitmap of an SVG sized in dots. */
  async run(svg: string, threshold?: number): Promise<Bitmap> {
    return (await this.send({ kind: "bitmap", svg, threshold })).bitmap as Bitmap;
  }

  /** An exported image: the SVG drawn on white and encoded (src/export/node/drawImage.ts). */
  async image(svg: string, format: "png" | "jpeg", dpi?: number): Promise<Uint8Array> {
    return (await this.send({ kind: "image", svg, format, dpi })).bytes as Uint8Array;
  }

  /** The print API's labels: a template laid out and drawn per record, whole (./recordImages.ts). */
  async records(task: RecordsTask): Promise<Uint8Array[]> {
    return (await this.send({ kind: "records", ...task })).pngs as Uint8Array[];
  }

  async close(): Promise<void> {
    this.break(new Error("raster pool closed"));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

let shared: RasterPool | undefined;
let sharedStart: Promise<RasterPool | null> | undefined;

/** The process's pool (a worker per core), started on first use; null where workers cannot start. */
export function sharedRasterPool(): Promise<RasterPool | null> {
  if (shared) return Promise.resolve(shared);
  if (defaultWorkers() === 0) return Promise.resolve(null);
  sharedStart ??= RasterPool.create(defaultWorkers()).then((p) => {
    shared = p ?? undefined;
    // a failure is remembered: callers draw inline rather than wait for threads again
    if (p) sharedStart = undefined;
    return p;
  });
  return sharedStart;
}

// Where region work (regionWork.ts) runs: on this thread, or on a worker thread so that the next
// rectangles are drawn while the last ones are turned grey, trimmed and made labels (the machine's
// second core). Jobs on a worker are answered in the order they were sent; drawings are moved to it,
// not copied, and the grey and the label moved back.
import { type RegionDone, type RegionJob, regionWork } from "./regionWork";

export type RegionRunner = (job: RegionJob) => Promise<RegionDone>;

/** On this thread. */
export const regionsHere: RegionRunner = async (job) => regionWork(job);

/** What the client needs of a worker: the browser's Worker (the bench adapts Node's to it). */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  terminate(): void;
}

type Answer = { id: number; done?: RegionDone; error?: string };

/** A job the worker could not do, or a worker that stopped (the page shows its own translated message). */
export class RegionWorkError extends Error {}

/** On `worker` (closed with `close`). A worker that fails fails its jobs and every later one. */
export function regionsOn(worker: WorkerLike): RegionRunner & { close(): void } {
  const waiting = new Map<number, { resolve(d: RegionDone): void; reject(e: Error): void }>();
  let nextId = 1;
  let broken: RegionWorkError | null = null;
  worker.onmessage = (e) => {
    const a = e.data as Answer;
    const w = waiting.get(a.id);
    if (!w) return;
    waiting.delete(a.id);
    if (a.done) w.resolve(a.done);
    else w.reject(new RegionWorkError(a.error ?? "region work failed"));
  };
  worker.onerror = (e) => {
    (e as { preventDefault?: () => void })?.preventDefault?.();
    broken = new RegionWorkError("the region worker stopped");
    for (const w of waiting.values()) w.reject(broken);
    waiting.clear();
  };
  const run = (job: RegionJob) =>
    new Promise<RegionDone>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job }, [job.drawing.data.buffer as ArrayBuffer]);
    });
  return Object.assign(run, {
    close() {
      broken ??= new RegionWorkError("the region worker was closed");
      for (const w of waiting.values()) w.reject(broken);
      waiting.clear();
      worker.terminate();
    },
  });
}

/** In the browser: a Web Worker of regionWorker.ts, or this thread when no worker can start. */
export function browserRegions(): RegionRunner & { close(): void } {
  try {
    return regionsOn(
      new Worker(new URL("./regionWorker.ts", import.meta.url), { type: "module" }) as unknown as WorkerLike,
    );
  } catch {
    // a runner of its own: regionsHere is shared and keeps no close of its own
    return Object.assign((job: RegionJob) => regionsHere(job), { close() {} });
  }
}

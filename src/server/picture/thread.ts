// Recognition off the request thread (issue 19): one worker thread (./thread.worker.ts) does the
// heavy work — decoding, locating, straightening, codes, text, shapes — so the server keeps answering
// other requests meanwhile. The thread and its tesseract worker start once (on the first AI request,
// see routes/ai.ts, or `warm()`) and are kept warm; jobs run one at a time, taken from the users in
// turn (a fair queue, ../fairQueue.ts: PICTURE_QUEUE). A thread that dies is replaced on the next job.
import { Worker } from "node:worker_threads";
import { ImageTooLarge } from "../../image/guard";
import type { LabelDocument } from "../../model/types";
import { FairQueue, type FairQueueOptions } from "../fairQueue";
import type { LabelArea } from "./locate";
import { type RecognizeOptions, UnreadablePicture } from "./recognize";
import type { LabelSize } from "./size";
import type { ThreadAnswer, ThreadJob } from "./thread.worker";

export interface Located {
  readonly area: LabelArea;
  /** the picture's [width, height] in pixels */
  readonly size: readonly [number, number];
  /** the label's size in mm estimated from a code of standard size (./size.ts), or null */
  readonly mm: LabelSize | null;
}

/** One job at a time; a user may have two (one running, one waiting); 32 waiting in all. */
export const PICTURE_QUEUE: FairQueueOptions = { concurrency: 1, perUser: 2, queue: 32 };

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type JobBody =
  | { op: "warm" }
  | { op: "locate"; bytes: ArrayBuffer }
  | {
      op: "recognize";
      bytes: ArrayBuffer;
      opts: RecognizeOptions;
    };

export class PictureThread {
  private worker: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  private readonly queue = new FairQueue(PICTURE_QUEUE);
  private closed = false;
  /** jobs sent and not answered yet */
  get busy(): number {
    return this.pending.size;
  }

  /** Starts the thread and its tesseract worker now (no-op when running); resolves when warm. */
  warm(): Promise<void> {
    // not queued: the thread answers it as soon as tesseract is ready, whatever job it is running
    return this.post({ op: "warm" }).then(() => undefined);
  }

  /** Finds the label in `user`'s picture, in that user's turn (refused past the caps: ApiError). */
  locate(user: string, bytes: Uint8Array): Promise<Located> {
    return this.send(user, { op: "locate", bytes: own(bytes) }) as Promise<Located>;
  }

  recognize(user: string, bytes: Uint8Array, opts: RecognizeOptions): Promise<LabelDocument> {
    return this.send(user, { op: "recognize", bytes: own(bytes), opts }) as Promise<LabelDocument>;
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = null;
    if (w) await (await w.catch(() => null))?.terminate();
  }

  /** One job at a time: the next is posted when the previous is answered. */
  private send(user: string, body: JobBody): Promise<unknown> {
    return this.queue.run(user, () => this.post(body));
  }

  private async post(body: JobBody): Promise<unknown> {
    if (this.closed) throw new Error("picture thread closed");
    const w = await this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const job = { id, ...body } as ThreadJob;
      w.postMessage(job, "bytes" in body ? [body.bytes] : []);
    });
  }

  private start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const w = new Worker(new URL("./thread.worker.mjs", import.meta.url));
    const fail = (e: Error) => {
      if (this.worker === started) this.worker = null;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    const started = new Promise<Worker>((resolve, reject) => {
      w.once("message", () => resolve(w));
      w.once("error", reject);
    });
    w.on("message", (m: ThreadAnswer | { ready: true }) => {
      if (!("id" in m)) return;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.ok) p.resolve(m.value);
      else if (m.tooLarge) p.reject(new ImageTooLarge(m.message));
      else p.reject(m.unreadable ? new UnreadablePicture(m.message) : new Error(m.message));
    });
    w.on("error", fail);
    w.on("exit", () => fail(new Error("picture thread exited")));
    this.worker = started;
    started.catch(() => undefined);
    return started;
  }
}

/** The bytes in a buffer of their own (handed to the thread without copying again). */
function own(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer as ArrayBuffer;
}

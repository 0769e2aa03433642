// Spreadsheet import off the request thread (docs/security.md): a bounded pool of worker threads fed
// by a fair queue (../fairQueue.ts: users in turn, a cap per user and in all), a time limit per file
// and a heap limit per worker, so a hostile workbook costs one worker for a while and never the
// server's other users. The worker also shapes and serialises the answer (./answer.ts): the main
// thread receives bytes, never the parsed cells. On Linux a worker runs at a lower priority and its
// time limit counts its CPU time (./threadCpu.ts): a busy machine gives the cores to requests first.
import { Worker } from "node:worker_threads";
import { FairQueue } from "../fairQueue";
import type { ImportAnswer, ImportShape } from "./answer";
import { cpuTimeLimit } from "./threadCpu";

export interface ImportPoolOptions {
  /** worker threads at most */
  readonly workers: number;
  /** imports waiting for a worker at most (more: "try again in a minute") */
  readonly queue: number;
  /** one file's time limit (ms of the worker's CPU time where it can be read, else of wall time):
   * the worker is stopped and replaced */
  readonly timeoutMs: number;
  /** heap limit of a worker (MB): past it the worker dies, not the server */
  readonly memoryMb: number;
  /** the worker's script (tests pass a stand-in that answers as ./worker.ts does) */
  readonly script?: URL;
}

/** A started worker and its thread's kernel id (null: not Linux, the limit is wall time). */
interface Thread {
  readonly worker: Worker;
  readonly tid: number | null;
}

/** A user's imports at most, running or waiting (one runs at a time). */
export const IMPORTS_PER_USER = 2;

interface Job {
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly shape: ImportShape;
}

const failed = (
  key: "spreadsheet.error.timeout" | "spreadsheet.error.corrupt",
  detail?: string,
): ImportAnswer => ({
  ok: false,
  error: { key, detail },
});

export class ImportPool {
  private readonly idle: Thread[] = [];
  private readonly queue: FairQueue;
  private closed = false;

  constructor(private readonly opts: ImportPoolOptions) {
    this.queue = new FairQueue({ concurrency: opts.workers, perUser: IMPORTS_PER_USER, queue: opts.queue });
  }

  /** Parses `bytes` in a worker in `userId`'s turn and answers the call's data as JSON bytes;
   * refuses (ApiError) past the user's cap or a full queue. */
  parse(userId: string, bytes: Uint8Array, name: string, shape: ImportShape): Promise<ImportAnswer> {
    return this.queue.run(userId, () =>
      this.closed
        ? Promise.resolve(failed("spreadsheet.error.corrupt", "server closing"))
        : this.run({ bytes, name, shape }),
    );
  }

  private async run(job: Job): Promise<ImportAnswer> {
    let thread: Thread;
    try {
      thread = this.idle.pop() ?? (await this.start());
    } catch (e) {
      return failed("spreadsheet.error.corrupt", `import worker: ${(e as Error).message}`);
    }
    const { worker } = thread;
    const copy = new Uint8Array(job.bytes); // its own buffer, handed over without copying again
    return new Promise<ImportAnswer>((resolve) => {
      const finish = (r: ImportAnswer, keep: boolean) => {
        stopLimit();
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        if (keep && !this.closed) this.idle.push(thread);
        else void worker.terminate();
        resolve(r);
      };
      const onMessage = (m: { answer?: ImportAnswer }) => m.answer && finish(m.answer, true);
      const onError = (e: Error) => finish(failed("spreadsheet.error.corrupt", e.message), false);
      const onExit = () => finish(failed("spreadsheet.error.corrupt", "import worker exited"), false);
      const stopLimit = cpuTimeLimit(thread.tid, this.opts.timeoutMs, () =>
        finish(failed("spreadsheet.error.timeout"), false),
      );
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage({ id: 1, bytes: copy.buffer, name: job.name, shape: job.shape }, [copy.buffer]);
    });
  }

  private start(): Promise<Thread> {
    const w = new Worker(this.opts.script ?? new URL("./worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
    });
    return new Promise((resolve, reject) => {
      // the first message: { ready, tid } (./worker.ts)
      w.once("message", (m: { tid?: number | null }) => resolve({ worker: w, tid: m.tid ?? null }));
      w.once("error", reject);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((t) => t.worker.terminate()));
  }
}

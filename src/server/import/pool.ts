// Spreadsheet import off the request thread (docs/security.md): a bounded pool of worker threads
// with a bounded queue, one import per user at a time, a time limit per file and a heap limit per
// worker, so a hostile workbook costs one worker for a while and never the server's other users.
import { Worker } from "node:worker_threads";
import type { ParseResult } from "../../spreadsheet";
import { ApiError, Code } from "../http/envelope";

export interface ImportPoolOptions {
  /** worker threads at most */
  readonly workers: number;
  /** imports waiting for a worker at most (more: "try again in a minute") */
  readonly queue: number;
  /** one file's time limit (ms): the worker is stopped and replaced */
  readonly timeoutMs: number;
  /** heap limit of a worker (MB): past it the worker dies, not the server */
  readonly memoryMb: number;
}

interface Job {
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly done: (r: ParseResult) => void;
}

const failed = (
  key: "spreadsheet.error.timeout" | "spreadsheet.error.corrupt",
  detail?: string,
): ParseResult => ({
  ok: false,
  error: { key, detail },
});

export class ImportPool {
  private readonly idle: Worker[] = [];
  private running = 0;
  private readonly waiting: Job[] = [];
  private readonly users = new Set<string>();
  private closed = false;

  constructor(private readonly opts: ImportPoolOptions) {}

  /** Parses `bytes` in a worker; refuses (ApiError) a user's second import or a full queue. */
  async parse(userId: string, bytes: Uint8Array, name: string): Promise<ParseResult> {
    if (this.users.has(userId)) throw new ApiError(Code.failed, "spreadsheet.error.busy");
    if (this.running >= this.opts.workers && this.waiting.length >= this.opts.queue)
      throw new ApiError(Code.failed, "spreadsheet.error.queueFull");
    this.users.add(userId);
    try {
      return await new Promise<ParseResult>((done) => {
        this.waiting.push({ bytes, name, done });
        this.pump();
      });
    } finally {
      this.users.delete(userId);
    }
  }

  private pump(): void {
    while (!this.closed && this.running < this.opts.workers && this.waiting.length) {
      const job = this.waiting.shift() as Job;
      this.running++;
      void this.run(job).then((r) => {
        this.running--;
        job.done(r);
        this.pump();
      });
    }
  }

  private async run(job: Job): Promise<ParseResult> {
    let worker: Worker;
    try {
      worker = this.idle.pop() ?? (await this.start());
    } catch (e) {
      return failed("spreadsheet.error.corrupt", `import worker: ${(e as Error).message}`);
    }
    const copy = new Uint8Array(job.bytes); // its own buffer, handed over without copying again
    return new Promise<ParseResult>((resolve) => {
      const finish = (r: ParseResult, keep: boolean) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        if (keep && !this.closed) this.idle.push(worker);
        else void worker.terminate();
        resolve(r);
      };
      const onMessage = (m: { result?: ParseResult }) => m.result && finish(m.result, true);
      const onError = (e: Error) => finish(failed("spreadsheet.error.corrupt", e.message), false);
      const onExit = () => finish(failed("spreadsheet.error.corrupt", "import worker exited"), false);
      const timer = setTimeout(() => finish(failed("spreadsheet.error.timeout"), false), this.opts.timeoutMs);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage({ id: 1, bytes: copy.buffer, name: job.name }, [copy.buffer]);
    });
  }

  private start(): Promise<Worker> {
    const w = new Worker(new URL("./worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
    });
    return new Promise((resolve, reject) => {
      w.once("message", () => resolve(w));
      w.once("error", reject);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.waiting.splice(0)) j.done(failed("spreadsheet.error.corrupt", "server closing"));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }
}

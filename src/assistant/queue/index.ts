// The assistant's durable print queue: jobs for network printers kept on disk (files.ts) and
// printed by one worker per printer, in the order they came, label by label (runner.ts). A job can
// be paused, resumed, cancelled and retried; after the assistant restarts, a job it was printing
// comes back paused ("restarted") at its last confirmed label, for a person to resume.
import { randomBytes } from "node:crypto";
import type { JobProgress } from "../../print/protocol/queue";
import type { FontRegistry } from "../../render/fonts";
import type { NetworkPrinter } from "../config";
import { RequestError } from "../protocol";
import type { DamagedFile, JobRequest } from "./files";
import { QueueFiles } from "./files";
import { pagesFrom } from "./pages";
import { JobRunner } from "./runner";

/** Finished jobs (done, cancelled) kept in the list, the newest; older ones are forgotten. */
export const KEEP_FINISHED = 50;

export interface QueueOptions {
  /** the queue folder; null: jobs live in memory only */
  readonly dir: string | null;
  readonly printer: (name: string) => NetworkPrinter | undefined;
  readonly fonts: (origin?: string) => FontRegistry | undefined;
  readonly log?: (line: string) => void;
  readonly pollMs?: number;
  readonly faultPollMs?: number;
}

interface Job {
  readonly request: JobRequest;
  readonly progress: JobProgress;
}

type Settled = (p: JobProgress) => void;

const active = (p: JobProgress) => p.state === "queued" || p.state === "printing";

export class PrintQueue {
  private readonly jobs = new Map<string, Job>();
  private readonly files: QueueFiles | null;
  /** printers whose worker is running */
  private readonly working = new Set<string>();
  /** the running workers, awaited by close() */
  private readonly workers = new Set<Promise<void>>();
  /** close() was called: no worker starts, the running ones stop where they are */
  private closed = false;
  private readonly wakers = new Set<() => void>();
  private readonly settledWaiters = new Map<string, Settled[]>();
  private readonly listeners = new Set<(p: JobProgress) => void>();
  private seq = 0;
  /** job files found unreadable at start (moved to damaged/) */
  readonly damaged: readonly DamagedFile[];

  constructor(private readonly opts: QueueOptions) {
    this.files = opts.dir ? new QueueFiles(opts.dir) : null;
    const loaded = this.files?.load() ?? { jobs: [], damaged: [] };
    this.damaged = loaded.damaged;
    for (const d of loaded.damaged)
      opts.log?.(`print queue: ${d.file} could not be read (${d.reason}); moved to damaged/`);
    for (const { request, progress } of loaded.jobs) {
      this.seq = Math.max(this.seq, request.seq);
      // a job the assistant was printing when it stopped waits for a person (the printer may have
      // been dealt with meanwhile); its label in doubt is settled when it resumes
      if (progress.state === "printing") Object.assign(progress, { state: "paused", reason: "restarted" });
      this.jobs.set(request.id, { request, progress });
    }
    for (const { request } of loaded.jobs) this.kick(request.printer);
  }

  /** Hears every change of a job's progress (a job added, a label printed, paused, ended…). */
  onChange(fn: (p: JobProgress) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** The job of this id as it stands (a copy), or undefined when the queue has none. */
  job(id: string): JobProgress | undefined {
    const j = this.jobs.get(id);
    return j ? structuredClone(j.progress) : undefined;
  }

  /** Queues a job (already checked: printing.ts) and starts its printer's worker. `id`: the job's
   * own key (a print API job's, delivered by the cloud server); a job of that id already queued is
   * answered as it stands and not queued again, so a delivery repeated after a restart prints once. */
  add(req: Omit<JobRequest, "id" | "seq" | "createdAt">, key?: string): JobProgress {
    const known = key === undefined ? undefined : this.jobs.get(key);
    if (known) return structuredClone(known.progress);
    const id = key ?? `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
    const request: JobRequest = { ...req, id, seq: ++this.seq, createdAt: new Date().toISOString() };
    const progress: JobProgress = {
      id,
      seq: request.seq,
      printer: req.printer,
      total: req.total,
      createdAt: request.createdAt,
      state: "queued",
      printed: 0,
      unconfirmed: 0,
      repeated: [],
    };
    try {
      this.files?.writeRequest(request);
      this.files?.writeProgress(progress);
    } catch (e) {
      this.files?.remove(id);
      throw new RequestError("print.assistant.saveFailed", { detail: (e as Error).message ?? String(e) });
    }
    this.jobs.set(id, { request, progress });
    this.forgetOld();
    this.tell(progress);
    this.kick(req.printer);
    return progress;
  }

  /** Resolves when the job is done, failed, cancelled or paused. */
  settled(id: string): Promise<JobProgress> {
    const job = this.jobs.get(id);
    if (job && !active(job.progress)) return Promise.resolve({ ...job.progress });
    return new Promise((resolve) => {
      this.settledWaiters.set(id, [...(this.settledWaiters.get(id) ?? []), resolve]);
    });
  }

  /** What a job's labels are counted by (printedOf), when its file says. */
  counts(id: string): { labels: number; perPage: number; copies: number } | undefined {
    const r = this.jobs.get(id)?.request;
    return r?.labels === undefined || r.perPage === undefined
      ? undefined
      : { labels: r.labels, perPage: r.perPage, copies: r.copies };
  }

  /** The jobs in queue order (of one printer, or all), as copies. */
  list(printer?: string): JobProgress[] {
    return [...this.jobs.values()]
      .filter((j) => printer === undefined || j.request.printer === printer)
      .map((j) => structuredClone(j.progress));
  }

  pause(id: string): JobProgress {
    return this.change(id, ["queued", "printing", "paused"], { state: "paused", reason: "user" });
  }

  /** A paused job goes on (a fault's pause too: the printer is asked again at once). */
  resume(id: string): JobProgress {
    return this.change(id, ["paused"], { state: "queued", reason: undefined });
  }

  cancel(id: string): JobProgress {
    return this.change(id, ["queued", "printing", "paused", "failed"], {
      state: "cancelled",
      reason: undefined,
    });
  }

  /** A failed or cancelled job prints again from its first label not printed. */
  retry(id: string): JobProgress {
    return this.change(id, ["failed", "cancelled"], { state: "queued", error: undefined });
  }

  /** Removes a done or cancelled job from the list and the disk (answers it as it was). Any other
   * job is refused: an unfinished one is never dropped, nor a cancelled one whose page a ZPL
   * printer still keeps (its `~JA` is yet to be sent: kick). */
  dismiss(id: string): JobProgress {
    const job = this.jobs.get(id);
    if (!job) throw new RequestError("print.queue.unknownJob", { id });
    const p = job.progress;
    if (!this.dismissible(job))
      throw new RequestError("print.queue.cannot", { id, reasonKeys: `print.queue.state.${p.state}` });
    this.drop(id);
    return structuredClone(p);
  }

  /** Removes every done and cancelled job (of one printer, or all) as `dismiss` would; answers how
   * many left. */
  clearFinished(printer?: string): number {
    const gone = [...this.jobs.values()].filter(
      (j) => (printer === undefined || j.request.printer === printer) && this.dismissible(j),
    );
    for (const j of gone) this.drop(j.request.id);
    return gone.length;
  }

  private dismissible(j: Job): boolean {
    const { state, inFlight } = j.progress;
    if (state === "done") return true;
    return state === "cancelled" && !(inFlight && this.opts.printer(j.request.printer)?.language === "ZPL");
  }

  private drop(id: string): void {
    this.jobs.delete(id);
    this.files?.remove(id);
  }

  /**
   * Stops the workers and waits for them: each ends its connection where it is and leaves its job
   * as it stands on disk (a job in the middle of a label comes back "restarted" at the next start,
   * its label in doubt settled then). No timer or socket of the queue is left.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers) wake();
    while (this.workers.size) await Promise.all(this.workers);
  }

  private change(
    id: string,
    from: readonly JobProgress["state"][],
    patch: Partial<JobProgress>,
  ): JobProgress {
    const job = this.jobs.get(id);
    if (!job) throw new RequestError("print.queue.unknownJob", { id });
    const p = job.progress;
    if (!from.includes(p.state))
      throw new RequestError("print.queue.cannot", { id, reasonKeys: `print.queue.state.${p.state}` });
    Object.assign(p, patch);
    for (const k of Object.keys(patch) as (keyof JobProgress)[]) if (patch[k] === undefined) delete p[k];
    this.save(p);
    for (const wake of this.wakers) wake();
    this.kick(job.request.printer);
    return structuredClone(p);
  }

  private save(p: JobProgress): void {
    // a job dismissed while its worker ends (cancelled): its files are gone and stay so
    if (!this.jobs.has(p.id)) return;
    try {
      this.files?.writeProgress(p);
    } catch (e) {
      // the job goes on; a restart would resume it from an earlier label (the printer's counter
      // or the "possibly repeated" mark covers it)
      this.opts.log?.(`print queue: could not save job ${p.id} (${(e as Error).message})`);
    }
    this.tell(p);
    if (!active(p)) {
      const waiting = this.settledWaiters.get(p.id) ?? [];
      this.settledWaiters.delete(p.id);
      for (const w of waiting) w(structuredClone(p));
    }
  }

  private tell(p: JobProgress): void {
    for (const fn of this.listeners) {
      try {
        fn(structuredClone(p));
      } catch (e) {
        this.opts.log?.(`print queue: ${(e as Error).message ?? e}`);
      }
    }
  }

  private sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.wakers.delete(done);
        resolve();
      };
      const t = setTimeout(done, this.closed ? 0 : ms);
      this.wakers.add(done);
    });

  /** Starts the printer's worker unless it runs: it prints its queued jobs one after another. */
  private kick(printer: string): void {
    if (this.closed || this.working.has(printer)) return;
    const mine = [...this.jobs.values()].filter((j) => j.request.printer === printer);
    // a cancelled job's page still at a ZPL printer is dropped there before the next job is sent
    const drop = mine.find(
      (j) =>
        j.progress.state === "cancelled" &&
        j.progress.inFlight &&
        this.opts.printer(printer)?.language === "ZPL",
    );
    const next = drop ?? mine.find((j) => j.progress.state === "queued");
    if (!next) return;
    this.working.add(printer);
    const runner = new JobRunner(next.request, next.progress, {
      printer: this.opts.printer,
      pages: (req, net, from) => pagesFrom(req, net, this.opts.fonts(req.origin), from),
      save: (p) => this.save(p),
      sleep: this.sleep,
      pollMs: this.opts.pollMs ?? 100,
      faultPollMs: this.opts.faultPollMs ?? 2000,
      stopped: () => this.closed,
      log: this.opts.log,
    });
    const worker = (drop ? runner.dropHeld() : runner.run())
      .catch((e) => this.opts.log?.(`print queue: ${(e as Error).message ?? e}`))
      .finally(() => {
        this.workers.delete(worker);
        this.working.delete(printer);
        this.kick(printer);
      });
    this.workers.add(worker);
  }

  /** Keeps the newest KEEP_FINISHED finished jobs (on disk too). */
  private forgetOld(): void {
    const finished = [...this.jobs.values()].filter((j) => j.progress.state === "done");
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.drop(j.request.id);
  }
}

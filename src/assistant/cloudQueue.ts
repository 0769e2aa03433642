// Print API jobs for this assistant's printers (issue 39; docs/api.md "Print API"): the cloud poll
// (cloud.ts) delivers `{ kind: "queue", id, printer, request }`; the request (the same message the
// assistant's socket takes) goes into the durable print queue under a key made of the server's job
// id, so a job delivered again (after a restart, a lost acknowledgement) is never queued twice.
// The queue's states (queued, printing, paused and why, done, failed, cancelled; pages printed) are
// reported to the server as they change; a report that cannot be sent (server unreachable) is sent
// again after the next poll. The server's cancels arrive on the poll too (`{ cancel: [ids] }`).
import { translate } from "../i18n/messages";
import type { JobProgress } from "../print/protocol/queue";
import type { PrintService } from "./printing";
import { parseRequest, RequestError } from "./protocol";

const PREFIX = "api-";

/** The queue key of a server job id (reversible: hex of its characters; ids are ≤ 30 characters,
 * the queue's keys ≤ 64 lowercase characters, case-safe on every file system). */
export const queueKeyOf = (serverId: string): string | null =>
  serverId.length > 0 && serverId.length <= 30
    ? PREFIX + Buffer.from(serverId, "utf8").toString("hex")
    : null;

/** The server job id of a queue key, or null for a job that did not come from the server. */
export function serverIdOf(key: string): string | null {
  if (!key.startsWith(PREFIX)) return null;
  const hex = key.slice(PREFIX.length);
  return /^(?:[0-9a-f]{2})+$/.test(hex) ? Buffer.from(hex, "hex").toString("utf8") : null;
}

export interface QueueJob {
  readonly id: string;
  readonly kind: "queue";
  readonly request: unknown;
}

/** A job answer of the poll that belongs to the queue. */
export const isQueueJob = (v: unknown): v is QueueJob =>
  !!v && typeof v === "object" && (v as { kind?: unknown }).kind === "queue";

/** The server's call (cloud.ts): resolves with the answer's data, throws on a refusal or no network. */
export type ServerCall = (path: string, body: Record<string, unknown>) => Promise<unknown>;

/** What the server hears of a queue job. */
const reportOf = (p: JobProgress) => ({
  state: p.state,
  reason: p.reason ?? "",
  printed: p.printed,
  total: p.total,
  copies_done: p.copiesDone ?? 0,
  msg: p.error ? translate(p.error.key, p.error.vars, "en") : "",
});

export class CloudQueue {
  /** what the server last accepted (or refused: a job it no longer follows) per queue key */
  private readonly told = new Map<string, string>();
  private chain: Promise<void> = Promise.resolve();
  private readonly stop: () => void;

  constructor(
    private readonly service: Pick<PrintService, "enqueue" | "queue">,
    private readonly call: ServerCall,
    /** the server's origin: the job's fonts are fetched from there */
    private readonly origin: string,
    private readonly log: (line: string) => void,
  ) {
    this.stop = service.queue.onChange((p) => {
      if (serverIdOf(p.id)) void this.flush();
    });
  }

  /** Queues a delivered job (once: by its key) and confirms it; a job that cannot be queued (bad
   * request, unknown printer, a printer that cannot print) is reported failed with the reason. */
  async take(job: QueueJob): Promise<void> {
    const key = queueKeyOf(job.id);
    if (!key) return;
    // delivered again: the server is told its state again once it has confirmed it
    this.told.delete(key);
    try {
      const req = parseRequest(JSON.stringify(job.request));
      if (req.cmd !== "outputPrintting") throw new RequestError("print.assistant.badMessage");
      const p = await this.service.enqueue(req, this.origin, key);
      this.log(`cloud job ${job.id} queued as ${p.id} on ${p.printer}`);
    } catch (e) {
      const msg =
        e instanceof RequestError
          ? e.text("en")
          : String((e as Error)?.message ?? e ?? "could not be queued");
      this.log(`cloud job ${job.id} not queued: ${msg}`);
      await this.call("/api/device/progress", {
        job_id: job.id,
        state: "failed",
        printed: 0,
        total: 0,
        copies_done: 0,
        msg,
      }).catch(() => undefined);
      return;
    }
    // refused: the server took the job back meanwhile; it comes again and is confirmed then
    await this.call("/api/device/ack", { job_id: job.id }).catch(() => undefined);
    await this.flush();
  }

  /** The server's cancels: each job leaves the queue (its report ends it on the server); one the
   * queue does not have is reported cancelled, one that ended already is reported as it ended. */
  async cancel(ids: readonly unknown[]): Promise<void> {
    for (const id of ids) {
      const key = typeof id === "string" ? queueKeyOf(id) : null;
      if (!key) continue;
      this.told.delete(key);
      const p = this.service.queue.job(key);
      if (!p) {
        await this.call("/api/device/progress", {
          job_id: id,
          state: "cancelled",
          printed: 0,
          total: 0,
          copies_done: 0,
        }).catch(() => undefined);
        continue;
      }
      try {
        this.service.queue.cancel(key);
        this.log(`cloud job ${id as string} cancelled by the server`);
      } catch {
        // done already: reported as it is
      }
    }
    await this.flush();
  }

  /** Reports every server job whose state the server has not heard yet, one call at a time. */
  flush(): Promise<void> {
    this.chain = this.chain.then(async () => {
      for (const p of this.service.queue.list()) {
        const id = serverIdOf(p.id);
        if (!id) continue;
        const report = reportOf(p);
        const sig = JSON.stringify(report);
        if (this.told.get(p.id) === sig) continue;
        try {
          await this.call("/api/device/progress", { job_id: id, ...report });
          this.told.set(p.id, sig);
        } catch (e) {
          // refused (code ≠ 200): the server does not follow it (ended, or not this device's)
          if (typeof (e as { code?: unknown }).code === "number") this.told.set(p.id, sig);
          else return; // no network: again after the next poll
        }
      }
    });
    return this.chain;
  }

  close(): Promise<void> {
    this.stop();
    return this.chain;
  }
}

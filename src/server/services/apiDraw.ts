// The print API's labels, drawn off the request thread (issue 39): the request validates, reserves
// counter numbers, stores the job as "drawing" with the keys its images will have, and answers; the
// job's records are then drawn in the raster workers (print/rasterPool.ts, task "records"), a few
// records per task so that one long job spreads over every worker and short jobs interleave. Once
// every image is stored the job joins its device's queue (deviceJobs.jobDrawn); a label that cannot
// be drawn fails the job with the reason. Where workers cannot start (INKLESS_RASTER_WORKERS=0),
// or a worker dies mid-task, the records are drawn on this thread instead.
import type { FieldRecord } from "../../data/recordSheets";
import type { LabelDocument } from "../../model/types";
import type { RasterPool } from "../../print/rasterPool";
import { drawRecordImages, type RecordsTask } from "../../print/recordImages";
import type { Db } from "../db";
import type { FileStore } from "../files/store";
import { jobDrawn, jobNotDrawn } from "./deviceJobs";

/** Records per worker task: small enough that 20 one-record jobs and one 1,000-record job share the
 * workers fairly, large enough that a task's message (every record of the job) is sent rarely. */
const RECORDS_PER_TASK = 25;

export interface DrawJob {
  readonly id: string;
  readonly doc: LabelDocument;
  readonly records: readonly FieldRecord[];
  /** reserved counter numbers by counter id, one per record */
  readonly counters: ReadonlyMap<string, readonly string[]>;
  /** where record i's image is stored */
  readonly keys: readonly string[];
  readonly dpi: number;
}

export class LabelDrawer {
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly pool: () => Promise<RasterPool | null>,
    private readonly log: (line: string) => void,
  ) {}

  /** Jobs being drawn now. */
  get size(): number {
    return this.running.size;
  }

  /** Starts drawing the job (never throws: a failure fails the job). */
  start(job: DrawJob): void {
    const run = this.draw(job).finally(() => this.running.delete(job.id));
    this.running.set(job.id, run);
  }

  /** Waits for the jobs under way (before the database closes); none start afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.running.values());
  }

  private async draw(job: DrawJob): Promise<void> {
    const now = Date.now();
    const counters = [...job.counters].map(([id, n]) => [id, [...n]] as const);
    try {
      const pool = this.closed ? null : await this.pool().catch(() => null);
      const chunks: Promise<void>[] = [];
      for (let from = 0; from < job.records.length; from += RECORDS_PER_TASK) {
        const task: RecordsTask = {
          doc: job.doc,
          records: job.records,
          counters,
          from,
          to: Math.min(job.records.length, from + RECORDS_PER_TASK),
          dpi: job.dpi,
          now,
        };
        chunks.push(
          this.images(pool, task).then(async (pngs) => {
            for (let i = 0; i < pngs.length; i++) await this.files.put(job.keys[from + i], pngs[i]);
          }),
        );
      }
      // every chunk settles before the job moves on (none left writing after a failure)
      const settled = await Promise.allSettled(chunks);
      const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
      if (failed) throw failed.reason;
      // cancelled meanwhile: its images are of no use
      if (!(await jobDrawn(this.db, job.id))) await this.drop(job.keys);
    } catch (e) {
      const why = String((e as Error)?.message ?? e);
      this.log(`[inkless] print API job ${job.id}: the labels could not be drawn: ${why}`);
      await jobNotDrawn(this.db, job.id, `the labels could not be drawn: ${why}`).catch((err) =>
        this.log(`[inkless] print API job ${job.id}: ${String(err)}`),
      );
      await this.drop(job.keys);
    }
  }

  /** One task's images: in the pool, or here (no pool, or it broke under the task). */
  private async images(pool: RasterPool | null, task: RecordsTask): Promise<Uint8Array[]> {
    if (pool) {
      try {
        return await pool.records(task);
      } catch (e) {
        // a label's own error fails the same way here; a dead worker does not fail the job
        this.log(`[inkless] raster worker: ${String((e as Error)?.message ?? e)}; drawing here`);
      }
    }
    return drawRecordImages(task);
  }

  private async drop(keys: readonly string[]): Promise<void> {
    for (const k of keys) await this.files.delete(k).catch(() => false);
  }
}

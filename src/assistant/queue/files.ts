// The queue on disk, one pair of files per job in the assistant's queue folder: `<id>.job.json`
// (what to print, written once) and `<id>.state.json` (how far it got, rewritten after every label;
// small, so a 100,000-row job's data is not written again each time). Both are replaced atomically.
// A file that cannot be read is moved to `damaged/` with its pair and reported, never a crash.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isLanguage } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import type { RecordChoice } from "../../print/plan";
import type { JobProgress, JobState } from "../../print/protocol/queue";
import type { Workbook } from "../../spreadsheet/types";
import { writeFileAtomic } from "../atomicFile";

const STATES: readonly JobState[] = ["queued", "printing", "paused", "done", "cancelled", "failed"];

/** What a job prints: the print request as it came, and the date its date fields show. */
export interface JobRequest {
  readonly id: string;
  /** the order jobs were queued in */
  readonly seq: number;
  readonly printer: string;
  readonly createdAt: string;
  /** the web app that sent it (its fonts) */
  readonly origin?: string;
  readonly lang: Language;
  readonly xml: string;
  readonly copies: number;
  readonly records?: readonly RecordChoice[];
  readonly sheets: Readonly<Record<string, Workbook>>;
  /** counter entries' numbers by counter id, one per record index (reserved by the editor) */
  readonly counters?: Readonly<Record<string, readonly string[]>>;
  readonly background?: boolean;
  readonly jobSettings?: Readonly<Record<string, unknown>>;
  /** the date and time the labels show: the same when the job resumes days later */
  readonly now: string;
  /** pages in all (a page is one label on a roll; each printed `copies` times), each sent and
   * confirmed on its own */
  readonly total: number;
  /** labels per copy and a page's labels (a sheet's cells), to count labels beside pages (printedOf);
   * absent in files written before */
  readonly labels?: number;
  readonly perPage?: number;
}

export interface DamagedFile {
  readonly file: string;
  readonly reason: string;
}

const ID = /^[0-9a-z-]{1,64}$/;
export const isJobId = (v: unknown): v is string => typeof v === "string" && ID.test(v);

const nat = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0;

function requestOf(v: unknown, id: string): JobRequest {
  const o = v as Partial<JobRequest> | null;
  if (!o || typeof o !== "object" || o.id !== id) throw new Error("not a job of this name");
  if (typeof o.printer !== "string" || typeof o.xml !== "string" || !isLanguage(o.lang))
    throw new Error("printer, label or language missing");
  if (!nat(o.seq) || !nat(o.total) || !nat(o.copies) || typeof o.now !== "string")
    throw new Error("counts or date missing");
  if ((o.labels !== undefined && !nat(o.labels)) || (o.perPage !== undefined && !nat(o.perPage)))
    throw new Error("bad label counts");
  if (!o.sheets || typeof o.sheets !== "object") throw new Error("data missing");
  if (o.records !== undefined && !Array.isArray(o.records)) throw new Error("records are not a list");
  if (o.counters !== undefined && (!o.counters || typeof o.counters !== "object"))
    throw new Error("counters are not a map");
  return o as JobRequest;
}

function progressOf(v: unknown, req: JobRequest): JobProgress {
  const o = v as Partial<JobProgress> | null;
  if (!o || typeof o !== "object" || o.id !== req.id) throw new Error("not a state of this job");
  if (!STATES.includes(o.state as JobState)) throw new Error("unknown state");
  if (!nat(o.printed) || (o.printed as number) > req.total || !nat(o.unconfirmed))
    throw new Error("bad label counts");
  if (
    o.copiesDone !== undefined &&
    (!nat(o.copiesDone) || (o.copiesDone as number) >= Math.max(1, req.copies))
  )
    throw new Error("bad copy count");
  if (!Array.isArray(o.repeated) || !o.repeated.every(nat)) throw new Error("bad repeated labels");
  return { ...(o as JobProgress), seq: req.seq, printer: req.printer, total: req.total };
}

export class QueueFiles {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  private path(id: string, part: "job" | "state") {
    return join(this.dir, `${id}.${part}.json`);
  }

  writeRequest(r: JobRequest): void {
    writeFileAtomic(this.path(r.id, "job"), JSON.stringify(r));
  }

  writeProgress(p: JobProgress): void {
    writeFileAtomic(this.path(p.id, "state"), JSON.stringify(p));
  }

  remove(id: string): void {
    for (const part of ["job", "state"] as const) rmSync(this.path(id, part), { force: true });
  }

  /** Every job on disk in queue order; unreadable ones are moved aside and reported. */
  load(): { jobs: { request: JobRequest; progress: JobProgress }[]; damaged: DamagedFile[] } {
    const jobs: { request: JobRequest; progress: JobProgress }[] = [];
    const damaged: DamagedFile[] = [];
    const ids = new Set<string>();
    for (const name of readdirSync(this.dir)) {
      const m = /^(.+)\.(job|state)\.json$/.exec(name);
      if (m && isJobId(m[1])) ids.add(m[1]);
    }
    for (const id of ids) {
      try {
        const request = requestOf(JSON.parse(readFileSync(this.path(id, "job"), "utf8")), id);
        const state = this.path(id, "state");
        if (!existsSync(state)) throw new Error("its progress file is missing");
        jobs.push({ request, progress: progressOf(JSON.parse(readFileSync(state, "utf8")), request) });
      } catch (e) {
        damaged.push({ file: `${id}.job.json`, reason: (e as Error).message });
        this.setAside(id);
      }
    }
    jobs.sort((a, b) => a.request.seq - b.request.seq);
    return { jobs, damaged };
  }

  /** Keeps a damaged job's files in damaged/ for a person to look at. */
  private setAside(id: string): void {
    const aside = join(this.dir, "damaged");
    mkdirSync(aside, { recursive: true, mode: 0o700 });
    for (const part of ["job", "state"] as const) {
      const from = this.path(id, part);
      if (existsSync(from)) renameSync(from, join(aside, `${id}.${part}.json`));
    }
  }
}

// The writer of a big PDF (one whose pages page workers make, src/export/node/pdfPages.ts) runs in a
// thread of its own, whose young generation can be capped: the calling thread's grows to V8's
// maximum (33.6 MB) while the pages are written and never shrinks, and the run's peak went over its
// 300 MB goal (issue 41). A launch flag (`node --max-semi-space-size`) would need the command to
// start itself again; a thread's `resourceLimits` need nothing. The bytes come back here to be
// written (./output.ts: temporary name, removed on Ctrl+C), one piece at a time.
import { Worker } from "node:worker_threads";
import type { Sheets } from "../data";
import type { PageMode, RecordRange } from "../export/layout";
import type { LabelDocument } from "../model/types";
import { CliError } from "./errors";
import type { StreamedOutput } from "./output";

/**
 * Young generation of the writer's thread, MB: measured on the 100,000-record bench (docs/export.md,
 * "Where the peak goes"); V8's default grows to 33.6 MB.
 */
export const WRITER_YOUNG_MB = 8;

export interface WriterJob {
  readonly doc: LabelDocument;
  readonly sheets: Sheets;
  readonly range: RecordRange;
  readonly pageMode: PageMode;
}

/** From the writer's thread: a piece of the file, progress, the end, or why it failed. */
export type WriterReply =
  | { chunk: Uint8Array }
  | { progress: [number, number] }
  | { done: true }
  | { error: { key?: string; vars?: Record<string, string | number>; name: string; message: string } };

/** The writer thread's options (what the tests check). */
export function writerOptions(job: WriterJob) {
  return { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_MB } };
}

/** An error as the writer's thread sent it: a CliError stays one, others keep name and message. */
function rebuilt(e: Extract<WriterReply, { error: unknown }>["error"]): Error {
  if (e.key !== undefined) return new CliError(e.key, e.vars);
  const out = new Error(e.message);
  out.name = e.name;
  return out;
}

/** Writes `job`'s PDF into `out` from a thread of its own; `onProgress` as the writer reports. */
export function writePdfInThread(
  out: StreamedOutput,
  job: WriterJob,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  const w = new Worker(new URL("./pdfWriterWorker.mjs", import.meta.url), writerOptions(job));
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      void w.terminate();
      reject(e);
    };
    // the pieces are written in order, each acknowledged: the writer never runs ahead of the disk
    let writing = Promise.resolve();
    w.on("message", (m: WriterReply) => {
      if ("chunk" in m)
        writing = writing.then(() => out.write(m.chunk)).then(() => w.postMessage("wrote"), fail);
      else if ("progress" in m) onProgress(...m.progress);
      else if ("error" in m) fail(rebuilt(m.error));
      else
        void writing.then(() => {
          if (settled) return;
          settled = true;
          void w.terminate().then(() => resolve(), resolve);
        });
    });
    w.on("error", fail);
    w.on("exit", (code) => fail(new Error(`PDF writer thread exited (${code})`)));
  });
}

// The writer of a big PDF in its own thread (./pdfWriterThread.ts): writes the job's file as the
// calling thread would, sending each piece back and waiting until it is written.
import { parentPort, workerData } from "node:worker_threads";
import { collectingEvery, heapWatch } from "../export/node/memory";
import { CliError } from "./errors";
import type { WriterJob, WriterReply } from "./pdfWriterThread";
import { writePdfTo } from "./renderExport";

const { doc, ...opts } = workerData as WriterJob;
const post = (m: WriterReply, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(m, transfer);
let written: (() => void) | null = null;
parentPort?.on("message", () => {
  written?.();
  written = null;
});
const out = {
  write: (chunk: Uint8Array) =>
    new Promise<void>((resolve) => {
      written = resolve;
      // a piece that owns its whole buffer moves without a copy
      const own = chunk.buffer instanceof ArrayBuffer && chunk.byteLength === chunk.buffer.byteLength;
      post({ chunk }, own ? [chunk.buffer as ArrayBuffer] : []);
    }),
};
/** progress messages a few times a second: the line on the terminal redraws no more often */
const PROGRESS_MS = 100;
let last = Number.NEGATIVE_INFINITY;
const look = heapWatch();
const onProgress = collectingEvery(
  (done: number, total: number) => {
    const now = performance.now();
    if (done < total && now - last < PROGRESS_MS) return;
    last = now;
    post({ progress: [done, total] });
  },
  undefined,
  look,
);
try {
  await writePdfTo(out, [doc], opts, onProgress, look);
  post({ done: true });
} catch (e) {
  const err = e instanceof Error ? e : new Error(String(e));
  post({
    error: {
      ...(e instanceof CliError ? { key: e.key, vars: e.vars } : {}),
      name: err.name,
      message: err.message,
    },
  });
}

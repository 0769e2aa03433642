// Web Worker entry (regionClient.ts starts it): post { id, job: RegionJob } with the drawing's buffer
// moved, receive { id, done: RegionDone } (the grey and the label moved back) or { id, error }.
// The bench runs this same file in a Node worker thread (tests/docprint/support/regionWorker.mjs).
import { type RegionJob, regionWork } from "./regionWork";

const scope = globalThis as unknown as {
  onmessage: ((e: { data: { id: number; job: RegionJob } }) => void) | null;
  postMessage(msg: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, job } = e.data;
  try {
    const done = regionWork(job);
    const moved = new Set<ArrayBuffer>();
    if (done.gray) moved.add(done.gray.data.buffer as ArrayBuffer);
    if (done.label) moved.add(done.label.data.buffer as ArrayBuffer);
    if (done.label?.png) moved.add(done.label.png.buffer as ArrayBuffer);
    scope.postMessage({ id, done }, [...moved]);
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};

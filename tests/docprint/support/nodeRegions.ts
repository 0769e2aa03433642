// Region work (src/docprint/regionClient.ts) on a Node worker thread running the app's worker file,
// for the bench and the tests: Node's Worker seen as the browser's.
import { Worker } from "node:worker_threads";
import { regionsOn, type WorkerLike } from "../../../src/docprint/regionClient";

export function nodeRegions(): ReturnType<typeof regionsOn> {
  const w = new Worker(new URL("./regionWorker.mjs", import.meta.url));
  const like: WorkerLike = {
    postMessage: (m, transfer) => w.postMessage(m, transfer as never),
    onmessage: null,
    onerror: null,
    terminate: () => void w.terminate(),
  };
  w.on("message", (data) => like.onmessage?.({ data }));
  w.on("error", (e) => like.onerror?.(e));
  return regionsOn(like);
}

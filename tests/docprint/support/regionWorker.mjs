// The app's region worker (src/docprint/regionWorker.ts, a Web Worker there) in a Node worker thread
// (the bench and the tests, nodeRegions.ts):
// TypeScript through tsx, and the browser's worker globals (onmessage, postMessage) over parentPort.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
parentPort.on("message", (data) => globalThis.onmessage?.({ data }));
await import("../../../src/docprint/regionWorker.ts");

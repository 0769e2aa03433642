// Loaded with --import: when a PDF page worker says it is ready, appends its old space's bytes in use
// to the file named by INKLESS_TEST_READY_HEAP and stops the process (what comes after is not looked at).
import { appendFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";
import { isMainThread, parentPort } from "node:worker_threads";

const file = process.env.INKLESS_TEST_READY_HEAP;
if (file && !isMainThread && parentPort) {
  const post = parentPort.postMessage.bind(parentPort);
  parentPort.postMessage = (m, transfer) => {
    if (m?.ready === true) {
      const old = getHeapSpaceStatistics().find((s) => s.space_name === "old_space");
      appendFileSync(file, `${old?.space_used_size ?? -1}\n`);
      process.kill(process.pid, "SIGTERM");
      return;
    }
    post(m, transfer);
  };
}

// A stand-in for the import worker (src/server/import/worker.ts) that answers as it does, after
// doing what the file's name says: "idle:<ms>" waits that long without using the CPU (a starved
// thread looks like this to the kernel), "busy:<ms>" burns the CPU that long.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { lowerOwnPriority, ownThreadId } = await import("../../../src/server/import/threadCpu.ts");

const tid = ownThreadId();
lowerOwnPriority(tid);
parentPort?.on("message", (m) => {
  const [what, ms] = m.name.split(":");
  if (what === "idle") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(ms));
  else for (const end = Date.now() + Number(ms); Date.now() < end; );
  const json = [new TextEncoder().encode(`"${what}"`)];
  parentPort?.postMessage(
    { id: m.id, answer: { ok: true, json } },
    json.map((c) => c.buffer),
  );
});
parentPort?.postMessage({ ready: true, tid });

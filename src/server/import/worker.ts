// One spreadsheet import worker thread: { id, bytes, name, shape } in, { id, answer: ImportAnswer } out,
// the answer's JSON pieces transferred (not copied) to the main thread. It first lowers its own
// priority and tells its thread id, by which the pool counts its CPU time (./threadCpu.ts).
import { parentPort } from "node:worker_threads";
import { parseSpreadsheet } from "../../spreadsheet";
import { type ImportAnswer, type ImportShape, importJson } from "./answer";
import { lowerOwnPriority, ownThreadId } from "./threadCpu";

const tid = ownThreadId();
lowerOwnPriority(tid);

parentPort?.on("message", async (m: { id: number; bytes: ArrayBuffer; name: string; shape: ImportShape }) => {
  const parsed = await parseSpreadsheet(new Uint8Array(m.bytes), m.name);
  if (!parsed.ok) {
    parentPort?.postMessage({ id: m.id, answer: parsed satisfies ImportAnswer });
    return;
  }
  const json = importJson(parsed.workbook, m.shape);
  parentPort?.postMessage(
    { id: m.id, answer: { ok: true, json } satisfies ImportAnswer },
    json.map((c) => c.buffer as ArrayBuffer),
  );
});
parentPort?.postMessage({ ready: true, tid });

// One spreadsheet import worker thread: { id, bytes, name } in, { id, result: ParseResult } out.
import { parentPort } from "node:worker_threads";
import { parseSpreadsheet } from "../../spreadsheet";

parentPort?.on("message", (m: { id: number; bytes: ArrayBuffer; name: string }) => {
  void parseSpreadsheet(new Uint8Array(m.bytes), m.name).then((result) =>
    parentPort?.postMessage({ id: m.id, result }),
  );
});
parentPort?.postMessage({ ready: true });

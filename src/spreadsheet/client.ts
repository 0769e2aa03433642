// Browser helper: parse a spreadsheet in a Web Worker so a 100,000-row file never blocks the page.
// Falls back to parsing in the calling thread where workers are unavailable (Node, tests).
import type { ParseResult } from "./types";

interface Pending {
  resolve(r: ParseResult): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  const w = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  w.onmessage = (e: MessageEvent<{ id: number; result: ParseResult }>) => {
    const p = pending.get(e.data?.id);
    if (!p) return;
    pending.delete(e.data.id);
    p.resolve(e.data.result);
  };
  w.onerror = (e) => {
    // A crashed worker answers every waiting call with an error and is replaced on the next call.
    for (const p of pending.values())
      p.resolve({
        ok: false,
        error: { key: "spreadsheet.error.corrupt", detail: String(e.message ?? "worker failed") },
      });
    pending.clear();
    w.terminate();
    worker = null;
  };
  return w;
}

/** Parses in a worker when the platform has one; the bytes are transferred (the caller's copy is emptied). */
export async function parseSpreadsheetOffThread(bytes: ArrayBuffer, name = ""): Promise<ParseResult> {
  if (typeof Worker === "undefined") {
    const { parseSpreadsheet } = await import("./index");
    return parseSpreadsheet(bytes, name);
  }
  worker ??= startWorker();
  const id = nextId++;
  const w = worker;
  return new Promise<ParseResult>((resolve) => {
    pending.set(id, { resolve });
    w.postMessage({ id, bytes, name }, [bytes]);
  });
}

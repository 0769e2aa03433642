// The PDF worker: renders every record and writes the PDF off the main thread (the writer needs no
// DOM). Fonts come from the page once (registerFace) or are fetched like in the page.
import { getFontRegistry } from "../../render";
import { exportPdfHere } from "./here";
import type { FromWorker, ToWorker } from "./workerProtocol";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(m: FromWorker): void;
};
const running = new Map<number, AbortController>();
let fontsReady: Promise<unknown> = Promise.resolve();

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === "fonts") {
    const reg = getFontRegistry();
    const before = fontsReady;
    fontsReady = before.then(() =>
      Promise.all(m.faces.map((f) => reg.registerFace(f.family, f.bytes, f.bold).catch(() => null))),
    );
    return;
  }
  if (m.type === "abort") {
    running.get(m.id)?.abort();
    return;
  }
  void run(m.id, m);
};

async function run(id: number, m: Extract<ToWorker, { type: "pdf" }>): Promise<void> {
  const ctrl = new AbortController();
  running.set(id, ctrl);
  let last = 0;
  try {
    await fontsReady;
    const r = await exportPdfHere(m.doc, {
      ...m.opts,
      signal: ctrl.signal,
      sliceMs: 40,
      onProgress: (done, total, estimate) => {
        const t = performance.now();
        // a message per ~50 ms is plenty for a progress bar
        if (done < total && t - last < 50) return;
        last = t;
        scope.postMessage({ type: "progress", id, done, total, estimate });
      },
    });
    scope.postMessage({ type: "done", id, blob: r.blob, fileName: r.fileName, count: r.count });
  } catch (err) {
    const e = err as { name?: string; message?: string };
    scope.postMessage({ type: "error", id, name: e?.name ?? "Error", message: e?.message ?? String(err) });
  } finally {
    running.delete(id);
  }
}

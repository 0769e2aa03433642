// The export worker: renders every record and writes the PDF (or draws the PNG/JPEG images) off the
// main thread; neither needs a DOM. Fonts come from the page once (registerFace) or are fetched like
// in the page.
import { registerShared } from "../../render/workerFaces";
import { canDrawImagesHere, exportImagesHere } from "../image/imagesHere";
import type { ProgressEstimate } from "../yielder";
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
    fontsReady = registerShared(fontsReady, m.faces);
    return;
  }
  if (m.type === "abort") {
    running.get(m.id)?.abort();
    return;
  }
  if (m.type === "images" && !canDrawImagesHere()) {
    scope.postMessage({ type: "unsupported", id: m.id });
    return;
  }
  void run(m.id, m);
};

async function run(id: number, m: Extract<ToWorker, { type: "pdf" | "images" }>): Promise<void> {
  const ctrl = new AbortController();
  running.set(id, ctrl);
  let last = Number.NEGATIVE_INFINITY; // a young Worker's clock starts near 0: the first update always goes
  try {
    await fontsReady;
    const common = {
      signal: ctrl.signal,
      sliceMs: 40,
      onProgress: (done: number, total: number, estimate?: ProgressEstimate) => {
        const t = performance.now();
        // a message per ~50 ms is plenty for a progress bar
        if (done < total && t - last < 50) return;
        last = t;
        scope.postMessage({ type: "progress", id, done, total, estimate });
      },
    };
    const r =
      m.type === "pdf"
        ? await exportPdfHere(m.doc, { ...m.opts, ...common })
        : await exportImagesHere(m.doc, { ...m.opts, ...common });
    scope.postMessage({ type: "done", id, blob: r.blob, fileName: r.fileName, count: r.count });
  } catch (err) {
    const e = err as { name?: string; message?: string };
    scope.postMessage({ type: "error", id, name: e?.name ?? "Error", message: e?.message ?? String(err) });
  } finally {
    running.delete(id);
  }
}

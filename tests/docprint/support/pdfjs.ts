// The app's page drawing (src/docprint/load.ts pdfDrawing) in Node: pdf.js's Node build drawing on
// @napi-rs/canvas (pdfjs-dist's optional dependency), for the tests and the bench.
import { MessageChannel, Worker } from "node:worker_threads";
import { createCanvas } from "@napi-rs/canvas";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type CanvasMaker, grayPages, pdfDrawing } from "../../../src/docprint/load";
import type { PageSource } from "../../../src/docprint/pageCut";

/** A white @napi-rs/canvas of `w × h` pixels, typed as the browser's canvas the app draws on. */
export const napiCanvas: CanvasMaker = (w, h) => {
  const canvas = createCanvas(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, ctx } as unknown as ReturnType<CanvasMaker>;
};

/** A PDF opened by pdf.js's Node build, its pages as grey drawn the app's way. */
export async function pdfjsPages(bytes: Uint8Array): Promise<{ doc: PDFDocumentProxy; pages: PageSource }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = (await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false })
    .promise) as unknown as PDFDocumentProxy;
  return { doc, pages: grayPages(pdfDrawing(doc, napiCanvas)) };
}

/** pdf.js parsing on a worker thread of its own (pdfjsThread.mjs), as in the browser: pass `worker`
 * to getDocument; `close` ends the thread. */
export async function pdfjsThread(): Promise<{ worker: unknown; close(): Promise<void> }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(new URL("./pdfjsThread.mjs", import.meta.url), {
    workerData: { port: port2 },
    transferList: [port2],
  });
  port1.start();
  const worker = new pdfjs.PDFWorker({ port: port1 as never });
  return {
    worker,
    async close() {
      worker.destroy();
      await thread.terminate();
    },
  };
}

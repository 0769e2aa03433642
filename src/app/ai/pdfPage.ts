// A PDF's first page as a PNG picture (application.md §9 "PDF import": scale 3, page 1 only), drawn in
// the browser by pdfjs-dist, loaded only when a PDF is dropped (its own chunk, its own worker file).
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { PDFJS_LIMITS } from "../../image/guard";

export const PDF_SCALE = 3;

export async function pdfFirstPage(bytes: Uint8Array): Promise<Blob> {
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  // (no eval: the app's Content-Security-Policy forbids it; pictures over the cap are not drawn)
  const task = pdfjs.getDocument({ data: bytes, ...PDFJS_LIMITS });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: PDF_SCALE });
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    // white paper behind a page without a background
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no canvas");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: ctx, viewport }).promise;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no picture"))), "image/png"),
    );
  } finally {
    await task.destroy();
  }
}

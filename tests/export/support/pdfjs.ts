// A PDF page drawn by pdf.js (pdfjs-dist, the library of Firefox's viewer and of our own PDF import)
// in Node, on @napi-rs/canvas (pdfjs-dist's canvas for Node, Skia like Chromium's), on white paper.
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Pixels } from "../../../src/export/pdf/png";

export async function pdfjsPage(bytes: Uint8Array, page: number, scale: number): Promise<Pixels> {
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false });
  try {
    const doc = await task.promise;
    const p = await doc.getPage(page);
    const viewport = p.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await p.render({ canvas, canvasContext: ctx, viewport } as never).promise;
    const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height };
  } finally {
    await task.destroy();
  }
}

// A document in the browser as pages that can be drawn at any resolution: PDFs with pdf.js (loaded
// only when a PDF is opened; its worker is a separate file), pictures as one page, text files set as
// pages in a monospace font. Office files arrive here already converted to PDF by the server.
import { type GrayImage, grayFromRgba } from "./image";
import { MAX_DOC_PAGES } from "./limits";

export interface DocPages {
  readonly pageCount: number;
  /** page `n` (1-based) at `dpi` as a canvas */
  draw(n: number, dpi: number): Promise<HTMLCanvasElement>;
  close(): void;
}

/** The canvas as grey (`reuse`: a grey no longer needed, see grayFromRgba). */
export function canvasGray(c: HTMLCanvasElement, reuse?: Uint8Array): GrayImage {
  const ctx = c.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2D canvas");
  const { data } = ctx.getImageData(0, 0, c.width, c.height);
  return grayFromRgba(data, c.width, c.height, reuse);
}

/** A picture of a canvas at most `width` pixels wide (thumbnails, the cut preview), as a data URL. */
export function canvasPreview(c: HTMLCanvasElement, width: number): string {
  const k = Math.min(1, width / c.width);
  const out = document.createElement("canvas");
  out.width = Math.max(1, Math.round(c.width * k));
  out.height = Math.max(1, Math.round(c.height * k));
  out.getContext("2d")?.drawImage(c, 0, 0, out.width, out.height);
  return out.toDataURL("image/png");
}

function canvasOf(w: number, h: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(w));
  canvas.height = Math.max(1, Math.round(h));
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2D canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, ctx };
}

export async function pdfPages(bytes: Uint8Array): Promise<DocPages> {
  const pdfjs = await import("pdfjs-dist");
  const worker = await import("pdfjs-dist/build/pdf.worker.min.mjs?url");
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
  return {
    pageCount: Math.min(doc.numPages, MAX_DOC_PAGES),
    async draw(n, dpi) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const { canvas, ctx } = canvasOf(viewport.width, viewport.height);
      await page.render({ canvas, canvasContext: ctx, viewport }).promise;
      page.cleanup();
      return canvas;
    },
    close() {
      void doc.destroy();
    },
  };
}

/** A picture is one page; its pixels are taken as printer dots (203 dpi). */
export async function picturePages(file: Blob, pictureDpi: number): Promise<DocPages> {
  const bmp = await createImageBitmap(file);
  return {
    pageCount: 1,
    async draw(_n, dpi) {
      const k = dpi / pictureDpi;
      const { canvas, ctx } = canvasOf(bmp.width * k, bmp.height * k);
      ctx.drawImage(bmp, 0, 0, canvas.width, canvas.height);
      return canvas;
    },
    close() {
      bmp.close();
    },
  };
}

/** Text set in pages of `widthMm × heightMm` (the label), 3 mm margins, 9 pt monospace, lines wrapped. */
export function textPages(text: string, widthMm: number, heightMm: number): DocPages {
  const PT = 9;
  const lineMm = (PT * 1.25 * 25.4) / 72;
  const charMm = (PT * 0.6 * 25.4) / 72;
  const cols = Math.max(1, Math.floor((widthMm - 6) / charMm));
  const rows = Math.max(1, Math.floor((heightMm - 6) / lineMm));
  const lines: string[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n")) {
    const chars = [...raw];
    if (!chars.length) lines.push("");
    for (let i = 0; i < chars.length; i += cols) lines.push(chars.slice(i, i + cols).join(""));
  }
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const pageCount = Math.min(MAX_DOC_PAGES, Math.max(1, Math.ceil(lines.length / rows)));
  return {
    pageCount,
    async draw(n, dpi) {
      const px = (mm: number) => (mm / 25.4) * dpi;
      const { canvas, ctx } = canvasOf(px(widthMm), px(heightMm));
      ctx.fillStyle = "#000000";
      ctx.textBaseline = "top";
      ctx.font = `${(PT / 72) * dpi}px "Noto Sans Mono", "DejaVu Sans Mono", monospace`;
      const first = (n - 1) * rows;
      for (let r = 0; r < rows && first + r < lines.length; r++)
        ctx.fillText(lines[first + r], px(3), px(3 + r * lineMm));
      return canvas;
    },
    close() {},
  };
}

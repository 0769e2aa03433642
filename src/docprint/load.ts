// A document in the browser as pages that can be drawn at any resolution: PDFs with pdf.js (loaded
// only when a PDF is opened; its worker is a separate file), pictures as one page, text files set as
// pages in a monospace font. Office files arrive here already converted to PDF by the server.
import type { PDFDocumentProxy } from "pdfjs-dist";
import { checkImage, PDFJS_LIMITS } from "../image/guard";
import { mmToDots, ptToMm } from "../model/units";
import { type GrayImage, grayFromRgba, type PixelBox } from "./image";
import { MAX_DOC_PAGES } from "./limits";
import type { PageSource } from "./pageCut";

export interface DocPages {
  readonly pageCount: number;
  /** page `n` (1-based) at `dpi`, pixels (the size of `draw(n, dpi)`'s canvas) */
  size(n: number, dpi: number): Promise<{ readonly width: number; readonly height: number }>;
  /** page `n` at `dpi` as a canvas; with `region` (pixels of the page at that dpi) only that rectangle */
  draw(n: number, dpi: number, region?: PixelBox): Promise<HTMLCanvasElement>;
  close(): void;
}

/** The pages as grey (what cutting reads). */
export function grayPages(pages: Pick<DocPages, "size" | "draw">): PageSource {
  return {
    size: (n, dpi) => pages.size(n, dpi),
    gray: async (n, dpi, region) => canvasGray(await pages.draw(n, dpi, region)),
    async drawing(n, dpi, region) {
      // a plain object (an ImageData is not sent between threads as it is)
      const { width, height, data } = canvasPixels(await pages.draw(n, dpi, region));
      return { width, height, data };
    },
  };
}

const px = (v: number) => Math.max(1, Math.round(v));

/** The canvas's pixels (RGBA). */
function canvasPixels(c: HTMLCanvasElement): ImageData {
  const ctx = c.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2D canvas");
  return ctx.getImageData(0, 0, c.width, c.height);
}

/** The canvas as grey (`reuse`: a grey no longer needed, see grayFromRgba). */
export function canvasGray(c: HTMLCanvasElement, reuse?: Uint8Array): GrayImage {
  return grayFromRgba(canvasPixels(c).data, c.width, c.height, reuse);
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

/** A white canvas of `w × h` pixels (rounded, at least 1) and its 2D context. */
export type CanvasMaker = (
  w: number,
  h: number,
) => { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D };

const canvasOf: CanvasMaker = (w, h) => {
  const canvas = document.createElement("canvas");
  canvas.width = px(w);
  canvas.height = px(h);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2D canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, ctx };
};

/**
 * Drawing a pdf.js document's pages on canvases from `make`. A region is drawn alone (the page moved
 * by the viewport's offset onto a canvas of the region's size). A page's parsed drawing is kept until
 * another page is drawn, so the boxes of one page do not parse it again.
 */
export function pdfDrawing(doc: PDFDocumentProxy, make: CanvasMaker): Pick<DocPages, "size" | "draw"> {
  let last: { n: number; cleanup(): unknown } | null = null;
  return {
    async size(n, dpi) {
      const v = (await doc.getPage(n)).getViewport({ scale: dpi / 72 });
      return { width: px(v.width), height: px(v.height) };
    },
    async draw(n, dpi, region) {
      const page = await doc.getPage(n);
      if (last && last.n !== n) last.cleanup();
      last = { n, cleanup: () => page.cleanup() };
      const viewport = page.getViewport({
        scale: dpi / 72,
        offsetX: -(region?.x ?? 0),
        offsetY: -(region?.y ?? 0),
      });
      const { canvas, ctx } = make(region?.w ?? viewport.width, region?.h ?? viewport.height);
      await page.render({ canvas, canvasContext: ctx, viewport }).promise;
      return canvas;
    },
  };
}

export async function pdfPages(bytes: Uint8Array): Promise<DocPages> {
  const pdfjs = await import("pdfjs-dist");
  const worker = await import("pdfjs-dist/build/pdf.worker.min.mjs?url");
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const doc = await pdfjs.getDocument({ data: bytes, ...PDFJS_LIMITS }).promise;
  return {
    pageCount: Math.min(doc.numPages, MAX_DOC_PAGES),
    ...pdfDrawing(doc, canvasOf),
    close() {
      void doc.destroy();
    },
  };
}

/** A picture is one page; its pixels are taken as printer dots (203 dpi). */
export async function picturePages(file: Blob, pictureDpi: number): Promise<DocPages> {
  // the header's size is checked before the browser decodes (and allocates for) the picture
  if (!checkImage(new Uint8Array(await file.arrayBuffer()))) throw new Error("not a picture");
  const bmp = await createImageBitmap(file);
  const size = (dpi: number) => ({
    width: px((bmp.width * dpi) / pictureDpi),
    height: px((bmp.height * dpi) / pictureDpi),
  });
  return {
    pageCount: 1,
    size: async (_n, dpi) => size(dpi),
    async draw(_n, dpi, region) {
      const { width, height } = size(dpi);
      const { canvas, ctx } = canvasOf(region?.w ?? width, region?.h ?? height);
      ctx.drawImage(bmp, -(region?.x ?? 0), -(region?.y ?? 0), width, height);
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
  const lineMm = ptToMm(PT * 1.25);
  const charMm = ptToMm(PT * 0.6);
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
    async size(_n, dpi) {
      return { width: px(mmToDots(widthMm, dpi)), height: px(mmToDots(heightMm, dpi)) };
    },
    async draw(n, dpi, region) {
      const mm = (v: number) => mmToDots(v, dpi);
      const { canvas, ctx } = canvasOf(region?.w ?? mm(widthMm), region?.h ?? mm(heightMm));
      ctx.translate(-(region?.x ?? 0), -(region?.y ?? 0));
      ctx.fillStyle = "#000000";
      ctx.textBaseline = "top";
      ctx.font = `${(PT / 72) * dpi}px "Noto Sans Mono", "DejaVu Sans Mono", monospace`;
      const first = (n - 1) * rows;
      for (let r = 0; r < rows && first + r < lines.length; r++)
        ctx.fillText(lines[first + r], mm(3), mm(3 + r * lineMm));
      return canvas;
    },
    close() {},
  };
}

// PNG / JPEG export from the portable SVG (canvg on a canvas, with the fonts the registry put in
// document.fonts): 300 px per inch, tagged 300 dpi (EXPORT_PIXEL_RATIO); a sheet with a side over 1000 px
// uses ratio 1 and no dpi tag (spec §9). BLACKWHITE images are already thresholded at 127 by the
// renderer. Several sheets are zipped as name_n.ext. In the browser a batch goes to the export
// worker (src/export/image/imagesHere.ts draws the same SVG on an OffscreenCanvas); this file's
// canvg path is the fallback where the worker cannot draw. Browser only.
import { EXPORT_LARGE_SIDE, EXPORT_PIXEL_RATIO, PX_PER_MM } from "../model/constants";
import type { LabelDocument } from "../model/types";
import { getFontRegistry } from "../render";
import { withExportDpi } from "./dpi";
import { fileBaseName } from "./layout";
import type { ExportResult } from "./pdf";
import { prepareSheets, type SheetOptions, sheetCountOf } from "./sheets";
import { abortError, now, type Progress, reportProgress, Yielder } from "./yielder";

export type ImageFormat = "png" | "jpeg";

export interface ImageOptions extends SheetOptions {
  readonly format: ImageFormat;
  readonly onProgress?: Progress;
  readonly signal?: AbortSignal;
  /** always answer a zip, even for one sheet (CLI `--out x.zip`) */
  readonly zip?: boolean;
  /** false: never use the Web Worker; true: always; default: for a batch (more than one image) */
  readonly worker?: boolean;
}

/** Canvas size and whether the 300 dpi tag applies, for a sheet of `w × h` mm. */
export function rasterSize(
  w: number,
  h: number,
): { width: number; height: number; ratio: number; dpi: boolean } {
  const large = w * PX_PER_MM > EXPORT_LARGE_SIDE || h * PX_PER_MM > EXPORT_LARGE_SIDE;
  const ratio = large ? 1 : EXPORT_PIXEL_RATIO;
  return {
    width: Math.max(1, Math.round(w * PX_PER_MM * ratio)),
    height: Math.max(1, Math.round(h * PX_PER_MM * ratio)),
    ratio,
    dpi: !large,
  };
}

const MIME: Record<ImageFormat, string> = { png: "image/png", jpeg: "image/jpeg" };
const EXT: Record<ImageFormat, string> = { png: "png", jpeg: "jpg" };

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("canvas export failed"))), type, 0.95),
  );
}

/**
 * The images: in the browser in the export worker (OffscreenCanvas, src/export/image/), else, or
 * where the worker cannot draw text, here with canvg in slices.
 */
export async function exportImages(doc: LabelDocument, opts: ImageOptions): Promise<ExportResult> {
  if ((opts.worker ?? sheetCountOf(doc, opts) > 1) && !opts.fonts) {
    const { runImagesWorker, workerAvailable } = await import("./pdf/workerClient");
    if (workerAvailable()) {
      const r = await runImagesWorker(doc, opts);
      if (r) return r;
    }
  }
  return exportImagesInPage(doc, opts);
}

/** The page's path: canvg on a canvas (needs a DOM), yielding every ~12 ms. */
export async function exportImagesInPage(doc: LabelDocument, opts: ImageOptions): Promise<ExportResult> {
  const fonts = opts.fonts ?? getFontRegistry();
  const [{ Canvg }, source] = await Promise.all([import("canvg"), prepareSheets(doc, { ...opts, fonts })]);
  if (opts.signal?.aborted) throw abortError();
  const { width: sw, height: sh } = source.geometry;
  const size = rasterSize(sw, sh);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas");
  const yielder = new Yielder(opts.signal);
  const files: Uint8Array[] = [];
  const total = source.sheetCount;
  const started = now();
  for (let i = 0; i < total; i++) {
    const svg = source
      .sheetSvg(i)
      .replace(
        /^<svg([^>]*) width="[^"]*" height="[^"]*"/,
        `<svg$1 width="${size.width}" height="${size.height}"`,
      );
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, size.width, size.height);
    const v = Canvg.fromString(ctx, svg, { ignoreClear: true, ignoreMouse: true, ignoreAnimation: true });
    await v.render();
    // white paper under the drawing, afterwards: canvg resizes (and so clears) the canvas itself,
    // and a transparent background would turn black in a JPEG or for a 1-bit printer
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalCompositeOperation = "destination-over";
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.globalCompositeOperation = "source-over";
    let bytes: Uint8Array = new Uint8Array(await (await toBlob(canvas, MIME[opts.format])).arrayBuffer());
    if (size.dpi) bytes = withExportDpi(bytes, opts.format);
    files.push(bytes);
    reportProgress(opts.onProgress, started, i + 1, total);
    await yielder.maybeYield();
  }
  return packImages(files, opts.format, fileBaseName(doc.attrs.name), opts.zip === true);
}

/** One image as itself, several (or `zip`) as `base.zip` holding `base_n.ext` (stored). */
export async function packImages(
  files: Uint8Array[],
  format: ImageFormat,
  base: string,
  zip: boolean,
): Promise<ExportResult> {
  const opts = { format, zip };
  if (files.length === 1 && !opts.zip) {
    return {
      blob: new Blob([files[0] as BlobPart], { type: MIME[opts.format] }),
      fileName: `${base}.${EXT[opts.format]}`,
      count: 1,
    };
  }
  const { zipSync } = await import("fflate");
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  files.forEach((f, i) => {
    entries[`${base}_${i + 1}.${EXT[opts.format]}`] = [f, { level: 0 }];
  });
  const packed = zipSync(entries);
  return {
    blob: new Blob([packed as BlobPart], { type: "application/zip" }),
    fileName: `${base}.zip`,
    count: files.length,
  };
}

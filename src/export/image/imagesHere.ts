// PNG / JPEG export without a DOM (the export worker): each sheet's portable SVG drawn on an
// OffscreenCanvas by the Canvas 2D painter, same size, white paper, 300 dpi tags and zip as the
// page's canvg path (src/export/raster.ts). Fonts: the registry's faces added to the worker's own
// font set. BLACKWHITE images thresholded per element, as in the PDF.
import type { LabelDocument } from "../../model/types";
import { type FontRegistry, getFontRegistry } from "../../render";
import { thresholdPixels } from "../../render/imageThreshold";
import { withExportDpi } from "../dpi";
import { fileBaseName } from "../layout";
import type { ExportResult } from "../pdf";
import { type ImageFormat, packImages, rasterSize } from "../raster";
import { imageThresholds, prepareSheets, type SheetOptions } from "../sheets";
import { readSvgSource } from "../svg/read";
import { partId, topLevelParts } from "../svg/tree";
import { abortError, now, type Progress, reportProgress, Yielder } from "../yielder";
import { CanvasPainter } from "./canvasPaint";

export interface ImagesHereOptions extends SheetOptions {
  readonly format: ImageFormat;
  readonly zip?: boolean;
  readonly onProgress?: Progress;
  readonly signal?: AbortSignal;
  readonly sliceMs?: number;
}

type FontSet = { add(f: FontFace): void };
const fontSet = (): FontSet | null => (globalThis as { fonts?: FontSet }).fonts ?? null;

/** Whether this scope can draw text on an OffscreenCanvas with our fonts. */
export function canDrawImagesHere(): boolean {
  return typeof OffscreenCanvas !== "undefined" && typeof FontFace !== "undefined" && fontSet() !== null;
}

const added = new WeakSet<ArrayBuffer>();

async function addFonts(reg: FontRegistry): Promise<void> {
  const set = fontSet();
  if (!set) return;
  const jobs: Promise<void>[] = [];
  for (const { name } of reg.families())
    for (const bold of [false, true]) {
      const bytes = reg.isLoaded(name, bold) ? reg.bytes(name, bold) : undefined;
      if (!bytes || added.has(bytes)) continue;
      added.add(bytes);
      const face = new FontFace(name, bytes.slice(0), { weight: bold ? "700" : "400" });
      jobs.push(
        face.load().then(
          (f) => set.add(f),
          () => undefined,
        ),
      );
    }
  await Promise.all(jobs);
}

async function bitmapOf(href: string, threshold: number | undefined): Promise<ImageBitmap | null> {
  try {
    const bmp = await createImageBitmap(await (await fetch(href)).blob());
    if (threshold === undefined) return bmp;
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext("2d") as OffscreenCanvasRenderingContext2D;
    ctx.drawImage(bmp, 0, 0);
    const d = ctx.getImageData(0, 0, bmp.width, bmp.height);
    thresholdPixels(d.data, threshold);
    return createImageBitmap(d);
  } catch {
    return null;
  }
}

export async function exportImagesHere(doc: LabelDocument, opts: ImagesHereOptions): Promise<ExportResult> {
  const fonts = opts.fonts ?? getFontRegistry();
  const source = await prepareSheets(doc, { ...opts, fonts });
  await addFonts(fonts);
  if (opts.signal?.aborted) throw abortError();
  const { width: sw, height: sh } = source.geometry;
  const size = rasterSize(sw, sh);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error("no 2D canvas");
  const thresholds = imageThresholds(doc);
  const bitmaps = new Map<string, ImageBitmap | null>();
  let current: number | undefined;
  const painter = new CanvasPainter(ctx, (href) => bitmaps.get(`${current ?? ""}|${href}`));
  const type = opts.format === "png" ? "image/png" : "image/jpeg";
  const yielder = new Yielder(opts.signal, opts.sliceMs);
  const files: Uint8Array[] = [];
  const total = source.sheetCount;
  const started = now();
  for (let i = 0; i < total; i++) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.setTransform(size.width / sw, 0, 0, size.height / sh, 0, 0);
    for (const label of source.labels(i)) {
      ctx.save();
      ctx.translate(label.x, label.y);
      for (const part of topLevelParts(label.svg)) {
        current = thresholds.get(partId(part));
        if (part.includes("<image"))
          for (const m of part.matchAll(/<image\b[^>]*\bhref="([^"]*)"/g)) {
            const href = m[1].replace(/&amp;/g, "&");
            const key = `${current ?? ""}|${href}`;
            if (!bitmaps.has(key)) bitmaps.set(key, await bitmapOf(href, current));
          }
        painter.paint(readSvgSource(part));
      }
      ctx.restore();
    }
    let bytes: Uint8Array = new Uint8Array(
      await (await canvas.convertToBlob({ type, quality: 0.95 })).arrayBuffer(),
    );
    if (size.dpi) bytes = withExportDpi(bytes, opts.format);
    files.push(bytes);
    reportProgress(opts.onProgress, started, i + 1, total);
    await yielder.maybeYield();
  }
  return packImages(files, opts.format, fileBaseName(doc.attrs.name), opts.zip === true);
}

// PNG / JPEG export in Node (the CLI, no browser): each sheet's portable SVG with its text turned into
// outlines, drawn by resvg — the print assistant's raster path (src/print/raster.ts) — at the size of
// the browser's export (rasterSize: 300 dpi for a sheet up to 1000 px a side, tagged so), on white
// paper. Images: resvg reads PNG, JPEG and GIF; WebP, BMP and BLACKWHITE images come through
// src/export/node/images.ts. Sheets are laid out one at a time (a generator) and drawn and encoded by the raster
// workers (./inOrder.ts), a few in flight, so a 10,000-image zip stays flat.

import { drawImage } from "../export/node/drawImage";
import { hrefForResvg } from "../export/node/images";
import { type ImageFormat, rasterSize } from "../export/raster";
import { imageThresholds, prepareSheets, type SheetOptions } from "../export/sheets";
import { decodeEntities, partId, topLevelParts } from "../export/svg/tree";
import { EXPORT_DPI } from "../model/constants";
import type { LabelDocument } from "../model/types";
import { getFontRegistry } from "../render";
import { drawInOrder, jobPool } from "./inOrder";
import { initRaster } from "./raster";
import { textToPaths } from "./textPaths";

export interface NodeImageOptions extends SheetOptions {
  readonly format: ImageFormat;
  /** raster worker threads (default: the process's pool, a worker per core; 0 = this thread) */
  readonly workers?: number;
}

export interface NodeImages {
  /** how many images (sheets) the export makes */
  readonly count: number;
  /** the images in order, each encoded (PNG or JPEG, with its dpi tag) */
  readonly images: AsyncGenerator<Uint8Array>;
  /** the SVG image `index` is drawn from (text as outlines), as resvg gets it */
  readonly svg: (index: number) => string;
}

export async function nodeImages(doc: LabelDocument, opts: NodeImageOptions): Promise<NodeImages> {
  const fonts = opts.fonts ?? getFontRegistry();
  const [source] = await Promise.all([prepareSheets(doc, { ...opts, fonts }), initRaster()]);
  const { width: sw, height: sh } = source.geometry;
  const size = rasterSize(sw, sh);
  const thresholds = imageThresholds(doc);
  const hrefs = new Map<string, string>();
  const imageHref = (href: string, threshold: number | undefined) => {
    const key = `${threshold ?? ""}|${href}`;
    let out = hrefs.get(key);
    if (out === undefined) {
      out = hrefForResvg(href, threshold);
      if (hrefs.size > 256) hrefs.clear();
      hrefs.set(key, out);
    }
    return out;
  };

  const sheetSvg = (index: number): string => {
    const parts = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${sw} ${sh}">`,
    ];
    for (const label of source.labels(index)) {
      parts.push(`<g transform="translate(${label.x} ${label.y})">`);
      for (const part of topLevelParts(label.svg)) {
        if (!part.includes("<image")) {
          parts.push(part);
          continue;
        }
        const t = thresholds.get(partId(part));
        parts.push(
          part.replace(
            /(<image\b[^>]*\bhref=")([^"]*)"/g,
            (_, head: string, href: string) => `${head}${imageHref(decodeEntities(href), t)}"`,
          ),
        );
      }
      parts.push("</g>");
    }
    parts.push("</svg>");
    return textToPaths(parts.join(""), fonts);
  };

  const dpi = size.dpi ? EXPORT_DPI : undefined;
  async function* images(): AsyncGenerator<Uint8Array> {
    // the raster workers draw and encode while this thread lays out the next sheets
    const threads = jobPool(opts.workers);
    const sheets = (function* () {
      for (let i = 0; i < source.sheetCount; i++) yield sheetSvg(i);
    })();
    try {
      yield* drawInOrder(sheets, {
        here: (svg) => drawImage(svg, opts.format, dpi),
        pooled: (pool, svg) => pool.image(svg, opts.format, dpi),
        start: threads.start,
        count: source.sheetCount,
      });
    } finally {
      await threads.close();
    }
  }
  return { count: source.sheetCount, images: images(), svg: sheetSvg };
}

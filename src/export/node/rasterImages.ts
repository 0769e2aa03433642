// PNG / JPEG export in Node (the CLI, no browser): each sheet's portable SVG with its text turned into
// outlines, drawn by resvg — the print assistant's raster path (src/print/raster.ts) — at the size of
// the browser's export (rasterSize: 300 dpi for a sheet up to 1000 px a side, tagged so), on white
// paper. Images: resvg reads PNG, JPEG and GIF; WebP, BMP and BLACKWHITE images come through
// ./images.ts. Sheets are made one at a time (a generator), so a 10,000-image zip stays flat.
import { deflateSync } from "node:zlib";
import { Resvg } from "@resvg/resvg-wasm";
import jpeg from "jpeg-js";
import type { LabelDocument } from "../../model/types";
import { initRaster } from "../../print/raster";
import { textToPaths } from "../../print/textPaths";
import { getFontRegistry } from "../../render";
import { withExportDpi } from "../dpi";
import { encodePng } from "../pdf/png";
import { type ImageFormat, rasterSize } from "../raster";
import { imageThresholds, prepareSheets, type SheetOptions } from "../sheets";
import { decodeEntities, partId, topLevelParts } from "../svg/tree";
import { hrefForResvg } from "./images";

export interface NodeImageOptions extends SheetOptions {
  readonly format: ImageFormat;
}

export interface NodeImages {
  /** how many images (sheets) the export makes */
  readonly count: number;
  /** the images in order, each encoded (PNG or JPEG, with its dpi tag) */
  readonly images: AsyncGenerator<Uint8Array>;
}

const JPEG_QUALITY = 95;

function encode(img: { pixels: Uint8Array; width: number; height: number }, format: ImageFormat) {
  // drawn on white, so opaque: RGB rows, Node's own zlib (faster and ~3 × smaller than resvg's PNG)
  if (format === "png")
    return encodePng(
      { width: img.width, height: img.height, data: img.pixels },
      { opaque: true, deflate: (raw) => deflateSync(raw, { level: 6 }) },
    );
  const { data } = jpeg.encode({ data: img.pixels, width: img.width, height: img.height }, JPEG_QUALITY);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
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

  async function* images(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < source.sheetCount; i++) {
      const r = new Resvg(sheetSvg(i), {
        font: { fontBuffers: [], loadSystemFonts: false } as never,
        background: "#ffffff",
      });
      let bytes: Uint8Array;
      try {
        const img = r.render();
        try {
          bytes = encode(img, opts.format);
        } finally {
          img.free();
        }
      } finally {
        r.free();
      }
      if (size.dpi) bytes = withExportDpi(bytes, opts.format);
      yield bytes;
    }
  }
  return { count: source.sheetCount, images: images() };
}

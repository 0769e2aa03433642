// Page SVG → 1-bit bitmap at the printer's resolution (Node: the print assistant, tests, bench;
// the browser: the printer template export's worker).
// resvg (wasm, no native install) draws the outlines; text was turned into outlines beforehand
// (textPaths.ts), so no fonts are handed to resvg and a label takes milliseconds.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import type { LabelDocument } from "../model/types";
import { mmToDots } from "../model/units";
import type { FontRegistry } from "../render/fonts";
import { type Bitmap, thresholdRgba } from "./bitmap";
import { dotsFor, mmOfDots } from "./dots";
import { pageSize, pageSvg } from "./pageSvg";
import { resvgWasmBytes } from "./resvgWasm";
import { textToPaths } from "./textPaths";

let ready: Promise<void> | null = null;
let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * The resvg wasm compiled once per process. The raster workers are started with it: the threads of
 * a process share a module's compiled code, so a worker neither compiles the 2.5 MB module again
 * nor warms up its own copy of the optimised code (~0.3 s of CPU a worker on the bench label).
 */
export function resvgModule(): Promise<WebAssembly.Module> {
  // the bytes are at hand in Node, fetched in the browser (resvgWasm.browser.ts)
  compiled ??= Promise.resolve(resvgWasmBytes()).then((b) => WebAssembly.compile(b as BufferSource));
  return compiled;
}

/** Loads the resvg wasm once per thread: `module` as compiled by another thread, else this process's. */
export function initRaster(module?: WebAssembly.Module): Promise<void> {
  if (!ready) {
    ready = initWasm(module ?? resvgModule()).catch((e) => {
      // a second init in the same process (another module copy) is harmless
      if (!/already/i.test(String(e))) throw e;
    });
  }
  return ready;
}

export interface RasterOptions {
  readonly dpi: number;
  /** luminance below this (0–255) prints black; default 128 */
  readonly threshold?: number;
  readonly fonts: FontRegistry;
  /** draw the label background image (default: the label's printBackground) */
  readonly background?: boolean;
}

/** Draw an SVG whose root is already sized in dots; returns the thresholded bitmap. */
export function rasterSvg(svg: string, threshold = 128): Bitmap {
  const r = new Resvg(svg, {
    font: { fontBuffers: [], loadSystemFonts: false } as never,
    shapeRendering: 1, // crispEdges: each dot is inside or outside a shape, like the thermal head
    background: "#ffffff",
  });
  try {
    const img = r.render();
    try {
      return thresholdRgba(img.pixels, img.width, img.height, threshold);
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}

/** Size of a page in dots (each side rounded up to a multiple of 8). */
export function pageDots(doc: LabelDocument, dpi: number): { width: number; height: number } {
  const s = pageSize(doc);
  return { width: dotsFor(s.width, dpi), height: dotsFor(s.height, dpi) };
}

/**
 * One page (the records of its cells) as a bitmap. The extra dots from rounding up are white at
 * the right and bottom; the scale stays exactly mmToDots(1, dpi) so dot-snapped barcodes stay exact.
 */
export function rasterPage(
  doc: LabelDocument,
  records: readonly number[],
  valuesOf: (record: number) => ReadonlyMap<string, string>,
  opts: RasterOptions,
): Bitmap {
  return rasterSvg(printSvg(doc, records, valuesOf, opts), opts.threshold);
}

/** The page's SVG sized in dots with text as outlines: what rasterSvg (or a raster worker) draws. */
export function printSvg(
  doc: LabelDocument,
  records: readonly number[],
  valuesOf: (record: number) => ReadonlyMap<string, string>,
  opts: RasterOptions,
): string {
  const { width, height } = pageDots(doc, opts.dpi);
  const root = {
    width: String(width),
    height: String(height),
    viewBox: `0 0 ${mmOfDots(width, opts.dpi)} ${mmOfDots(height, opts.dpi)}`,
  };
  const svg = pageSvg(doc, records, valuesOf, {
    target: "print",
    dpi: opts.dpi,
    fonts: opts.fonts,
    background: opts.background,
    root,
  });
  // the dots past the page's edge (sides rounded up to whole bytes) stay white, whatever overflows
  const page = pageSize(doc);
  const w = mmOfDots(width, opts.dpi);
  const h = mmOfDots(height, opts.dpi);
  const margin =
    w > page.width || h > page.height
      ? `<path fill="#ffffff" d="M${page.width} 0H${w}V${h}H0V${page.height}H${page.width}Z"/>`
      : "";
  return textToPaths(`${svg.slice(0, -"</svg>".length)}${margin}</svg>`, opts.fonts);
}

/** One page as a PNG at `dpi` (for CUPS queues, which take images and scale them to the media). */
export function pagePng(
  doc: LabelDocument,
  records: readonly number[],
  valuesOf: (record: number) => ReadonlyMap<string, string>,
  opts: RasterOptions,
): Uint8Array {
  const s = pageSize(doc);
  const width = Math.max(1, Math.round(mmToDots(s.width, opts.dpi)));
  const height = Math.max(1, Math.round(mmToDots(s.height, opts.dpi)));
  const svg = pageSvg(doc, records, valuesOf, {
    target: "print",
    dpi: opts.dpi,
    fonts: opts.fonts,
    background: opts.background,
    root: { width: String(width), height: String(height), viewBox: `0 0 ${s.width} ${s.height}` },
  });
  const r = new Resvg(textToPaths(svg, opts.fonts), {
    font: { fontBuffers: [], loadSystemFonts: false } as never,
    background: "#ffffff",
  });
  try {
    const img = r.render();
    try {
      return img.asPng();
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}

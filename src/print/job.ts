// A streaming printer job: pages are planned lazily, rendered and encoded one at a time, and
// yielded as bytes, so the first label goes out while later ones are still rendering and memory
// stays flat whatever the record count. Node only (rasterises with resvg; a label that is one
// picture of its own dots is sent as it is: dotPicture.ts).
import { createResolver, recordCount, type Sheets } from "../data/index";
import { PRINT_DPI } from "../model/constants";
import type { LabelDocument } from "../model/types";
import {
  type FontRegistry,
  getFontRegistry,
  prepareRender,
  type RenderOptions,
  recordChars,
} from "../render/index";
import { dotForDotPicture } from "./dotPicture";
import { normalDpi } from "./dots";
import { pageEncoder } from "./encode";
import { drawInOrder, jobPool } from "./inOrder";
import { pageSize } from "./pageSvg";
import { allRecords, cellsPerPage, jobCopies, planPages, type RecordChoice } from "./plan";
import { initRaster, pagePng, printSvg, rasterSvg } from "./raster";
import type { PrinterSettings } from "./settings";

export type PrinterLanguage = "TSPL" | "ZPL";

export interface JobOptions {
  readonly language: PrinterLanguage;
  /** printer resolution; default 203 */
  readonly dpi?: number;
  /** how many times each page is printed (the dialog's copies) */
  readonly copies?: number;
  /** the chosen records with their copies (default: every record once) */
  readonly choices?: Iterable<RecordChoice>;
  readonly sheets?: Sheets;
  readonly now?: Date;
  readonly threshold?: number;
  readonly background?: boolean;
  /** the printer's own settings (darkness, speed, media…), sent as its language's commands */
  readonly settings?: PrinterSettings;
  readonly fonts?: FontRegistry;
  /** pages to leave out at the start (a print queue resuming a job): never drawn */
  readonly fromPage?: number;
  /** raster worker threads of this job's own (default: the process's pool, one per core; 0 = rasterise on this thread) */
  readonly workers?: number;
}

/** prepareRender's options for a print job: with every record's characters (their fallback faces). */
function printPrepare(
  doc: LabelDocument,
  sheets: Sheets,
  resolve: (record: number) => ReadonlyMap<string, string>,
  dpi: number,
  fonts: FontRegistry,
): RenderOptions {
  const records = Array.from({ length: recordCount(doc, sheets) }, (_, i) => i);
  const chars = recordChars(records, resolve);
  return { target: "print", dpi, fonts, chars };
}

const nextTick = () => new Promise<void>((r) => setImmediate(r));

/** The job's bytes, one chunk per page (the first carries TSPL's header: encode.ts). */
export async function* printJob(doc: LabelDocument, opts: JobOptions): AsyncGenerator<Uint8Array> {
  const dpi = normalDpi(opts.dpi ?? PRINT_DPI);
  const fonts = opts.fonts ?? getFontRegistry();
  const sheets: Sheets = opts.sheets ?? new Map();
  // a label that is one picture of its own dots (document printing) needs no drawing at all
  const fixed = dotForDotPicture(doc, dpi);
  const resolve = createResolver(doc, sheets, opts.now ?? new Date());
  if (!fixed)
    await Promise.all([initRaster(), prepareRender(doc, printPrepare(doc, sheets, resolve, dpi, fonts))]);
  const copies = jobCopies(opts.copies ?? 1);
  const choices = opts.choices ?? allRecords(recordCount(doc, sheets));
  const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
  const target = { language: opts.language, dpi, settings: opts.settings ?? {} };
  const raster = { dpi, fonts, threshold: opts.threshold, background: opts.background };
  const encode = pageEncoder(target, copies, pageSize(doc));
  // the first page is drawn here at once (no wait for workers); the pool takes the rest once it
  // is up (./inOrder.ts): the process's own, or one of `workers` threads for this job
  const threads = jobPool(opts.workers);
  const skip = Math.max(0, Math.floor(opts.fromPage ?? 0));
  const planned = (function* () {
    let i = 0;
    for (const records of planPages(choices, perPage)) if (i++ >= skip) yield records;
  })();
  const pages = (function* () {
    for (const records of planned) yield printSvg(doc, records, resolve, raster);
  })();
  try {
    if (fixed) {
      // a label that is its own picture: the same bitmap for every page
      for (const _ of planned) {
        yield encode(fixed);
        await nextTick();
      }
      return;
    }
    for await (const bitmap of drawInOrder(pages, {
      here: (svg) => rasterSvg(svg, opts.threshold),
      pooled: (pool, svg) => pool.run(svg, opts.threshold),
      start: threads.start,
    })) {
      yield encode(bitmap);
      // let the socket flush and other clients be served between pages
      await nextTick();
    }
  } finally {
    await threads.close();
  }
}

/** The same job as PNG pages at `dpi` (CUPS queues); copies are left to the spooler. */
export async function* pngJob(
  doc: LabelDocument,
  opts: Omit<JobOptions, "language">,
): AsyncGenerator<Uint8Array> {
  const dpi = opts.dpi ?? 300;
  const fonts = opts.fonts ?? getFontRegistry();
  const sheets: Sheets = opts.sheets ?? new Map();
  const resolve = createResolver(doc, sheets, opts.now ?? new Date());
  await Promise.all([initRaster(), prepareRender(doc, printPrepare(doc, sheets, resolve, dpi, fonts))]);
  const choices = opts.choices ?? allRecords(recordCount(doc, sheets));
  const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
  for (const records of planPages(choices, perPage)) {
    yield pagePng(doc, records, resolve, { dpi, fonts, background: opts.background });
    await nextTick();
  }
}

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
import { monoBmp } from "./native/bmp";
import {
  fixedPictureElements,
  goesNative,
  inkedPart,
  STORED_BMP,
  STORED_GRAPHIC,
  tsplStoredPicture,
  zplStoredGraphic,
} from "./native/page";
import { pageSplitter } from "./native/splitter";
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
  /** counter entries' numbers by counter id, one per record index: the job's reservation (the
   * editor reserved them: docs/data-sources.md "Counters") */
  readonly counters?: ReadonlyMap<string, readonly string[]>;
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
  const resolve = createResolver(doc, sheets, opts.now ?? new Date(), { counters: opts.counters });
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
  // sent as the printer's own commands: each page's picture holds only what the printer cannot draw;
  // "auto" (the default): only the commands that print what the picture shows, the rest in the picture
  const sendAs = opts.settings?.sendAs ?? "auto";
  const native = sendAs !== "picture";
  // the picture's fixed part is stored in the printer once and recalled on each label: ZPL ~DG and
  // ^XG, TSPL DOWNLOAD of a BMP and PUTBMP (drawn under the label's own picture)
  let stored: { ids: ReadonlySet<string>; prelude: string; field: string } | null | undefined;
  const tspl = opts.language === "TSPL";
  // a resumed job (the print queue) starts at page `fromPage`; a stored picture goes with the first sent
  const skip = Math.max(0, Math.floor(opts.fromPage ?? 0));
  // changing texts the printer can draw as we do go as its text, in the label's fonts sent once
  // (cut to the job's characters) before the first label (native/splitter.ts)
  const splitter =
    native && !fixed
      ? pageSplitter(
          doc,
          Array.from({ length: recordCount(doc, sheets) }, (_, i) => i),
          resolve,
          { language: opts.language, dpi, fonts, background: opts.background, exact: sendAs === "auto" },
        )
      : null;
  let fontPrelude = splitter?.fontPrelude ?? "";
  const firstPrelude = (prelude: string) => {
    const out = fontPrelude + prelude;
    fontPrelude = "";
    return out;
  };
  const planned = (function* () {
    let i = 0;
    for (const records of planPages(choices, perPage)) if (i++ >= skip) yield records;
  })();
  const pages = (function* () {
    for (const records of planned) {
      if (!splitter) {
        yield { svg: printSvg(doc, records, resolve, raster), fields: null, prelude: "", under: [] };
        continue;
      }
      const split = splitter.split(records);
      if (sendAs === "auto" && !goesNative(split)) {
        yield { svg: printSvg(doc, records, resolve, raster), fields: null, prelude: "", under: [] };
        continue;
      }
      if (stored === undefined) {
        const fixed = fixedPictureElements(doc, split.pictureDoc, opts.background);
        const part =
          fixed.length > 0
            ? inkedPart(
                rasterSvg(printSvg({ ...doc, elements: fixed }, records, resolve, raster), opts.threshold),
              )
            : null;
        stored = part && {
          ids: new Set(fixed.map((el) => el.Id)),
          prelude: tspl
            ? tsplStoredPicture(STORED_BMP, monoBmp(part.bitmap, dpi))
            : zplStoredGraphic(STORED_GRAPHIC, part.bitmap),
          field: tspl
            ? `PUTBMP ${part.x},${part.y},"${STORED_BMP}"`
            : `^FO${part.x},${part.y}^XG${STORED_GRAPHIC},1,1^FS`,
        };
      }
      const ids = stored?.ids;
      if (stored && ids && [...ids].every((id) => split.pictureDoc.elements.some((el) => el.Id === id))) {
        const rest = {
          ...split.pictureDoc,
          elements: split.pictureDoc.elements.filter((el) => !ids.has(el.Id)),
        };
        const prelude = stored.prelude;
        stored = { ...stored, prelude: "" };
        yield {
          svg: printSvg(rest, records, resolve, raster),
          fields: split.fields,
          prelude: firstPrelude(prelude),
          under: [stored.field],
        };
        continue;
      }
      yield {
        svg: printSvg(split.pictureDoc, records, resolve, raster),
        fields: split.fields,
        prelude: firstPrelude(""),
        under: [],
      };
    }
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
    for await (const page of drawInOrder(pages, {
      here: (p) => ({
        picture: rasterSvg(p.svg, opts.threshold),
        fields: p.fields,
        prelude: p.prelude,
        under: p.under,
      }),
      pooled: async (pool, p) => ({
        picture: await pool.run(p.svg, opts.threshold),
        fields: p.fields,
        prelude: p.prelude,
        under: p.under,
      }),
      start: threads.start,
    })) {
      yield encode(
        page.fields
          ? { picture: page.picture, fields: page.fields, prelude: page.prelude, under: page.under }
          : page.picture,
      );
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
  const resolve = createResolver(doc, sheets, opts.now ?? new Date(), { counters: opts.counters });
  await Promise.all([initRaster(), prepareRender(doc, printPrepare(doc, sheets, resolve, dpi, fonts))]);
  const choices = opts.choices ?? allRecords(recordCount(doc, sheets));
  const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
  for (const records of planPages(choices, perPage)) {
    yield pagePng(doc, records, resolve, { dpi, fonts, background: opts.background });
    await nextTick();
  }
}

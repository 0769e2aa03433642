// `label render <file> --out x.pdf|x.png|x.jpg|x.zip [--data sheet.xlsx] [--records a-b] [--quiet]`:
// the browser's export, made in Node with no browser. PDFs: the same DOM-free writer the browser's
// worker runs (src/export/pdf/), images decoded in Node. PNG/JPEG: the print assistant's raster path
// (resvg, text as outlines) at the browser export's size and 300 dpi (src/print/nodeImages.ts).
// PDFs hold every record of the range (label-size pages for x.label.pdf, A4 at actual size with the labels
// tiled and cut marks for x.tiled.pdf); images of several sheets
// need a .zip. Both stream: pages and images are written as they are made, under a temporary name
// renamed at the end (./output.ts), with a progress line on a terminal (./progress.ts).
import { basename, extname } from "node:path";
import type { Sheets } from "../data";
import {
  clampRange,
  fileBaseName,
  type PageMode,
  parseRange,
  type RecordRange,
  sheetGeometry,
} from "../export/layout";
import { collectingEvery, heapWatch } from "../export/node/memory";
import type { PixelDecoder } from "../export/pdf/images";
import { sheetCountOf } from "../export/sheets";
import type { LabelDocument } from "../model/types";
import { readJob } from "./answers";
import type { Args } from "./args";
import { CliError } from "./errors";
import { cliLanguage } from "./lang";
import { type StreamedOutput, streamOutput } from "./output";
import { progressLine } from "./progress";
import type { sheetsFor } from "./render";
import { isZplInput, pickLabels, readZplInput, zplPages } from "./zplInput";

export const EXPORT_OUT = /\.(pdf|png|jpe?g|zip)$/i;

/** x.label.pdf: label-size pages · x.tiled.pdf: A4 at actual size, labels tiled · x.pdf: A4 fitted. */
export function pdfPageModeOf(out: string): PageMode {
  if (/\.label\.pdf$/i.test(out)) return "label";
  if (/\.tiled\.pdf$/i.test(out)) return "tiled";
  return "a4";
}

/** The 0-based range of `--records a-b` (or N) among `total` records. */
export function rangeOf(text: string | undefined, total: number): RecordRange {
  if (text === undefined) return clampRange(total);
  const r = parseRange(text);
  if (!r || r.from >= total || r.to >= total) throw new CliError("cli.error.range", { max: total });
  return clampRange(total, r);
}

/** Node's decoder for the PDF writer: every image format the editor takes. */
const decoder: PixelDecoder = async (bytes, mime) => {
  const [{ decodePng }, { decodeImage }, { initRaster }] = await Promise.all([
    import("../export/pdf/png"),
    import("../export/node/images"),
    import("../print/raster"),
  ]);
  // PNG, JPEG and GIF are decoded by resvg (wasm)
  await initRaster();
  return (mime === "image/png" ? decodePng(bytes) : null) ?? decodeImage(bytes, mime);
};

async function writePdfTo(
  out: Pick<StreamedOutput, "write">,
  docs: readonly LabelDocument[],
  opts: { range: RecordRange; sheets: Sheets; pageMode: PageMode },
  onProgress: (done: number, total: number) => void,
  /** the heap watch `onProgress` looks with: the writer also looks after each batch it renders */
  look?: () => void,
) {
  const [{ writePdfOf }, { startPdfPages }] = await Promise.all([
    import("../export/pdf/document"),
    import("../export/node/pdfPages"),
  ]);
  const send = async (chunks: Uint8Array[]) => {
    for (const c of chunks) await out.write(c);
  };
  // a big job of one label's records: its pages are rendered in worker threads, the file written here
  const now = new Date();
  const workers =
    docs.length === 1
      ? await startPdfPages({ doc: docs[0], ...opts, now: now.getTime() }, sheetCountOf(docs[0], opts), {
          look,
        })
      : null;
  try {
    const r = await writePdfOf(docs, {
      ...opts,
      now,
      decoder,
      onChunks: send,
      onProgress,
      pages: workers?.page,
    });
    await send(r.chunks);
  } finally {
    await workers?.close();
  }
}

async function writeImagesTo(
  out: StreamedOutput,
  docs: readonly LabelDocument[],
  opts: { range: RecordRange; sheets: Awaited<ReturnType<typeof sheetsFor>>; format: "png" | "jpeg" },
  zip: boolean,
  onProgress: (done: number, total: number) => void,
  /** several documents: the zip's entries are this name, numbered */
  zipBase?: string,
) {
  const { nodeImages } = await import("../print/nodeImages");
  if (!zip) {
    const { images } = await nodeImages(docs[0], opts);
    for await (const bytes of images) await out.write(bytes);
    onProgress(1, 1);
    return;
  }
  const { Zip, ZipPassThrough } = await import("fflate");
  const pending: Uint8Array[] = [];
  let zipError: Error | null = null;
  const archive = new Zip((err, data) => {
    if (err) zipError = err;
    else pending.push(data);
  });
  const flush = async () => {
    if (zipError) throw zipError;
    for (const c of pending.splice(0)) await out.write(c);
  };
  const ext = opts.format === "png" ? "png" : "jpg";
  // several documents (a ZPL file's labels): one image each, numbered on
  let i = 0;
  for (const doc of docs) {
    const base = fileBaseName(docs.length > 1 && zipBase ? zipBase : doc.attrs.name);
    const { count, images } = await nodeImages(doc, opts);
    let j = 0;
    for await (const bytes of images) {
      const entry = new ZipPassThrough(`${base}_${docs.length > 1 ? ++i : ++j}.${ext}`);
      archive.add(entry);
      entry.push(bytes, true);
      await flush();
      onProgress(docs.length > 1 ? i : j, docs.length > 1 ? docs.length : count);
    }
  }
  archive.end();
  await flush();
}

/**
 * A ZPL file: x.pdf holds a page per printed label (each format as many times as its ^PQ asks);
 * images are one per format (one label: x.png; several: x.zip). --record N: format N alone, once.
 */
async function renderZplExport(args: Args): Promise<string> {
  const out = args.out as string;
  const read = await readZplInput(args);
  const ext = (EXPORT_OUT.exec(out)?.[1] ?? "").toLowerCase();
  const docs =
    ext === "pdf" && args.record === undefined ? await zplPages(args, read) : pickLabels(read, args.record);
  if (docs.length > 1 && ext !== "zip" && ext !== "pdf")
    throw new CliError("cli.error.zplLabels", { count: docs.length });
  const sheets = new Map();
  const range = clampRange(1);
  const progress = await progressLine(cliLanguage(), args.quiet);
  const look = heapWatch();
  const onProgress = collectingEvery((done: number) => progress.update(done, docs.length), undefined, look);
  const file = await streamOutput(out);
  try {
    // a printer's label is its page: x.pdf is label-sized (x.a4.pdf… are not ours to guess)
    const pageMode = /\.tiled\.pdf$/i.test(out) ? "tiled" : "label";
    if (ext === "pdf") await writePdfTo(file, docs, { range, sheets, pageMode }, onProgress, look);
    else
      await writeImagesTo(
        file,
        docs,
        { range, sheets, format: ext === "jpg" || ext === "jpeg" ? "jpeg" : "png" },
        ext === "zip",
        onProgress,
        basename(args.file as string, extname(args.file as string)),
      );
    await file.commit();
  } catch (e) {
    file.abort();
    if (e instanceof CliError) throw e;
    throw new CliError("cli.error.render", { reason: e instanceof Error ? e.message : String(e) });
  } finally {
    progress.end();
  }
  return "";
}

export async function renderExport(args: Args): Promise<string> {
  if (await isZplInput(args.file as string)) return renderZplExport(args);
  const out = args.out as string;
  const { doc, sheets, range } = await readJob(args);
  const ext = (EXPORT_OUT.exec(out)?.[1] ?? "").toLowerCase();
  const zip = ext === "zip";
  if (ext !== "pdf" && !zip && sheetCountOf(doc, { sheets, range }) > 1)
    throw new CliError("cli.error.outFormat", { extensions: ".zip" });
  const progress = await progressLine(cliLanguage(), args.quiet);
  // writers count sheets; the line counts labels (a sheet holds rows × columns of them)
  const labels = range.to - range.from + 1;
  const perSheet = sheetGeometry(doc.attrs).cells.length;
  const show = (sheets: number) => progress.update(Math.min(labels, sheets * perSheet), labels);
  const look = heapWatch();
  const onProgress = collectingEvery(show, undefined, look);
  const file = await streamOutput(out);
  try {
    if (ext === "pdf") {
      await writePdfTo(file, [doc], { range, sheets, pageMode: pdfPageModeOf(out) }, onProgress, look);
    } else {
      const format = ext === "png" || zip ? "png" : "jpeg";
      await writeImagesTo(file, [doc], { range, sheets, format }, zip, onProgress);
    }
    await file.commit();
  } catch (e) {
    file.abort();
    if (e instanceof CliError) throw e;
    throw new CliError("cli.error.render", { reason: e instanceof Error ? e.message : String(e) });
  } finally {
    progress.end();
  }
  return "";
}

// The whole vector PDF, DOM-free (browser main thread, Web Worker, Node): one sheet per page, each
// label's portable SVG turned into PDF operators. Runs of elements that are the same on every
// record (border, fixed text, images: the parts not bound to data) are written ONCE as a Form
// XObject and drawn by reference; only the record's own parts are written per page. Content
// streams are Flate-compressed, fonts subset to the glyphs used, images written once.

import type { LabelDocument } from "../../model/types";
import { mmToPt } from "../../model/units";
import { getFontRegistry } from "../../render";
import { CUT_MARK_WIDTH_MM, fileBaseName, pagePlacement } from "../layout";
import { imageThresholds, prepareSheets, type SheetOptions, type SheetSource } from "../sheets";
import { readSvgSource, type TextItem } from "../svg/read";
import { partId } from "../svg/tree";
import { abortError, now, type Progress, reportProgress, Yielder } from "../yielder";
import { deflate } from "./deflate";
import { PdfFonts } from "./fonts";
import { PdfImages, type PixelDecoder } from "./images";
import {
  fillIn,
  fullParts,
  PagePrep,
  type PreparedPage,
  type PrepareHere,
  StaticParts,
  staticIds,
} from "./pagePrep";
import { Painter } from "./paint";
import { RepeatCache } from "./repeats";
import { concat, n3, PdfWriter, pdfString } from "./writer";

/** Content streams are ASCII (operators, numbers, names, hex strings): the native encoder fits. */
const ascii = new TextEncoder();

export interface PdfWriteOptions extends SheetOptions {
  readonly onProgress?: Progress;
  readonly signal?: AbortSignal;
  /** decodes non-JPEG images to pixels (browser: createImageBitmap; Node: PNG) */
  readonly decoder: PixelDecoder;
  /** ms of work between yields to the event loop (progress, cancel); default 12 */
  readonly sliceMs?: number;
  /**
   * Streaming (CLI): called with the bytes written so far, as one chunk, once they reach
   * `STREAM_CHUNK` (after the page that got them there), and awaited; the answer's `chunks` then
   * hold only the file's tail.
   */
  readonly onChunks?: (chunks: Uint8Array[]) => Promise<void>;
  /**
   * Page `i` prepared elsewhere (Node's worker threads, src/export/node/pdfPages.ts) from the same
   * document, options and `now`; without it every page is made here. One document only. `here`
   * prepares pages on this thread the same way (for when the workers are behind).
   */
  readonly pages?: (i: number, here: PrepareHere) => Promise<PreparedPage>;
}

export interface PdfBytes {
  /** the file (or, with `onChunks`, the bytes after the last call) */
  readonly chunks: Uint8Array[];
  readonly fileName: string;
  readonly count: number;
}

/**
 * Bytes gathered before `onChunks` hands them on: one write of ~400 pages instead of six small
 * writes a page (the file system calls were ~6 % of a 100,000-page run).
 */
export const STREAM_CHUNK = 256 * 1024;

export async function writePdf(doc: LabelDocument, opts: PdfWriteOptions): Promise<PdfBytes> {
  return writePdfOf([doc], opts);
}

/**
 * Several documents in one PDF, each with its own page size, one after the other (the labels of a
 * ZPL file, a document twice for two copies): fonts, images and repeated parts are shared, the
 * file is named after the first. Each document's sheets are prepared when its turn comes.
 */
export async function writePdfOf(docs: readonly LabelDocument[], opts: PdfWriteOptions): Promise<PdfBytes> {
  if (docs.length === 0) throw new Error("writePdfOf: no document");
  if (opts.pages && docs.length > 1) throw new Error("writePdfOf: prepared pages are for one document");
  const when = opts.now ?? new Date();
  const fontRegistry = opts.fonts ?? getFontRegistry();
  const w = new PdfWriter();
  const fonts = new PdfFonts(w, fontRegistry);
  const images = new PdfImages(w, opts.decoder);
  // forms every page may draw inside its own content (a QR code's finder patterns), by key
  const sharedForms = new Map<string, string>();
  const sharedIds: [string, number][] = [];
  const shared = (key: string, ops: () => string): string => {
    let name = sharedForms.get(key);
    if (!name) {
      name = `Fs${sharedForms.size + 1}`;
      const big = 1e4;
      sharedIds.push([
        name,
        w.stream(`/Type/XObject/Subtype/Form/BBox[${-big} ${-big} ${big} ${big}]`, ops()),
      ]);
      sharedForms.set(key, name);
    }
    return name;
  };
  const painter = new Painter({ fonts, images, shared });
  const pagesId = w.reserve();
  const pageRes = w.reserve();
  const formRes = w.reserve();
  const forms = new Map<string, string>();
  const formIds: [string, number][] = [];
  const opsCache = new RepeatCache<string>();
  const pageIds: number[] = [];
  const yielder = new Yielder(opts.signal, opts.sliceMs);
  // the document being written: its static parts and its images' thresholds
  let statics = new StaticParts(new Set());
  let thresholds = new Map<string, number>();

  const opsOf = (part: string): string => {
    const t = thresholds.get(partId(part));
    // a picture's threshold is the document's: the same part at another threshold draws otherwise
    return opsCache.get(t === undefined ? part : `${t} ${part}`, () => painter.paint(readSvgSource(part), t));
  };

  const formOf = (run: string[]): string => {
    const key = run.join("");
    let name = forms.get(key);
    if (!name) {
      name = `Fx${forms.size + 1}`;
      const ops = run.map(opsOf).join("\n");
      const big = 1e4;
      const id = w.stream(
        `/Type/XObject/Subtype/Form/BBox[${-big} ${-big} ${big} ${big}]/Resources ${formRes} 0 R`,
        ops,
      );
      forms.set(key, name);
      formIds.push([name, id]);
    }
    return name;
  };

  // a data-bound part that came out the same as on the previous label (a fixed source, a repeated
  // value) is treated as static too: from its second use on it is drawn from a form (StaticParts)
  // operators of prepared parts name shared forms by key: the writer's names go there
  const sharedOps = new Map<string, string>();
  const form = (key: string) => shared(key, () => sharedOps.get(key) ?? "");
  const text = (item: TextItem) => painter.textOps(item);
  /** A label's operators; `ready`: operators of its parts made elsewhere (null: make them here). */
  const labelOps = (parts: readonly string[], ready?: readonly (string | null)[]): string => {
    const out: string[] = [];
    let run: string[] = [];
    const flush = () => {
      if (run.length) out.push(`/${formOf(run)} Do`);
      run = [];
    };
    parts.forEach((part, k) => {
      if (statics.isStatic(part)) {
        run.push(part);
        return;
      }
      flush();
      const made = ready?.[k];
      const ops = made == null ? opsOf(part) : fillIn(made, form, text);
      if (ops) out.push(ops);
    });
    flush();
    return out.join("\n");
  };
  type Label = {
    readonly x: number;
    readonly y: number;
    readonly parts: string[];
    readonly ops?: (string | null)[];
  };
  let prevParts: string[] | null = null;
  // the pages the writer prepares itself when its workers are behind (one document: `pages` is for one)
  let prepHere: PagePrep | null = null;
  const pageLabels = async (source: Pick<SheetSource, "labelParts">, i: number): Promise<Label[]> => {
    if (!opts.pages) return source.labelParts(i);
    const here: PrepareHere = (from, to) => {
      prepHere ??= new PagePrep(staticIds(docs[0]));
      prepHere.reset();
      const pages: PreparedPage[] = [];
      for (let k = from; k < to; k++) pages.push(prepHere.page(source.labelParts(k)));
      return pages;
    };
    const page = await opts.pages(i, here);
    for (const [key, ops] of page.shared) sharedOps.set(key, ops);
    return page.labels.map((l) => {
      prevParts = fullParts(l, prevParts);
      return { ...l, parts: prevParts };
    });
  };

  const started = now();
  // pages of the documents before the one being written, and the pages of all (known once each
  // document's sheets are prepared: the total grows as they are)
  let before = 0;
  let total = 0;
  for (const [index, doc] of docs.entries()) {
    const source = await prepareSheets(doc, { ...opts, fonts: fontRegistry, now: when });
    if (opts.signal?.aborted) throw abortError();
    statics = new StaticParts(staticIds(doc));
    thresholds = imageThresholds(doc);
    total =
      index === 0 ? source.sheetCount * docs.length : before + source.sheetCount * (docs.length - index);
    const { width: sw, height: sh } = source.geometry;
    const place = pagePlacement(sw, sh, opts.pageMode ?? "a4", opts.sheetOffset);
    const pw = n3(mmToPt(place.pageWidth));
    const ph = n3(mmToPt(place.pageHeight));
    const frame = `${n3(mmToPt(place.scale))} 0 0 ${n3(-mmToPt(place.scale))} ${n3(mmToPt(place.x))} ${n3(mmToPt(place.pageHeight - place.y))} cm`;
    const clip = `0 0 ${n3(sw)} ${n3(sh)} re W n`;
    // the tiled A4 page's cut marks (mm, inside the page frame), the same on every page
    const marks = "cutMarks" in source.geometry ? source.geometry.cutMarks : [];
    const cutMarkOps = marks.length
      ? `q 0 G ${n3(CUT_MARK_WIDTH_MM)} w ${marks.map((m) => `${n3(m.x1)} ${n3(m.y1)} m ${n3(m.x2)} ${n3(m.y2)} l`).join(" ")} S Q`
      : "";
    // what every page begins and ends with (the sheet's frame and clip; the cut marks) is written once:
    // a page's contents are [head, its own stream, tail], read as one (ISO 32000 §7.8.2)
    const head = w.stream("", `q ${frame}\n${clip}\n`);
    const tail = w.stream("", `${cutMarkOps ? `${cutMarkOps}\n` : ""}Q\n`);
    for (let i = 0; i < source.sheetCount; i++) {
      const parts: string[] = [];
      for (const label of await pageLabels(source, i)) {
        for (const part of label.parts)
          if (part.includes("<image")) await images.prepare(part, thresholds.get(partId(part)));
        const at = label.x || label.y ? ` 1 0 0 1 ${n3(label.x)} ${n3(label.y)} cm` : "";
        parts.push(`q${at}`, labelOps(label.parts, label.ops), "Q\n");
      }
      const content = w.stream("", await deflate(ascii.encode(parts.join("\n"))), { deflated: true });
      pageIds.push(
        w.put(
          `<</Type/Page/Parent ${pagesId} 0 R/MediaBox[0 0 ${pw} ${ph}]/Resources ${pageRes} 0 R/Contents[${head} 0 R ${content} 0 R ${tail} 0 R]>>`,
        ),
      );
      reportProgress(opts.onProgress, started, pageIds.length, Math.max(total, pageIds.length));
      if (opts.onChunks && w.pendingBytes >= STREAM_CHUNK) await opts.onChunks([concat(w.drain())]);
      await yielder.maybeYield();
    }
    before += source.sheetCount;
  }
  fonts.finish();
  const base = `/Font<<${fonts.resources()}>>/XObject<<${images.resources()}${sharedIds.map(([n, id]) => `/${n} ${id} 0 R`).join("")}`;
  w.put(`<<${base}>>>>`, formRes);
  w.put(`<<${base}${formIds.map(([n, id]) => `/${n} ${id} 0 R`).join("")}>>>>`, pageRes);
  w.put(
    `<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(" ")}]/Count ${pageIds.length}>>`,
    pagesId,
  );
  const catalog = w.put(`<</Type/Catalog/Pages ${pagesId} 0 R>>`);
  const name = docs[0].attrs.name;
  const info = w.put(
    `<</Title${pdfString(name || "label")}/Creator(Inkless)/Producer(Inkless)/CreationDate(D:${pdfDate(when)})>>`,
  );
  return { chunks: w.finish(catalog, info), fileName: `${fileBaseName(name)}.pdf`, count: pageIds.length };
}

function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

// The whole vector PDF, DOM-free (browser main thread, Web Worker, Node): one sheet per page, each
// label's portable SVG turned into PDF operators. Runs of elements that are the same on every
// record (border, fixed text, images: the parts not bound to data) are written ONCE as a Form
// XObject and drawn by reference; only the record's own parts are written per page. Content
// streams are Flate-compressed, fonts subset to the glyphs used, images written once.

import { isDataBound } from "../../model/kinds/caps";
import type { LabelDocument } from "../../model/types";
import { mmToPt } from "../../model/units";
import { getFontRegistry } from "../../render";
import { CUT_MARK_WIDTH_MM, fileBaseName, pagePlacement } from "../layout";
import { imageThresholds, prepareSheets, type SheetOptions } from "../sheets";
import { readSvgSource } from "../svg/read";
import { partId, topLevelParts } from "../svg/tree";
import { abortError, now, type Progress, reportProgress, Yielder } from "../yielder";
import { deflate } from "./deflate";
import { PdfFonts } from "./fonts";
import { PdfImages, type PixelDecoder } from "./images";
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

/** Top-level parts that never depend on the record: elements not bound to data (the background too). */
function staticIds(doc: LabelDocument): Set<string> {
  return new Set(doc.elements.filter((el) => !isDataBound(el)).map((el) => el.Id));
}

export async function writePdf(doc: LabelDocument, opts: PdfWriteOptions): Promise<PdfBytes> {
  const fontRegistry = opts.fonts ?? getFontRegistry();
  const source = await prepareSheets(doc, { ...opts, fonts: fontRegistry });
  if (opts.signal?.aborted) throw abortError();
  const { width: sw, height: sh } = source.geometry;
  const place = pagePlacement(sw, sh, opts.pageMode ?? "a4", opts.sheetOffset);
  const w = new PdfWriter();
  const fonts = new PdfFonts(w, fontRegistry);
  const images = new PdfImages(w, opts.decoder);
  const thresholds = imageThresholds(doc);
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
  const fixed = staticIds(doc);
  const pagesId = w.reserve();
  const pageRes = w.reserve();
  const formRes = w.reserve();
  const forms = new Map<string, string>();
  const formIds: [string, number][] = [];
  const opsCache = new RepeatCache<string>();
  const pageIds: number[] = [];
  const yielder = new Yielder(opts.signal, opts.sliceMs);
  const pw = n3(mmToPt(place.pageWidth));
  const ph = n3(mmToPt(place.pageHeight));
  const frame = `${n3(mmToPt(place.scale))} 0 0 ${n3(-mmToPt(place.scale))} ${n3(mmToPt(place.x))} ${n3(mmToPt(place.pageHeight - place.y))} cm`;
  const clip = `0 0 ${n3(sw)} ${n3(sh)} re W n`;
  // the tiled A4 page's cut marks (mm, inside the page frame), the same on every page
  const marks = "cutMarks" in source.geometry ? source.geometry.cutMarks : [];
  const cutMarkOps = marks.length
    ? `q 0 G ${n3(CUT_MARK_WIDTH_MM)} w ${marks.map((m) => `${n3(m.x1)} ${n3(m.y1)} m ${n3(m.x2)} ${n3(m.y2)} l`).join(" ")} S Q`
    : "";

  const opsOf = (part: string): string =>
    opsCache.get(part, () => painter.paint(readSvgSource(part), thresholds.get(partId(part))));

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
  // value) is treated as static too: from its second use on it is drawn from a form
  const lastRaw = new Map<string, string>();
  const labelOps = (svg: string): string => {
    const out: string[] = [];
    let run: string[] = [];
    const flush = () => {
      if (run.length) out.push(`/${formOf(run)} Do`);
      run = [];
    };
    for (const part of topLevelParts(svg)) {
      const id = partId(part);
      const isStatic = id ? fixed.has(id) || lastRaw.get(id) === part : part.startsWith("<image");
      if (id) lastRaw.set(id, part);
      if (isStatic) run.push(part);
      else {
        flush();
        const ops = opsOf(part);
        if (ops) out.push(ops);
      }
    }
    flush();
    return out.join("\n");
  };

  // what every page begins and ends with (the sheet's frame and clip; the cut marks) is written once:
  // a page's contents are [head, its own stream, tail], read as one (ISO 32000 §7.8.2)
  const head = w.stream("", `q ${frame}\n${clip}\n`);
  const tail = w.stream("", `${cutMarkOps ? `${cutMarkOps}\n` : ""}Q\n`);
  const total = source.sheetCount;
  const started = now();
  for (let i = 0; i < total; i++) {
    const parts: string[] = [];
    for (const label of source.labels(i)) {
      if (label.svg.includes("<image"))
        for (const part of topLevelParts(label.svg)) await images.prepare(part, thresholds.get(partId(part)));
      const at = label.x || label.y ? ` 1 0 0 1 ${n3(label.x)} ${n3(label.y)} cm` : "";
      parts.push(`q${at}`, labelOps(label.svg), "Q\n");
    }
    const content = w.stream("", await deflate(ascii.encode(parts.join("\n"))), { deflated: true });
    pageIds.push(
      w.put(
        `<</Type/Page/Parent ${pagesId} 0 R/MediaBox[0 0 ${pw} ${ph}]/Resources ${pageRes} 0 R/Contents[${head} 0 R ${content} 0 R ${tail} 0 R]>>`,
      ),
    );
    reportProgress(opts.onProgress, started, i + 1, total);
    if (opts.onChunks && w.pendingBytes >= STREAM_CHUNK) await opts.onChunks([concat(w.drain())]);
    await yielder.maybeYield();
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
  const info = w.put(
    `<</Title${pdfString(doc.attrs.name || "label")}/Creator(Inkless)/Producer(Inkless)/CreationDate(D:${pdfDate(opts.now ?? new Date())})>>`,
  );
  return { chunks: w.finish(catalog, info), fileName: `${fileBaseName(doc.attrs.name)}.pdf`, count: total };
}

function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

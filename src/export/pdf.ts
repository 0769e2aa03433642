// Vector PDF (jsPDF + svg2pdf.js) from the portable SVG: one sheet per page, A4 portrait with a
// 10 mm margin (sheet scaled to fit and centred) or label-size pages; real text in the shipped
// fonts. Batch exports run on the main thread in slices that yield to the event loop (svg2pdf needs
// a DOM, which workers lack), with progress and cancel. Browser only (DOMParser); docs/export.md.
import type { jsPDF as JsPdf } from "jspdf";
import type { LabelDocument } from "../model/types";
import { getFontRegistry } from "../render";
import { fileBaseName, type PageMode, pagePlacement } from "./layout";
import { rectOperators, splitFastRects } from "./pdfFast";
import { fontsInSvg, PdfFontSet } from "./pdfFonts";
import { prepareSheets, type SheetOptions } from "./sheets";
import { abortError, type Progress, Yielder } from "./yielder";

export interface PdfOptions extends SheetOptions {
  /** "a4" (default): A4 portrait, 10 mm margin, fit and centre · "label": page = sheet size */
  readonly pageMode?: PageMode;
  readonly onProgress?: Progress;
  readonly signal?: AbortSignal;
}

export interface ExportResult {
  readonly blob: Blob;
  readonly fileName: string;
  /** pages (PDF) or files (images) written */
  readonly count: number;
}

/** PDF points per millimetre */
const PT = 72 / 25.4;

const orientation = (w: number, h: number) => (w > h ? "landscape" : "portrait");

export async function exportPdf(doc: LabelDocument, opts: PdfOptions = {}): Promise<ExportResult> {
  const fonts = opts.fonts ?? getFontRegistry();
  const [{ jsPDF }, { svg2pdf }, source] = await Promise.all([
    import("jspdf"),
    import("svg2pdf.js"),
    prepareSheets(doc, { ...opts, fonts }),
  ]);
  if (opts.signal?.aborted) throw abortError();
  const mode = opts.pageMode ?? "a4";
  const { width: sw, height: sh } = source.geometry;
  const place = pagePlacement(sw, sh, mode);
  const format: [number, number] = [place.pageWidth, place.pageHeight];
  const pdf: JsPdf = new jsPDF({
    unit: "mm",
    format,
    orientation: orientation(place.pageWidth, place.pageHeight),
    compress: true,
    putOnlyUsedFonts: true,
  });
  pdf.setProperties({ title: doc.attrs.name || "label", creator: "Inkless" });
  const fontSet = new PdfFontSet(pdf, fonts);
  const parser = new DOMParser();
  const yielder = new Yielder(opts.signal);
  const total = source.sheetCount;
  for (let i = 0; i < total; i++) {
    const svg = source.sheetSvg(i);
    await fontSet.ensure(fontsInSvg(svg));
    if (i > 0) pdf.addPage(format, orientation(place.pageWidth, place.pageHeight));
    for (const seg of splitFastRects(svg)) {
      if ("rects" in seg) {
        (pdf.internal as unknown as { write(s: string): void }).write(
          rectOperators(seg.rects, place.x * PT, place.y * PT, place.scale * PT, place.pageHeight * PT),
        );
        continue;
      }
      const el = parser.parseFromString(seg.svg, "image/svg+xml").documentElement;
      await svg2pdf(el, pdf, { x: place.x, y: place.y, width: sw * place.scale, height: sh * place.scale });
    }
    opts.onProgress?.(i + 1, total);
    await yielder.maybeYield();
  }
  const blob = pdf.output("blob");
  return { blob, fileName: `${fileBaseName(doc.attrs.name)}.pdf`, count: total };
}

// The browser print path: every page as vector SVG in a print-only document whose @page is the
// label sheet itself (exact mm, no margin), so the system dialog / driver gets true-size pages.
import type { Sheets } from "../../data/index";
import { createResolver } from "../../data/index";
import type { LabelDocument } from "../../model/types";
import { pageSize, pageSvg } from "../../print/pageSvg";
import { planPages, type RecordChoice } from "../../print/plan";
import { fontFaceCss } from "../../render/index";

const mm = (v: number) => `${Math.round(v * 1000) / 1000}mm`;

/** The print document for pre-rendered page SVGs. */
export function printHtml(
  pages: readonly string[],
  widthMm: number,
  heightMm: number,
  fontBase: string,
): string {
  const css = [
    fontFaceCss(fontBase),
    `@page{size:${mm(widthMm)} ${mm(heightMm)};margin:0}`,
    "html,body{margin:0;padding:0;background:#fff}",
    `.page{width:${mm(widthMm)};height:${mm(heightMm)};overflow:hidden;break-after:page;page-break-after:always}`,
    ".page:last-child{break-after:auto;page-break-after:auto}",
    ".page>svg{display:block;width:100%;height:100%}",
  ].join("\n");
  const body = pages.map((p) => `<div class="page">${p}</div>`).join("");
  return `<!doctype html><html><head><meta charset="utf-8"><title>print</title><style>${css}</style></head><body>${body}</body></html>`;
}

export interface BrowserJob {
  readonly doc: LabelDocument;
  readonly choices: Iterable<RecordChoice>;
  readonly sheets: Sheets;
  /** the job's counter numbers by counter id, one per record index (jobNumbers.ts) */
  readonly counters?: ReadonlyMap<string, readonly string[]>;
  /** each page is repeated this many times */
  readonly copies: number;
  readonly background: boolean;
  readonly fontBase: string;
}

/** The whole job's print document (pages in order, each repeated `copies` times). */
export function jobHtml(job: BrowserJob): string {
  const { doc } = job;
  const resolve = createResolver(doc, job.sheets, new Date(), { counters: job.counters });
  const perPage = Math.max(1, (doc.attrs.columns || 1) * (doc.attrs.rows || 1));
  const pages: string[] = [];
  for (const records of planPages(job.choices, perPage)) {
    const svg = pageSvg(doc, records, resolve, { target: "print", background: job.background });
    for (let c = 0; c < Math.max(1, job.copies); c++) pages.push(svg);
  }
  const s = pageSize(doc);
  return printHtml(pages, s.width, s.height, job.fontBase);
}

/** Opens the system print dialog for the document in a hidden iframe; resolves when it closed. */
export async function printInIframe(html: string): Promise<void> {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
  document.body.append(frame);
  try {
    await new Promise<void>((resolve) => {
      frame.onload = () => resolve();
      frame.srcdoc = html;
    });
    const win = frame.contentWindow;
    if (!win) throw new Error("print frame unavailable");
    await win.document.fonts?.ready;
    win.focus();
    win.print();
  } finally {
    // print() blocks until the dialog closes in every engine that matters; remove afterwards
    setTimeout(() => frame.remove(), 1000);
  }
}

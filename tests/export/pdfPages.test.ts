// Pages prepared away from the PDF writer (issue 41: a big PDF's pages rendered in worker threads)
// make the very same file as pages made by the writer itself: same bytes, for labels with codes,
// fixed and bound text, CJK, a picture, one label or several a page.
import { describe, expect, it } from "vitest";
import { clampRange, type PageMode } from "../../src/export/layout";
import { startPdfPages } from "../../src/export/node/pdfPages";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { PagePrep, staticIds } from "../../src/export/pdf/pagePrep";
import { concat } from "../../src/export/pdf/writer";
import { prepareSheets } from "../../src/export/sheets";
import type { LabelDocument } from "../../src/model/types";
import { kitchenSink } from "../render/fixtures";
import { benchLabel } from "./support/labels";

const now = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

async function pdf(doc: LabelDocument, pageMode: PageMode, pages?: Parameters<typeof writePdf>[1]["pages"]) {
  const r = await writePdf(doc, { decoder: nodeDecoder, pageMode, now, pages });
  return concat(r.chunks);
}

describe("PDF pages prepared elsewhere", () => {
  const cases: [string, LabelDocument, PageMode][] = [
    ["bench label, 30 records, A4", benchLabel(30), "a4"],
    ["bench label, 30 records, label-size pages", benchLabel(30), "label"],
    ["bench label, 30 records, tiled on A4", benchLabel(30), "tiled"],
    ["kitchen sink (picture, shapes, texts)", kitchenSink(), "a4"],
  ];
  for (const [name, doc, pageMode] of cases)
    it(`in the same thread: the same bytes (${name})`, async () => {
      const source = await prepareSheets(doc, { pageMode, now });
      const prep = new PagePrep(staticIds(doc));
      let made = 0;
      const prepared = await pdf(doc, pageMode, async (i) => {
        const page = prep.page(source.labels(i));
        for (const l of page.labels) made += l.ops.filter((o) => o !== null).length;
        return page;
      });
      // parts really were painted away from the writer
      expect(made).toBeGreaterThan(0);
      expect(Buffer.from(prepared).equals(Buffer.from(await pdf(doc, pageMode)))).toBe(true);
    });

  it("in worker threads, batches out of order: the same bytes", async () => {
    const doc = benchLabel(70);
    const range = clampRange(70);
    const job = { doc, sheets: new Map(), range, pageMode: "label" as const, now: now.getTime() };
    const workers = await startPdfPages(job, 70, { minPages: 0, workers: 2 });
    expect(workers).not.toBeNull();
    try {
      const prepared = await pdf(doc, "label", workers?.page);
      expect(Buffer.from(prepared).equals(Buffer.from(await pdf(doc, "label")))).toBe(true);
    } finally {
      await workers?.close();
    }
  }, 120_000);

  it("too small a job starts no worker", async () => {
    const job = {
      doc: benchLabel(5),
      sheets: new Map(),
      range: clampRange(5),
      pageMode: "a4" as const,
      now: 0,
    };
    expect(await startPdfPages(job, 5)).toBeNull();
  });
});

// Pages prepared away from the PDF writer (issue 41: a big PDF's pages rendered in worker threads)
// make the very same file as pages made by the writer itself: same bytes, for labels with codes,
// fixed and bound text, CJK, a picture, one label or several a page.
import { readdirSync } from "node:fs";
import { serialize } from "node:v8";
import { describe, expect, it, vi } from "vitest";
import { clampRange, type PageMode } from "../../src/export/layout";
import { startPdfPages } from "../../src/export/node/pdfPages";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { PagePrep, staticIds } from "../../src/export/pdf/pagePrep";
import { concat } from "../../src/export/pdf/writer";
import { prepareSheets } from "../../src/export/sheets";
import { topLevelParts } from "../../src/export/svg/tree";
import { createDataSource } from "../../src/model/defaults";
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
        const page = prep.page(source.labelParts(i));
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

  it("a worker and the writer making batches side by side: the same bytes", async () => {
    // the writer makes the batches no worker has taken while it waits for one (issue 41: its core was
    // idle ~75 % of a big run); every page must still be its own record's, in order
    const doc = benchLabel(150);
    const job = {
      doc,
      sheets: new Map(),
      range: clampRange(150),
      pageMode: "a4" as const,
      now: now.getTime(),
    };
    const workers = await startPdfPages(job, 150, { minPages: 0, workers: 1 });
    expect(workers).not.toBeNull();
    const here: number[] = [];
    try {
      const prepared = await pdf(doc, "a4", (i, make) =>
        (workers as NonNullable<typeof workers>).page(i, (from, to) => {
          here.push(from);
          return make(from, to);
        }),
      );
      expect(here.length).toBeGreaterThan(0);
      expect(here.length).toBeLessThan(Math.ceil(150 / 16));
      expect(Buffer.from(prepared).equals(Buffer.from(await pdf(doc, "a4")))).toBe(true);
    } finally {
      await workers?.close();
    }
  }, 120_000);

  it("the writer looks at its heap after each batch it makes itself; the workers end with the last page", async () => {
    // issue 41: several batches made in a row by the writer left their garbage unseen until the next
    // progress call, and the workers' heaps stayed up while the file was closed (the run's peak)
    const doc = benchLabel(150);
    const job = {
      doc,
      sheets: new Map(),
      range: clampRange(150),
      pageMode: "a4" as const,
      now: now.getTime(),
    };
    const threads = () => readdirSync("/proc/self/task").length;
    const before = threads();
    const events: string[] = [];
    const workers = await startPdfPages(job, 150, {
      minPages: 0,
      workers: 1,
      look: () => events.push("look"),
    });
    expect(workers).not.toBeNull();
    expect(threads()).toBeGreaterThan(before);
    try {
      const prepared = await pdf(doc, "a4", (i, make) =>
        (workers as NonNullable<typeof workers>).page(i, (from, to) => {
          events.push("here");
          return make(from, to);
        }),
      );
      expect(Buffer.from(prepared).equals(Buffer.from(await pdf(doc, "a4")))).toBe(true);
      expect(events.filter((e) => e === "here").length).toBeGreaterThan(0);
      // each batch made here is followed by a look, before anything else
      for (const [k, e] of events.entries()) expect(e).toBe(k % 2 ? "look" : "here");
      // the worker thread is gone without close()
      await vi.waitFor(() => expect(threads()).toBeLessThanOrEqual(before), {
        timeout: 30_000,
        interval: 50,
      });
    } finally {
      await workers?.close();
    }
  }, 120_000);

  it("takes a label's parts as rendered: those the whole SVG is cut into", async () => {
    for (const doc of [benchLabel(3), kitchenSink()]) {
      const source = await prepareSheets(doc, { pageMode: "a4", now });
      const [svg] = source.labels(0);
      const [parts] = source.labelParts(0);
      expect(parts.parts).toEqual(topLevelParts(svg.svg));
      expect(parts.parts.length).toBeGreaterThan(3);
    }
  });

  it("posts a batch of pages as one byte a character, CJK text on the label notwithstanding", async () => {
    // the bench label's fixed text is CJK: a page's other parts and operators are plain Latin-1
    const doc = benchLabel(16);
    const source = await prepareSheets(doc, { pageMode: "label", now });
    const prep = new PagePrep(staticIds(doc));
    const pages = Array.from({ length: 16 }, (_, i) => prep.page(source.labelParts(i)));
    const chars = pages
      .flatMap((p) => p.labels.flatMap((l) => [...l.parts, ...l.ops]))
      .reduce((n, s) => n + (s?.length ?? 0), 0);
    // the CJK part goes once (the first label); all else one byte a character, plus the framing
    expect(serialize({ id: 0, pages }).length).toBeLessThan(chars * 1.15);
  });

  it("prepares a bound CJK text's operators as one byte a character, and writes it back", async () => {
    const doc = benchLabel(16);
    const text = doc.elements.find((e) => e.Type === "Text");
    if (!text) throw new Error("the bench label has a text");
    Object.assign(text, {
      DataSourceList: [
        createDataSource({
          DataSourceType: 2,
          InitialValue: "标签-01",
          FirstValue: "标签-01",
          AddedValue: 1,
          Quantity: 16,
        }),
      ],
    });
    const source = await prepareSheets(doc, { pageMode: "label", now });
    const prep = new PagePrep(staticIds(doc));
    const ops = Array.from({ length: 16 }, (_, i) => prep.page(source.labelParts(i)))
      .flatMap((p) => p.labels.flatMap((l) => l.ops))
      .filter((o): o is string => o !== null);
    expect(ops.some((o) => o.includes("\\u6807"))).toBe(true);
    const chars = ops.reduce((n, o) => n + o.length, 0);
    expect(serialize(ops).length).toBeLessThan(chars * 1.05);
    // and the file is the one the writer makes alone
    const again = new PagePrep(staticIds(doc));
    const prepared = await pdf(doc, "label", async (i) => again.page(source.labelParts(i)));
    expect(Buffer.from(prepared).equals(Buffer.from(await pdf(doc, "label")))).toBe(true);
  });

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

// Document printing, the whole way: a 100-page A4 PDF with four shipping labels a page (made by our
// PDF writer) → pages rendered at 203 dpi by pdf.js (Node build, @napi-rs/canvas) → auto crop →
// labels of 100 × 150 mm → each as an image label through the print assistant's WebSocket → TSPL to
// a fake TCP printer. Figures: time until the first label's bytes reach the printer, pages/s after
// that, time per stage, and memory (live heap after gc every 10 pages: it must stay flat).
// Run: node --expose-gc --import tsx bench/docprint/docprint.bench.ts [pages]
import { cpus, loadavg } from "node:os";
import { startAssistant } from "../../src/assistant/server";
import { cutPage, pageLabels } from "../../src/docprint/cut";
import { grayFromRgba } from "../../src/docprint/image";
import { imageLabel } from "../../src/docprint/labelImage";
import { serializeTprt } from "../../src/model/file/index";
import { sheetPdf, TEST_SET } from "../../tests/docprint/support/sheets";
import { connect } from "../../tests/print/support/client";
import { startFakePrinter } from "../../tests/print/support/fakePrinter";

const PAGES = Number(process.argv[2]) || 100;
const DPI = 203;
const LABEL = { width: 100, height: 150 };

async function main() {
  const four = TEST_SET.find((s) => s.name === "four");
  if (!four) throw new Error("no 4-up sheet");
  const bytes = await sheetPdf({ ...four, pages: PAGES });
  const printer = await startFakePrinter({ keep: false });
  const assistant = await startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [{ name: "Bench", host: "127.0.0.1", port: printer.port, language: "TSPL", dpi: DPI }],
    },
    { listCups: async () => [] },
  );
  const client = await connect(assistant.port);
  const marker = Buffer.from("BITMAP ");
  let labelsAtPrinter = 0;
  let firstLabelAt = 0;
  const t0 = performance.now();
  printer.onData = (chunk) => {
    let i = chunk.indexOf(marker);
    while (i >= 0) {
      if (++labelsAtPrinter === 1) firstLabelAt = performance.now() - t0;
      i = chunk.indexOf(marker, i + marker.length);
    }
  };
  const stage = { render: 0, crop: 0, compose: 0, send: 0 };
  const heap: string[] = [];
  let peakRss = 0;
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
  type Factory = { create(w: number, h: number): { canvas: unknown; context: CanvasRenderingContext2D } };
  const factory = (doc as unknown as { canvasFactory: Factory }).canvasFactory;
  const openedAt = performance.now() - t0;
  let sent = 0;
  let afterFirstPage = 0;
  let grey: Uint8Array | undefined;
  for (let n = 1; n <= doc.numPages; n++) {
    let t = performance.now();
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: DPI / 72 });
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvas, canvasContext: context, viewport } as never).promise;
    const img = context.getImageData(0, 0, Math.round(viewport.width), Math.round(viewport.height));
    const gray = grayFromRgba(img.data, img.width, img.height, grey);
    grey = gray.data;
    page.cleanup();
    stage.render += performance.now() - t;
    t = performance.now();
    const boxes = cutPage(gray, { kind: "auto" }, DPI);
    stage.crop += performance.now() - t;
    for (const label of pageLabels(gray, boxes, { pageDpi: DPI, dpi: DPI, label: LABEL })) {
      t = performance.now();
      const xml = serializeTprt(imageLabel(label, DPI, LABEL, "bench"));
      stage.compose += performance.now() - t;
      t = performance.now();
      const job = printer.nextJob();
      const reply = await client.request({
        cmd: "outputPrintting",
        printer: "Bench",
        xml,
        copies: 1,
        lang: "en",
      });
      if (reply.code !== 200) throw new Error(`assistant answered ${reply.code}: ${reply.msg}`);
      await job;
      stage.send += performance.now() - t;
      sent++;
    }
    if (n === 1) afterFirstPage = performance.now();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (n % 10 === 0) {
      (globalThis as { gc?: () => void }).gc?.();
      heap.push(`${n}:${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)}MB`);
    }
  }
  const total = performance.now() - t0;
  const rate = (doc.numPages - 1) / ((performance.now() - afterFirstPage) / 1000);
  const per = (ms: number, count: number) => `${(ms / count).toFixed(0)} ms`;
  console.log(
    `docprint bench: ${doc.numPages} A4 pages × 4 labels → ${sent} labels of 100 × 150 mm, 203 dpi TSPL`,
  );
  console.log(
    `  first label bytes after   ${firstLabelAt.toFixed(0)} ms (target ≤ 2000 ms; includes loading pdf.js)`,
  );
  console.log(
    `  of which pdf.js loading   ${openedAt.toFixed(0)} ms (loading the module and opening the document)`,
  );
  console.log(
    `  first label after opening ${(firstLabelAt - openedAt).toFixed(0)} ms (the page opens the document at upload)`,
  );
  console.log(`  labels at the printer     ${labelsAtPrinter}`);
  console.log(`  rate after the first page ${rate.toFixed(1)} pages/s (target ≥ 10)`);
  console.log(
    `  per page: render ${per(stage.render, doc.numPages)}, crop ${per(stage.crop, doc.numPages)}; per label: image label ${per(stage.compose, sent)}, assistant → printer ${per(stage.send, sent)}`,
  );
  console.log(
    `  load average              ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (figures above are shared with it)`,
  );
  console.log(`  whole job                 ${(total / 1000).toFixed(1)} s`);
  console.log(`  peak rss                  ${(peakRss / 2 ** 20).toFixed(0)} MB`);
  console.log(`  heap after gc by page     ${heap.join("  ")}`);
  await doc.destroy();
  client.close();
  await assistant.close();
  await printer.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

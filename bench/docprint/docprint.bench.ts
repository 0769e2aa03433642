// Document printing, the whole way: an A4 PDF with four shipping labels a page (made by our PDF
// writer) → pages drawn by pdf.js (Node build, @napi-rs/canvas) → auto crop → labels of 100 × 150 mm
// → each as an image label through the print assistant's WebSocket → TSPL to a fake TCP printer.
// The assistant and the printer run in a child process, as the assistant is its own program on a
// user's computer (printerSide.ts).
//
// Three ways, run in alternation in the same conditions (before, after, print, before, after, print…):
// - before (the app's way until session 8, src/docprint/pageCut.ts on one thread): auto crop on the
//   page drawn at 50.75 dpi, each label's box drawn alone at 203 dpi, turned grey, trimmed there and
//   cut from that drawing; labels sent by the app's printToAssistant (4 ahead of their answers);
// - after (the app's way now): the same cut, but what follows each drawing (grey, trim, label) runs on
//   a worker thread (the app's Web Worker file, src/docprint/regionWorker.ts, in a Node worker
//   thread), every box of a page drawn at once, and the next page drawn while this one's labels go out;
// - print: the app's Print button once the pages are cut (useDocOutput → printedLabels): each box the
//   `after` pass found drawn alone at 203 dpi and made a label on the worker, one page ahead.
// Figures: the first label's bytes at the printer (from the first page, the document open), labels/s
// after it as pages/s, CPU per page (main thread; whole process), and memory (live heap after gc every 10 pages).
// Run: node --expose-gc --import tsx bench/docprint/docprint.bench.ts [pages] [rounds] [ways]
// (ways: a comma-separated choice of before,after,print — e.g. `after` alone to profile it)
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { AssistantClient } from "../../src/app/printing/assistantClient";
import { grayPages, pdfDrawing } from "../../src/docprint/load";
import { printToAssistant } from "../../src/docprint/output";
import { findPageLabels, foundLabel, oneAhead, printedLabels } from "../../src/docprint/pageCut";
import type { RegionRunner } from "../../src/docprint/regionClient";
import { type FracBox, fracOf } from "../../src/docprint/split";
import type { Bitmap } from "../../src/print/bitmap";
import { nodeRegions } from "../../tests/docprint/support/nodeRegions";
import { napiCanvas, pdfjsThread } from "../../tests/docprint/support/pdfjs";
import { sheetPdf, TEST_SET } from "../../tests/docprint/support/sheets";

// tsx turns source maps on; Node then keeps the parsed maps of pdf.js's builds (about 50 MB of live
// heap the app does not have), which every full collection marks again
process.setSourceMapsEnabled(false);

const PAGES = Number(process.argv[2]) || 100;
const ROUNDS = Number(process.argv[3]) || 1;
const WAYS = (process.argv[4] || "before,after,print").split(",");
const DPI = 203;
const LABEL = { width: 100, height: 150 };
const PRINTER = "Bench";
const PER_PAGE = 4;

// the app's assistant client speaks the browser's WebSocket; Node 20 has none of its own
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type Doc = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

interface PrinterSide {
  port: number;
  /** resolves with the arrival times (ms since the epoch) of the next `count` labels */
  labels(count: number): Promise<number[]>;
  close(): void;
}

async function printerSide(): Promise<PrinterSide> {
  const child = fork(fileURLToPath(new URL("./printerSide.ts", import.meta.url)), [PRINTER], {
    execArgv: ["--import", "tsx"],
  });
  let arrived: number[] = [];
  let want: { count: number; done: (times: number[]) => void } | null = null;
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.on("message", (m: { port?: number; at?: number }) => {
      if (m.port) resolve(m.port);
      if (m.at === undefined) return;
      arrived.push(m.at);
      if (want && arrived.length >= want.count) {
        want.done(arrived);
        arrived = [];
        want = null;
      }
    });
  });
  return {
    port,
    labels: (count) => new Promise((done) => (want = { count, done })),
    close: () => child.send("close"),
  };
}

const COMPOSE = { pageDpi: DPI, dpi: DPI, label: LABEL };

/** The labels through the app's printToAssistant (4 sent ahead of their answers). */
const send = (client: AssistantClient, labels: AsyncIterable<Bitmap>) =>
  printToAssistant(client, PRINTER, { labels, dpi: DPI, size: LABEL, name: "bench", copies: 1 }, "en");

/** Each page's boxes as the last `after` pass found them (what the app's Print button prints). */
const settled: FracBox[][] = [];

/** the worker thread region work runs on in `after` and `print` */
let worker: RegionRunner;
/** pdf.js's worker (parsing), on a thread of its own as in the browser */
let parsing: unknown;

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** The way before, cutting and printing in one pass on one thread, a page at a time. */
async function before(doc: Doc, client: AssistantClient, pageDone: (n: number) => void): Promise<number> {
  const pages = grayPages(pdfDrawing(doc as never, napiCanvas));
  async function* labels() {
    for (let n = 1; n <= doc.numPages; n++) {
      const found = await findPageLabels(pages, n, DPI);
      for (const l of found.labels) yield foundLabel(l, COMPOSE);
      pageDone(n);
    }
  }
  return send(client, labels());
}

/** The way after: the labels made on the worker, the next page drawn while this one's labels go out. */
async function after(doc: Doc, client: AssistantClient, pageDone: (n: number) => void): Promise<number> {
  const pages = grayPages(pdfDrawing(doc as never, napiCanvas));
  const cut = (n: number) =>
    findPageLabels(pages, n, DPI, undefined, { run: worker, compose: COMPOSE }).then((found) => {
      settled[n - 1] = found.labels.map((l) => fracOf(l.box, found.width, found.height));
      return { n, labels: found.labels.map((l) => l.label as Bitmap) };
    });
  async function* labels() {
    for await (const page of oneAhead(numbers(doc.numPages), (n) => [cut(n)])) {
      yield* page.labels;
      pageDone(page.n);
    }
  }
  return send(client, labels());
}

/** The app's Print once the pages are cut (useDocOutput): each settled box drawn alone at 203 dpi. */
async function print(doc: Doc, client: AssistantClient, pageDone: (n: number) => void): Promise<number> {
  const pages = grayPages(pdfDrawing(doc as never, napiCanvas));
  const cut = numbers(doc.numPages).map((n) => ({ n, boxes: settled[n - 1] ?? [] }));
  async function* labels() {
    let sent = 0;
    for await (const label of printedLabels(pages, cut, COMPOSE, worker)) {
      yield label;
      if (++sent % PER_PAGE === 0) pageDone(sent / PER_PAGE);
    }
  }
  return send(client, labels());
}

/** This process's main thread's CPU time, ms (Linux: its task's user and system ticks, 10 ms each). */
function mainThreadCpu(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Figures {
  firstLabel: number;
  rate: number;
  /** CPU ms a page: the main thread, and the whole process (the worker thread, the garbage collector's) */
  mainCpu: number;
  cpuPerPage: number;
  whole: number;
  heap: string;
  peakRss: number;
}

async function pass(
  way: typeof before,
  pdfjs: PdfJs,
  bytes: Uint8Array,
  side: PrinterSide,
  client: AssistantClient,
): Promise<Figures> {
  const doc = await pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    worker: parsing as never,
  }).promise;
  const expected = doc.numPages * PER_PAGE;
  const arrivals = side.labels(expected);
  (globalThis as { gc?: () => void }).gc?.();
  const heap: string[] = [];
  let peakRss = 0;
  const t0 = performance.timeOrigin + performance.now();
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpu();
  const sent = await way(doc, client, (n) => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (n % 10 === 0) {
      (globalThis as { gc?: () => void }).gc?.();
      heap.push(`${n}:${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)}`);
    }
  });
  const cpu = process.cpuUsage(cpu0);
  const main = mainThreadCpu() - main0;
  if (sent !== expected) throw new Error(`${sent} labels cut, ${expected} expected`);
  const times = await arrivals;
  await doc.destroy();
  const first = times[0];
  const last = times[times.length - 1];
  return {
    firstLabel: first - t0,
    rate: (times.length - 1) / PER_PAGE / ((last - first) / 1000),
    mainCpu: main / doc.numPages,
    cpuPerPage: (cpu.user + cpu.system) / 1000 / doc.numPages,
    whole: (last - t0) / 1000,
    heap: heap.join(" "),
    peakRss: peakRss / 2 ** 20,
  };
}

async function main() {
  const four = TEST_SET.find((s) => s.name === "four");
  if (!four) throw new Error("no 4-up sheet");
  const bytes = await sheetPdf({ ...four, pages: PAGES });
  const side = await printerSide();
  const regions = nodeRegions();
  worker = regions;
  const client = new AssistantClient(`ws://127.0.0.1:${side.port}`);
  const t = performance.now();
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdfThread = await pdfjsThread();
  parsing = pdfThread.worker;
  await (
    await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, worker: parsing as never }).promise
  ).destroy();
  const opening = performance.now() - t;
  console.log(
    `docprint bench: ${PAGES} A4 pages × ${PER_PAGE} labels → labels of 100 × 150 mm, 203 dpi TSPL; ${ROUNDS} round(s) of before, after, print`,
  );
  console.log(
    `  loading pdf.js and opening the document: ${opening.toFixed(0)} ms (the page does it at upload)`,
  );
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, way] of [
      ["before", before],
      ["after", after],
      ["print", print],
    ] as const) {
      if (!WAYS.includes(name)) continue;
      const f = await pass(way, pdfjs, bytes, side, client);
      console.log(
        `  ${name.padEnd(6)} load ${loadavg()[0].toFixed(1).padStart(4)}: first label ${f.firstLabel.toFixed(0).padStart(5)} ms (≤ 2000)  ${f.rate.toFixed(1).padStart(5)} pages/s after it (≥ 10)  CPU ${f.mainCpu.toFixed(0).padStart(4)} ms/page main thread, ${f.cpuPerPage.toFixed(0).padStart(4)} all  whole ${f.whole.toFixed(1)} s  peak rss ${f.peakRss.toFixed(0)} MB  heap after gc MB by page ${f.heap}`,
      );
    }
  console.log(
    `  on ${cpus().length} cores, load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  client.close();
  side.close();
  regions.close();
  await pdfThread.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

// 10,000-record job through the print assistant (real WebSocket) to a fake TSPL printer on
// 127.0.0.1: time until the first label's bytes arrive, sustained labels/s at 203 dpi, and memory
// sampled during the job (it must stay flat: pages are planned, rendered and sent one at a time).
// Run: node --expose-gc --import tsx bench/print/print.bench.ts [records]
import { serializeTprt } from "../../src/model/file/index";
import type { DataSource } from "../../src/model/types";
import { benchAssistant } from "../../tests/print/support/benchAssistant";
import { connect } from "../../tests/print/support/client";
import { printLabel } from "../../tests/print/support/label";

const RECORDS = Number(process.argv[2]) || 10_000;

async function main() {
  const base = printLabel();
  const doc = {
    ...base,
    elements: base.elements.map((e) =>
      e.Type === "Barcode"
        ? { ...e, DataSourceList: e.DataSourceList.map((s: DataSource) => ({ ...s, Quantity: RECORDS })) }
        : e,
    ),
  };
  const { assistant, printer } = await benchAssistant("Bench");
  const client = await connect(assistant.port);
  const marker = Buffer.from("BITMAP ");
  let firstLabelAt = 0;
  let labels = 0;
  let labelAt1000 = 0;
  const heap: { labels: number; heapMB: number; rssMB: number }[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  printer.onData = (chunk) => {
    let i = chunk.indexOf(marker);
    while (i >= 0) {
      labels++;
      if (labels === 1) firstLabelAt = performance.now() - t0;
      if (labels === 1000) labelAt1000 = performance.now();
      i = chunk.indexOf(marker, i + marker.length);
    }
  };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    if (heap.length === 0 || labels - heap[heap.length - 1].labels >= RECORDS / 10) {
      // live heap after a full collection (run with --expose-gc), so garbage is not counted
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const after = process.memoryUsage();
      heap.push({ labels, heapMB: after.heapUsed / 2 ** 20, rssMB: after.rss / 2 ** 20 });
    }
  }, 50);
  const job = printer.nextJob();
  const reply = await client.request({
    cmd: "outputPrintting",
    printer: "Bench",
    xml: serializeTprt(doc),
    copies: 1,
  });
  const bytes = ((await job) as Buffer & { received?: number }).received ?? 0;
  const total = performance.now() - t0;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  const cpuMsPerLabel = (cpu.user + cpu.system) / 1000 / Math.max(1, labels);
  const steady =
    labels > 1000 ? (labels - 1000) / ((performance.now() - labelAt1000) / 1000) : labels / (total / 1000);
  console.log(
    `print bench: ${RECORDS} records, 60 × 30 mm, 203 dpi, TSPL over TCP (reply code ${reply.code})`,
  );
  console.log(
    `  first label bytes after   ${firstLabelAt.toFixed(0)} ms (target ≤ 1000 ms, includes font loading)`,
  );
  console.log(`  labels received           ${labels} (${(bytes / 2 ** 20).toFixed(1)} MB)`);
  console.log(
    `  sustained rate            ${steady.toFixed(0)} labels/s (target ≥ 100; a thermal printer does ~2)`,
  );
  console.log(
    `  CPU per label             ${cpuMsPerLabel.toFixed(1)} ms (≈ ${(1000 / cpuMsPerLabel).toFixed(0)} labels/s on one free core)`,
  );
  console.log(
    `  load average              ${(await import("node:os")).loadavg()[0].toFixed(1)} on ${(await import("node:os")).cpus().length} cores (figures above are shared with it)`,
  );
  console.log(`  whole job                 ${(total / 1000).toFixed(1)} s`);
  console.log(
    `  peak heap / rss           ${(peakHeap / 2 ** 20).toFixed(0)} MB / ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(
    `  heap as the job goes      ${heap.map((h) => `${h.labels}:${h.heapMB.toFixed(0)}MB`).join("  ")}`,
  );
  client.close();
  await assistant.close();
  await printer.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

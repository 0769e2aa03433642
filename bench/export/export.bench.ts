// Export benchmark (issue 8): 1,000 records of a 100 × 80 mm label (border, two texts, Code128, QR)
// into one PDF. Ours, the same writer in two places: in headless Chromium through the app's
// exportPdf (a Web Worker, as the editor runs it) and in Node (the CLI's path). The peer,
// @pdfme/generator, runs in Node on the same machine in the same run.
//   node --import tsx bench/export/export.bench.ts [records]

import { openExportPage } from "../../src/export/node/chromium";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { benchLabel } from "../../tests/export/support/labels";
import { pdfmeBatch } from "./pdfme";

const records = Number(process.argv[2] ?? 1000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const best = <T extends { ms: number }>(runs: T[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

const ui = await openExportPage();
try {
  // warm-up: fonts fetched and parsed once, as in a session that has the editor open
  await ui.run("pdf", benchLabel(1), { pageMode: "label" });
  for (const pageMode of ["label", "a4"] as const) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await ui.run("pdf", benchLabel(records), { pageMode }));
    const r = best(runs);
    console.log(
      `inkless (Chromium, Web Worker, ${pageMode} pages): ${records} records → ${r.count} pages, ${s(r.ms)} (best of 3; ${runs.map((x) => s(x.ms)).join(", ")}), ${mb(r.bytes.length)}`,
    );
  }
} finally {
  await ui.close();
}

await writePdf(benchLabel(1), { decoder: nodeDecoder });
for (const pageMode of ["label", "a4"] as const) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await writePdf(benchLabel(records), { decoder: nodeDecoder, pageMode });
    const cpu = process.cpuUsage(c0);
    runs.push({
      ms: performance.now() - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      bytes: r.chunks.reduce((n, c) => n + c.length, 0),
    });
  }
  const r = best(runs);
  console.log(
    `inkless (Node, CLI path, ${pageMode} pages):        ${records} records, ${s(r.ms)} (best of 3; ${runs.map((x) => s(x.ms)).join(", ")}; CPU ${s(r.cpuMs)}), ${mb(r.bytes)}`,
  );
}

// the machine is shared: the load average says how far wall times are from a quiet machine
const { loadavg } = await import("node:os");
console.log(
  `load average: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);
const peer = await pdfmeBatch(records);
console.log(
  `@pdfme/generator 6 (Node):                  ${records} records, ${s(peer.ms)}, ${mb(peer.bytes)}`,
);
console.log("target: ≤ 1.5 s and ≤ 1 MB");

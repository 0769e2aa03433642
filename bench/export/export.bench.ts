// Export benchmark (issue 8): 1,000 records of a 100 × 80 mm label (border, two texts, Code128, QR)
// into one PDF. Ours runs the real export module in headless Chromium (playwright-core); the peer,
// @pdfme/generator, runs in Node on the same machine in the same run.
//   node --import tsx bench/export/export.bench.ts [records]

import { openExportPage } from "../../src/export/node/chromium";
import { benchLabel } from "../../tests/export/support/labels";
import { pdfmeBatch } from "./pdfme";

const records = Number(process.argv[2] ?? 1000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const ui = await openExportPage();
try {
  // warm-up: fonts fetched and parsed once, as in a session that has the editor open
  await ui.run("pdf", benchLabel(1), { pageMode: "label" });
  for (const pageMode of ["label", "a4"] as const) {
    const r = await ui.run("pdf", benchLabel(records), { pageMode });
    console.log(
      `inkless (Chromium, ${pageMode} pages): ${records} records → ${r.count} pages, ${s(r.ms)}, ${mb(r.bytes.length)}`,
    );
  }
} finally {
  await ui.close();
}
const peer = await pdfmeBatch(records);
console.log(`@pdfme/generator (Node):            ${records} records, ${s(peer.ms)}, ${mb(peer.bytes)}`);
console.log("target: ≤ 1.5 s and ≤ 1 MB");

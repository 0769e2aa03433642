// Bytes per label and labels/s, exact picture vs the printer's own commands (issue 36), in ZPL and
// TSPL at 203 dpi, for the shelf tag (texts, a time, EAN-13, a turned QR, an image, a table, a dashed
// rule, a rounded frame), the bench label (two texts, Code 128, QR, a frame: the issue's "text +
// Code 128 + QR") and the codes label of the native tests (a text, Code 128, EAN-13, QR, DataMatrix,
// a frame, a rule, an ellipse) and the label of the "automatic" tests (a frame, a numbered text, a
// Code 128 without its line, QR), also sent as "auto" (a printer's default). Each job's records are numbered, so every label differs. The
// goal: ≥ 10× fewer bytes. Jobs are drawn on this thread (no raster workers) for steady figures.
// Run: node --import tsx bench/print/native.bench.ts [labels]
import { readFileSync } from "node:fs";
import { parseLabelFile } from "../../src/model/file";
import type { LabelDocument } from "../../src/model/types";
import { type PrinterLanguage, printJob } from "../../src/print/job";
import { allRecords } from "../../src/print/plan";
import type { SendAs } from "../../src/print/settings";
import { benchLabel } from "../../tests/export/support/labels";
import { nativeLabel } from "../../tests/print/support/nativeLabel";
import { sameLabel } from "../../tests/print/support/sameLabel";

const LABELS = Number(process.argv[2]) || 20;

function shelfTag(): LabelDocument {
  const r = parseLabelFile(
    new Uint8Array(readFileSync("tests/fixtures/labels/shelf-tag.tprt")),
    "shelf-tag.tprt",
  );
  if (!r.ok) throw new Error("shelf-tag.tprt does not read");
  return r.doc;
}

async function run(doc: LabelDocument, language: PrinterLanguage, sendAs: SendAs) {
  let bytes = 0;
  let labels = 0;
  const t0 = performance.now();
  for await (const page of printJob(doc, {
    language,
    workers: 0,
    settings: { sendAs },
    choices: allRecords(LABELS),
  })) {
    bytes += page.length;
    labels++;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { perLabel: bytes / labels, rate: labels / seconds };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: string[] = [];
for (const [name, doc] of [
  ["shelf tag", shelfTag()],
  ["bench label (text + Code 128 + QR)", benchLabel(LABELS)],
  ["codes label (text + 4 codes)", nativeLabel(LABELS)],
  ["same label (frame, text, Code 128, QR)", sameLabel(LABELS)],
] as const) {
  for (const language of ["ZPL", "TSPL"] as const) {
    const picture = await run(doc, language, "picture");
    const native = await run(doc, language, "native");
    // a printer with no setting: its commands only where they print the picture's dots
    const auto = await run(doc, language, "auto");
    const ratio = picture.perLabel / native.perLabel;
    rows.push(
      `${name.padEnd(36)} ${language.padEnd(4)}  picture ${kb(picture.perLabel).padStart(9)} ${picture.rate.toFixed(1).padStart(6)}/s   native ${kb(native.perLabel).padStart(9)} ${native.rate.toFixed(1).padStart(6)}/s   ${ratio.toFixed(1).padStart(5)}× fewer bytes${ratio >= 10 ? "" : "  (under the 10× goal)"}   auto ${kb(auto.perLabel).padStart(9)} ${auto.rate.toFixed(1).padStart(6)}/s`,
    );
  }
}
console.log(`bytes per label and labels/s, ${LABELS} labels a job, 203 dpi`);
for (const r of rows) console.log(r);

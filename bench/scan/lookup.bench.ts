// Scan-to-print lookup (issue 27): index the key column of an N-row sheet once, then look codes up
// (exact, trimmed, leading zeros). The e2e spec prints the end-to-end figure (Enter → canvas).
// Run: node --import tsx bench/scan/lookup.bench.ts [rows]
import { buildScanIndex, type ScanKey, scanKeyValues } from "../../src/data/scanIndex";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import type { Workbook } from "../../src/spreadsheet/types";

const ROWS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5000);
const URL = "https://files.example.com/u1/products.xlsx";
const code = (i: number) => `2${String(i).padStart(12, "0")}`;

const wb: Workbook = {
  sheets: [
    {
      sheetName: "Products",
      data: [["Name", "Code"], ...Array.from({ length: ROWS }, (_, i) => [`Item ${i + 1}`, code(i + 1)])],
    },
  ],
};
const text = createElement("Text", [], { x: 0, y: 0 });
const doc: LabelDocument = {
  ...emptyDocument(),
  elements: [
    {
      ...text,
      DataSourceList: [
        createDataSource({
          DataSourceType: 1,
          ConnectionStr: URL,
          SheetIndex: [0, 1],
          ColumnFirstLine: true,
        }),
      ],
    } as LabelElement,
  ],
};
const sheets = new Map([[URL, wb]]);
const key: ScanKey = { kind: "column", url: URL, sheet: 0, column: 1, header: true };

const ms = (t0: number) => (performance.now() - t0).toFixed(2);
let t0 = performance.now();
let index = buildScanIndex(scanKeyValues(doc, sheets, key));
console.log(`index ${index.size.toLocaleString("en")} rows, first (cold): ${ms(t0)} ms`);
const warm: string[] = [];
for (let r = 0; r < 5; r++) {
  t0 = performance.now();
  index = buildScanIndex(scanKeyValues(doc, sheets, key));
  warm.push(ms(t0));
}
console.log(`index again (warm): ${warm.join(", ")} ms`);

const probes = [code(Math.ceil(ROWS * 0.8642)), ` ${code(7)} `, `0${code(ROWS)}`, "unknown"];
const N = 100_000;
t0 = performance.now();
let found = 0;
for (let i = 0; i < N; i++) if (index.lookup(probes[i % probes.length])) found++;
const per = (performance.now() - t0) / N;
console.log(
  `lookup: ${(per * 1000).toFixed(2)} µs each (${N.toLocaleString("en")} lookups, ${found.toLocaleString("en")} found)`,
);

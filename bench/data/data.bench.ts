// Data benchmark (issue 7): import a 100,000-row × 10-column .xlsx (target ≤ 3 s) and the same data as
// CSV, then evaluate 100,000 records of a label with five sources of mixed types (target ≤ 1 s).
// Run: node --expose-gc --import tsx bench/data/data.bench.ts [rows] [--peer]
// --peer also times SheetJS reading the same .xlsx (what we would use without our own reader).
import * as XLSX from "@e965/xlsx";
import { createResolver, recordCount } from "../../src/data";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { DataSource, LabelDocument, LabelElement } from "../../src/model/types";
import { parseSpreadsheet, type Workbook } from "../../src/spreadsheet";

const ROWS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000);
const PEER = process.argv.includes("--peer");
const COLS = 10;
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const peakRss = () => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;

function rows(): (string | number)[][] {
  const out: (string | number)[][] = [
    ["Code", "Name", "Price", "Qty", "Date", "Batch", "Weight", "Origin", "Note", "Share"],
  ];
  for (let i = 0; i < ROWS; i++) {
    out.push([
      `SKU-${String(i).padStart(6, "0")}`,
      `Product ${i}`,
      Math.round(i * 137.31) / 100,
      i % 97,
      45000 + (i % 3650),
      `B${i % 500}`,
      (i % 1000) / 10,
      ["CN", "US", "DE", "BR", "RU"][i % 5],
      `note ${i * 7}`,
      (i % 100) / 100,
    ]);
  }
  return out;
}

async function time<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
  gc?.();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const out = await fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const heap = process.memoryUsage();
  // CPU time is shown too: on a shared, loaded machine wall time overstates the work.
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms wall ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(6)} ms cpu   heap ${mb(heap.heapUsed)}   peak rss ${peakRss()}`,
  );
  return out;
}

const data = rows();
const ws = XLSX.utils.aoa_to_sheet(data, { dense: true });
for (let r = 1; r <= ROWS; r++) {
  const cell = (ws["!data"] as XLSX.CellObject[][])[r][4];
  cell.z = "yyyy-mm-dd";
}
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, ws, "Products");
const xlsx = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx", compression: true }));
const csv = new TextEncoder().encode(XLSX.utils.sheet_to_csv(ws));
console.log(`fixtures: ${ROWS} rows × ${COLS} columns; xlsx ${mb(xlsx.length)}, csv ${mb(csv.length)}`);

const fromXlsx = await time(`import .xlsx (${ROWS} × ${COLS})`, async () => {
  const r = await parseSpreadsheet(xlsx, "products.xlsx");
  if (!r.ok) throw new Error(r.error.key);
  return r.workbook;
});
await time(`import .csv  (${ROWS} × ${COLS})`, async () => {
  const r = await parseSpreadsheet(csv, "products.csv");
  if (!r.ok) throw new Error(r.error.key);
  return r.workbook;
});
if (PEER) {
  await time("peer: SheetJS XLSX.read + sheet_to_json", () => {
    const book = XLSX.read(xlsx, { type: "array", dense: true, cellFormula: false, cellHTML: false });
    return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
  });
}
console.log(
  `xlsx rows read: ${fromXlsx.sheets[0].data.length}; row 1: ${fromXlsx.sheets[0].data[1].join(" | ")}`,
);

// A label with five sources of mixed types over two elements plus a referencing QR code.
const URL = "https://files.example.com/u/products.xlsx";
const column = (c: number, over: Partial<DataSource> = {}) =>
  createDataSource({
    DataSourceType: 1,
    ConnectionStr: URL,
    SheetIndex: [0, c],
    ColumnIndex: c,
    ColumnName: "x",
    ...over,
  });
const place = { x: 0, y: 0 };
const textEl: LabelElement = {
  ...createElement("Text", [], place),
  Id: "text0001",
  DataSourceList: [
    createDataSource({ DataSourceType: 0, FirstValue: "Lot ", NormalText: "Lot " }),
    createDataSource({ DataSourceType: 2, InitialValue: "A-00001", AddedValue: 1, Quantity: 1_000_000 }),
    column(2, { DataType: 2, DataPrecision: 2, CurrencySymbol: "$" }),
    column(4, { DataType: 4, DateFormat: "dd MMM yyyy" }),
  ],
};
const barcode: LabelElement = {
  ...createElement("Barcode", [], place),
  Id: "code0001",
  DataSourceList: [column(0)],
};
const qr: LabelElement = {
  ...createElement("QRcode", [], place),
  Id: "qr000001",
  DataSourceList: [createDataSource({ DataSourceType: 3, ReferenceId: "code0001" })],
};
const doc: LabelDocument = { ...emptyDocument(), elements: [textEl, barcode, qr] };
const sheets = new Map<string, Workbook>([[URL, fromXlsx]]);
const count = recordCount(doc, sheets);
let last = "";
await time(`evaluate ${count} records (5 sources, 3 elements)`, () => {
  const resolve = createResolver(doc, sheets);
  for (let i = 0; i < count; i++) last = resolve(i).get("text0001") ?? "";
});
console.log(`last record: ${last}`);
console.log(
  `targets: xlsx import ≤ 3000 ms, 100,000 records ≤ 1000 ms (load average now ${(await import("node:os")).loadavg()[0].toFixed(1)})`,
);

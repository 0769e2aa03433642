import { describe, expect, it } from "vitest";
import {
  buildScanIndex,
  defaultScanKey,
  digitsKey,
  type ScanKey,
  scanKeyOptions,
  scanKeySignature,
  scanKeyValues,
} from "../../src/data/scanIndex";
import type { Workbook } from "../../src/spreadsheet/types";
import { col, doc, seq, text, URL_A, withType } from "./helpers";

const PRODUCTS: Workbook = {
  sheets: [
    {
      sheetName: "Products",
      data: [
        ["Name", "EAN"],
        ["Apple", "4006381333931"],
        ["Pear", " 12345 "],
        ["Plum", "012345678905"],
        ["Fig", "4006381333931"],
        ["Kiwi", "AB-7"],
      ],
    },
  ],
};
const SHEETS = new Map([[URL_A, PRODUCTS]]);
const EAN: ScanKey = { kind: "column", url: URL_A, sheet: 0, column: 1, header: true };

describe("scan lookup", () => {
  const index = buildScanIndex(
    scanKeyValues(doc(text("t", [col(0, 1, { ColumnFirstLine: true })])), SHEETS, EAN),
  );

  it("indexes the key column's value of every record", () => {
    expect(index.size).toBe(5);
  });

  it("finds the exact value first, the first record when a value repeats", () => {
    expect(index.lookup("4006381333931")).toEqual({ record: 0, value: "4006381333931", how: "exact" });
    expect(index.lookup("AB-7")).toEqual({ record: 4, value: "AB-7", how: "exact" });
  });

  it("then the trimmed value, on either side", () => {
    expect(index.lookup("12345")).toEqual({ record: 1, value: " 12345 ", how: "trimmed" });
    expect(index.lookup("  AB-7\t")).toEqual({ record: 4, value: "AB-7", how: "trimmed" });
  });

  it("then digits without leading zeros: an EAN-13 finds its UPC-A and back", () => {
    expect(index.lookup("0012345678905")).toEqual({ record: 2, value: "012345678905", how: "zeros" });
    expect(index.lookup("12345678905")).toEqual({ record: 2, value: "012345678905", how: "zeros" });
    expect(index.lookup("00012345")).toEqual({ record: 1, value: " 12345 ", how: "zeros" });
  });

  it("finds nothing for unknown, empty or header values", () => {
    expect(index.lookup("999")).toBeNull();
    expect(index.lookup("")).toBeNull();
    expect(index.lookup("EAN")).toBeNull();
    expect(index.lookup("ab-7")).toBeNull();
  });

  it("keeps zeros meaningful outside all-digit codes", () => {
    expect(digitsKey("0A1")).toBeNull();
    expect(digitsKey("000")).toBe("0");
    expect(digitsKey(" 007 ")).toBe("7");
  });

  it("indexes 5,000 rows and finds row 4,321", () => {
    const rows = [
      ["Code"],
      ...Array.from({ length: 5000 }, (_, i) => [`2${String(i + 1).padStart(12, "0")}`]),
    ];
    const wb: Workbook = { sheets: [{ sheetName: "S", data: rows }] };
    const key: ScanKey = { kind: "column", url: URL_A, sheet: 0, column: 0, header: true };
    const d = doc(text("t", [col(0, 0, { ColumnFirstLine: true })]));
    const big = buildScanIndex(scanKeyValues(d, new Map([[URL_A, wb]]), key));
    expect(big.size).toBe(5000);
    expect(big.lookup("2000000004321")?.record).toBe(4320);
  });
});

describe("scan keys", () => {
  it("offers the bound column first, the sheet's other columns, then the sequences", () => {
    const d = doc(
      text("t", [col(0, 0, { ColumnFirstLine: true, ExcelName: "products.xlsx" })]),
      text("n", [seq("A-001", 1, 3)], { Name: "Serial" }),
    );
    const names = scanKeyOptions(d, SHEETS).map((o) => o.name);
    expect(names).toEqual([
      "products.xlsx › Products › Name",
      "products.xlsx › Products › EAN",
      "Serial: A-001, A-002, …",
    ]);
  });

  it("guesses the barcode's column, and keeps a stored choice the label still offers", () => {
    const d = doc(
      text("t", [col(0, 0, { ColumnFirstLine: true })]),
      withType("Barcode", "b", [col(0, 1, { ColumnFirstLine: true })]),
    );
    const options = scanKeyOptions(d, SHEETS);
    expect(defaultScanKey(options, d, null)?.key).toEqual(EAN);
    expect(defaultScanKey(options, d, options[0].id)?.id).toBe(options[0].id);
    expect(defaultScanKey(options, d, "column|gone|0|0|1")?.key).toEqual(EAN);
    expect(defaultScanKey([], doc(), null)).toBeNull();
  });

  it("a sequence accepts its own values, as many as the label has records", () => {
    const d = doc(text("n", [seq("A-0098", 1, 4)]));
    const [option] = scanKeyOptions(d, new Map());
    const index = buildScanIndex(scanKeyValues(d, new Map(), option.key));
    expect(index.size).toBe(4);
    expect(index.lookup("A-0100")).toEqual({ record: 2, value: "A-0100", how: "exact" });
    expect(index.lookup("A-0102")).toBeNull();
  });

  it("a key the label no longer has gives no values; a sheet not loaded offers nothing", () => {
    const d = doc(text("t", [col(0, 0)]));
    expect(scanKeyOptions(d, new Map())).toEqual([]);
    expect(scanKeyValues(d, SHEETS, { ...EAN, column: 9 })).toEqual([]);
    expect(scanKeyValues(d, SHEETS, { kind: "sequence", elementId: "t", index: 0 })).toEqual([]);
  });
});

describe("scan key signature", () => {
  it("changes with what the values depend on, not with other edits", () => {
    const base = doc(text("t", [col(0, 1, { ColumnFirstLine: true })]), text("n", [seq("A-001", 1, 9)]));
    const moved = doc(
      text("t", [col(0, 1, { ColumnFirstLine: true })], { StartX: 40 }),
      text("n", [seq("A-001", 1, 9)]),
    );
    expect(scanKeySignature(moved, SHEETS, EAN)).toBe(scanKeySignature(base, SHEETS, EAN));
    // a sequence of 3 lowers the record count from 5 to 3
    const fewer = doc(text("t", [col(0, 1, { ColumnFirstLine: true })]), text("n", [seq("A-001", 1, 3)]));
    expect(scanKeySignature(fewer, SHEETS, EAN)).not.toBe(scanKeySignature(base, SHEETS, EAN));
    const seqKey: ScanKey = { kind: "sequence", elementId: "n", index: 0 };
    const restarted = doc(text("t", [col(0, 1, { ColumnFirstLine: true })]), text("n", [seq("B-001", 1, 9)]));
    expect(scanKeySignature(restarted, SHEETS, seqKey)).not.toBe(scanKeySignature(base, SHEETS, seqKey));
  });
});

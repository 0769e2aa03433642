import * as XLSX from "@e965/xlsx";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, detectKind, type ParseResult, parseSpreadsheet } from "../../src/spreadsheet";
import { checkZip, listZip } from "../../src/spreadsheet/zipGuard";

type Book = XLSX.WorkBook;

function book(sheets: Record<string, XLSX.WorkSheet>): Book {
  const wb = XLSX.utils.book_new();
  for (const [name, ws] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, ws, name);
  return wb;
}
const bytesOf = (wb: Book, bookType: "xlsx" | "biff8") =>
  new Uint8Array(XLSX.write(wb, { type: "array", bookType }));
const ok = (r: ParseResult) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.key} ${r.error.detail ?? ""}`);
  return r.workbook;
};
const errKey = (r: ParseResult) => (r.ok ? "ok" : r.error.key);

function richSheet(): XLSX.WorkSheet {
  const ws = XLSX.utils.aoa_to_sheet(
    [
      ["Name", "Qty", "Price", "Share", "Code", "Born", "At", "Clock", "Flag", "Big"],
      [
        "Ada",
        3,
        1.5,
        0.125,
        42,
        new Date(2024, 1, 29),
        new Date(2024, 1, 29, 13, 45, 7),
        0.5,
        true,
        6901234567890,
      ],
      [
        "中文 <script>",
        0.1 + 0.2,
        -2,
        1,
        7,
        new Date(1999, 11, 31),
        new Date(2000, 0, 1, 0, 0, 1),
        0.75,
        false,
        1e21,
      ],
    ],
    { cellDates: true },
  );
  ws.C2.z = "0.00";
  ws.D2.z = "0.00%";
  ws.E2.z = "000000";
  ws.H2.z = "hh:mm:ss";
  ws.H3.z = "hh:mm";
  return ws;
}

describe.each(["xlsx", "biff8"] as const)("Excel %s", (bookType) => {
  it("reads cells as the user sees them, with ISO dates and plain General numbers", async () => {
    const wb = ok(await parseSpreadsheet(bytesOf(book({ Items: richSheet() }), bookType), "items.xlsx"));
    expect(wb.sheets).toHaveLength(1);
    const [head, r1, r2] = wb.sheets[0].data;
    expect(wb.sheets[0].sheetName).toBe("Items");
    expect(head[0]).toBe("Name");
    expect(r1).toEqual([
      "Ada",
      "3",
      "1.50",
      "12.50%",
      "000042",
      "2024-02-29",
      "2024-02-29 13:45:07",
      "12:00:00",
      "TRUE",
      "6901234567890",
    ]);
    expect(r2.slice(0, 2)).toEqual(["中文 <script>", "0.3"]);
    expect(r2[8]).toBe("FALSE");
    expect(r2[9]).toBe("1e+21");
    expect(r2[7]).toBe("18:00:00");
  });

  it("keeps every sheet in order, including hostile names, without touching Object.prototype", async () => {
    const wb = book({
      First: XLSX.utils.aoa_to_sheet([["a"], ["b"]]),
      constructor: XLSX.utils.aoa_to_sheet([["c"]]),
      "<script>": XLSX.utils.aoa_to_sheet([["e"]]),
    });
    // book_append_sheet stores by assignment, so add "__proto__" the same way SheetJS itself would
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["p"]]), "__proto__");
    const out = ok(await parseSpreadsheet(bytesOf(wb, bookType)));
    expect(out.sheets.map((s) => s.sheetName)).toEqual(["First", "constructor", "<script>", "__proto__"]);
    expect(out.sheets.map((s) => s.data[0][0])).toEqual(["a", "c", "e", "p"]);
    expect(({} as Record<string, unknown>)["!data"]).toBeUndefined();
  });

  it("reads cached formula results and never evaluates formulas", async () => {
    const ws = XLSX.utils.aoa_to_sheet([[1, 2, 0]]);
    ws.C1 = { t: "n", v: 999, f: "A1+B1" };
    ws.D1 = { t: "s", v: "cached", f: 'REPT("x",1000000000)' };
    ws["!ref"] = "A1:D1";
    const out = ok(await parseSpreadsheet(bytesOf(book({ F: ws }), bookType)));
    expect(out.sheets[0].data[0]).toEqual(["1", "2", "999", "cached"]);
  });

  it("drops trailing empty cells and rows", async () => {
    const ws = XLSX.utils.aoa_to_sheet([["a", "", ""], ["b"], [""], []]);
    const out = ok(await parseSpreadsheet(bytesOf(book({ S: ws }), bookType)));
    expect(out.sheets[0].data).toEqual([["a"], ["b"]]);
  });

  it("refuses too many rows, columns and cells", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`r${i}`, i]);
    const bytes = bytesOf(book({ Big: XLSX.utils.aoa_to_sheet(rows) }), bookType);
    const rowsErr = await parseSpreadsheet(bytes, "", { ...DEFAULT_LIMITS, maxRows: 20 });
    expect(errKey(rowsErr)).toBe("spreadsheet.error.tooManyRows");
    expect(rowsErr.ok ? null : rowsErr.error.vars).toEqual({ limit: 20, sheet: "Big" });
    expect(errKey(await parseSpreadsheet(bytes, "", { ...DEFAULT_LIMITS, maxColumns: 1 }))).toBe(
      "spreadsheet.error.tooManyColumns",
    );
    expect(errKey(await parseSpreadsheet(bytes, "", { ...DEFAULT_LIMITS, maxCells: 40 }))).toBe(
      "spreadsheet.error.tooManyCells",
    );
    expect(
      ok(await parseSpreadsheet(bytes, "", { ...DEFAULT_LIMITS, maxRows: 30 })).sheets[0].data,
    ).toHaveLength(30);
  });

  it("refuses too many sheets", async () => {
    const sheets: Record<string, XLSX.WorkSheet> = {};
    for (let i = 0; i < 5; i++) sheets[`S${i}`] = XLSX.utils.aoa_to_sheet([[i]]);
    const r = await parseSpreadsheet(bytesOf(book(sheets), bookType), "", {
      ...DEFAULT_LIMITS,
      maxSheets: 4,
    });
    expect(errKey(r)).toBe("spreadsheet.error.tooManySheets");
  });
});

describe("zip bombs (.xlsx)", () => {
  const base = () => bytesOf(book({ S: XLSX.utils.aoa_to_sheet([["a"]]) }), "xlsx");

  function withEntry(xlsx: Uint8Array, name: string, content: Uint8Array): Uint8Array {
    const files: Record<string, Uint8Array> = { ...unzipSync(xlsx), [name]: content };
    return zipSync(files, { level: 9 });
  }

  it("is not fooled by a huge declared sheet dimension", async () => {
    const files = unzipSync(base());
    const xml = new TextDecoder().decode(files["xl/worksheets/sheet1.xml"]);
    expect(xml).toContain('<dimension ref="A1"/>');
    files["xl/worksheets/sheet1.xml"] = new TextEncoder().encode(
      xml.replace('<dimension ref="A1"/>', '<dimension ref="A1:XFD1048576"/>'),
    );
    const t0 = performance.now();
    const out = ok(await parseSpreadsheet(zipSync(files), "dim.xlsx"));
    expect(out.sheets[0].data).toEqual([["a"]]);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it("lists the entries of a real workbook", () => {
    const names = (listZip(base()) ?? []).map((e) => e.name);
    expect(names).toContain("xl/workbook.xml");
  });

  /** The workbook with its sheet padded by `n` bytes of XML whitespace (compresses ~1000:1). */
  function paddedSheet(n: number): Uint8Array {
    const files = unzipSync(base());
    const xml = new TextDecoder().decode(files["xl/worksheets/sheet1.xml"]);
    const padded = xml.replace("<sheetData>", `<sheetData>${" ".repeat(n)}`);
    expect(padded.length).toBeGreaterThan(n);
    return withEntry(base(), "xl/worksheets/sheet1.xml", new TextEncoder().encode(padded));
  }
  const SMALL = { ...DEFAULT_LIMITS, maxUnpackedBytes: 2 * 1024 * 1024 };

  it("refuses a workbook whose parts unpack past the limit", async () => {
    const bomb = paddedSheet(8 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    const r = await parseSpreadsheet(bomb, "bomb.xlsx", SMALL);
    expect(errKey(r)).toBe("spreadsheet.error.unpackedTooLarge");
    expect(r.ok ? null : r.error.vars).toEqual({ limit: 2 });
    // the same sheet is fine under the default limit, and reads the same cell
    expect(ok(await parseSpreadsheet(bomb, "bomb.xlsx")).sheets[0].data).toEqual([["a"]]);
  });

  it("refuses a bomb that lies about its sizes in the central directory", async () => {
    const bomb = paddedSheet(8 * 1024 * 1024);
    // Patch every central-directory "uncompressed size" (offset 24 of each 0x02014b50 record) to 1 byte.
    const dv = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let i = 0; i + 46 < bomb.length; i++)
      if (dv.getUint32(i, true) === 0x02014b50) dv.setUint32(i + 24, 1, true);
    expect((listZip(bomb) ?? []).every((e) => e.declaredSize === 1)).toBe(true);
    expect(errKey(await parseSpreadsheet(bomb, "liar.xlsx", SMALL))).toBe(
      "spreadsheet.error.unpackedTooLarge",
    );
  });

  it("never unpacks parts a value does not need", async () => {
    const withJunk = withEntry(base(), "xl/media/zeros.bin", new Uint8Array(64 * 1024 * 1024));
    expect(withJunk.length).toBeLessThan(200_000);
    expect(ok(await parseSpreadsheet(withJunk, "junk.xlsx", SMALL)).sheets[0].data).toEqual([["a"]]);
  });

  it("checks the whole archive before SheetJS reads a non-XML workbook", () => {
    const bomb = withEntry(base(), "xl/media/zeros.bin", new Uint8Array(8 * 1024 * 1024));
    expect(checkZip(bomb, SMALL.maxUnpackedBytes)?.key).toBe("spreadsheet.error.unpackedTooLarge");
    expect(checkZip(bomb, DEFAULT_LIMITS.maxUnpackedBytes)).toBeNull();
  });

  it("reports a zip that is not a workbook, or is truncated, as unreadable", async () => {
    const notBook = zipSync({ "word/document.xml": new TextEncoder().encode("<w/>") });
    expect(errKey(await parseSpreadsheet(notBook, "x.xlsx"))).toBe("spreadsheet.error.corrupt");
    const cut = base().slice(0, 200);
    expect(errKey(await parseSpreadsheet(cut, "x.xlsx"))).toBe("spreadsheet.error.corrupt");
  });
});

describe("CSV", () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  it("reads UTF-8 with a BOM, quotes, embedded newlines and keeps text as written", async () => {
    const csv = '\uFEFFcode,name,price\n007,"Smith, J","line1\nline2"\n008,"say ""hi""",1.50\n\n';
    const out = ok(await parseSpreadsheet(enc(csv), "uploads/Price List.csv"));
    expect(out.sheets[0].sheetName).toBe("Price List");
    expect(out.sheets[0].data).toEqual([
      ["code", "name", "price"],
      ["007", "Smith, J", "line1\nline2"],
      ["008", 'say "hi"', "1.50"],
    ]);
  });

  it("detects semicolon, tab and pipe delimiters despite blank lines", async () => {
    for (const d of [";", "\t", "|"]) {
      const out = ok(await parseSpreadsheet(enc(`a${d}b\n1${d}2\n\n\n`), "x.csv"));
      expect(out.sheets[0].data).toEqual([
        ["a", "b"],
        ["1", "2"],
      ]);
    }
  });

  it("reads GB18030 text that is not valid UTF-8", async () => {
    // "名称,数量\n苹果,3" in GBK/GB18030
    const gbk = new Uint8Array([
      0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0a, 0xc6, 0xbb, 0xb9, 0xfb, 0x2c, 0x33,
    ]);
    const out = ok(await parseSpreadsheet(gbk, "cn.csv"));
    expect(out.sheets[0].data).toEqual([
      ["名称", "数量"],
      ["苹果", "3"],
    ]);
  });

  it("keeps hostile text harmless", async () => {
    const csv = '__proto__,constructor\n{"__proto__":{"polluted":1}},<img src=x onerror=alert(1)>\n';
    const out = ok(await parseSpreadsheet(enc(csv), "__proto__.csv"));
    expect(out.sheets[0].sheetName).toBe("__proto__");
    expect(out.sheets[0].data[1][1]).toBe("<img src=x onerror=alert(1)>");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses too many rows", async () => {
    const csv = Array.from({ length: 50 }, (_, i) => `${i},x`).join("\n");
    expect(errKey(await parseSpreadsheet(enc(csv), "x.csv", { ...DEFAULT_LIMITS, maxRows: 10 }))).toBe(
      "spreadsheet.error.tooManyRows",
    );
  });
});

describe("guard rails", () => {
  it("refuses empty and oversized files", async () => {
    expect(errKey(await parseSpreadsheet(new Uint8Array(0), "a.csv"))).toBe("spreadsheet.error.empty");
    const r = await parseSpreadsheet(new Uint8Array(3 * 1024 * 1024).fill(65), "a.csv", {
      ...DEFAULT_LIMITS,
      maxFileBytes: 1024 * 1024,
    });
    expect(errKey(r)).toBe("spreadsheet.error.tooLarge");
    expect(r.ok ? null : r.error.vars).toEqual({ limit: 1 });
  });

  it("refuses binary that is not a spreadsheet, and text named .xlsx", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(errKey(await parseSpreadsheet(png, "a.png"))).toBe("spreadsheet.error.unsupported");
    expect(errKey(await parseSpreadsheet(new TextEncoder().encode("a,b"), "a.xlsx"))).toBe(
      "spreadsheet.error.unsupported",
    );
    const tsvXls = ok(await parseSpreadsheet(new TextEncoder().encode("a\tb\n1\t2\n"), "export.xls"));
    expect(tsvXls.sheets[0]).toEqual({
      sheetName: "export",
      data: [
        ["a", "b"],
        ["1", "2"],
      ],
    });
  });

  it("reports a damaged .xls as unreadable", async () => {
    const xls = bytesOf(book({ S: XLSX.utils.aoa_to_sheet([["a"]]) }), "biff8");
    const broken = xls.slice(0, 600);
    expect(errKey(await parseSpreadsheet(broken, "a.xls"))).toBe("spreadsheet.error.corrupt");
  });

  it("detects the container from the bytes", () => {
    expect(detectKind(new Uint8Array([0x50, 0x4b, 3, 4]), "a.csv")).toBe("xlsx");
    expect(detectKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "")).toBe("xls");
    expect(detectKind(new TextEncoder().encode("x,y"), "list.txt")).toBe("csv");
    expect(detectKind(new TextEncoder().encode("a\tb\n1\t2"), "export.xls")).toBe("csv");
    expect(detectKind(new TextEncoder().encode("\uFEFF <html><table>"), "export.xls")).toBe("unknown");
    expect(detectKind(new TextEncoder().encode("a,b"), "book.xlsx")).toBe("unknown");
  });

  it("never throws, whatever the bytes", async () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    };
    const xlsx = bytesOf(book({ S: XLSX.utils.aoa_to_sheet([["a", 1]]) }), "xlsx");
    for (let k = 0; k < 30; k++) {
      const b = xlsx.slice();
      for (let j = 0; j < 20; j++) b[30 + ((rnd() * 256 + rnd()) % (b.length - 30))] = rnd();
      const r = await parseSpreadsheet(b, "fuzz.xlsx");
      expect(typeof r.ok).toBe("boolean");
    }
  });
});

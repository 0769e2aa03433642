// The own .xlsx reader against hand-written workbook parts (features SheetJS's writer never emits)
// and against SheetJS itself on a larger generated workbook.
import * as XLSX from "@e965/xlsx";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, type ParseResult, parseSpreadsheet } from "../../src/spreadsheet";
import { hostileXlsx } from "./support/hostileXlsx";

const enc = (s: string) => new TextEncoder().encode(s);
const ok = (r: ParseResult) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.key} ${r.error.detail ?? ""}`);
  return r.workbook;
};

function handMade(sheetXml: string, opts: { date1904?: boolean; extraSheet?: boolean } = {}): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return zipSync({
    "[Content_Types].xml": enc("<Types/>"),
    "_rels/.rels": enc(
      `<Relationships><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": enc(
      `<workbook ${ns} ${rns}><workbookPr date1904="${opts.date1904 ? 1 : 0}"/><sheets>` +
        `<sheet name="Caf&#233; &amp; Co" sheetId="1" r:id="rId1"/>` +
        (opts.extraSheet ? `<sheet name="Empty" sheetId="2" r:id="rId9"/>` : "") +
        "</sheets></workbook>",
    ),
    "xl/_rels/workbook.xml.rels": enc(
      "<Relationships>" +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="/xl/sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId9" Type="${rel}/worksheet" Target="https://evil.example/x.xml" TargetMode="External"/>` +
        "</Relationships>",
    ),
    "xl/sharedStrings.xml": enc(
      `<sst ${ns}><si><t>plain</t></si>` +
        '<si><r><rPr><b/></rPr><t xml:space="preserve">rich </t></r><r><t>text</t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si>' +
        "<si><t>a &lt;b&gt; &amp; &quot;c&quot; &#x4E2D;_x000D_</t></si><si/></sst>",
    ),
    "xl/styles.xml": enc(
      `<styleSheet ${ns}><numFmts count="1"><numFmt numFmtId="164" formatCode="0.000"/></numFmts>` +
        '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="10"/></cellXfs></styleSheet>',
    ),
    "xl/worksheets/sheet1.xml": enc(
      `<worksheet ${ns}><dimension ref="A1:Z99"/><sheetData>${sheetXml}</sheetData></worksheet>`,
    ),
  });
}

describe("own .xlsx reader", () => {
  it("reads shared, rich, inline and escaped strings, booleans, errors and styled numbers", async () => {
    const xml =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>inline &amp; more</t></is></c><c r="B2" t="b"><v>1</v></c>' +
      '<c r="C2" t="e"><v>#DIV/0!</v></c><c r="D2" t="str"><f>A1&amp;"x"</f><v>plainx</v></c></row>' +
      '<row r="3"><c r="A3" s="1"><v>45351</v></c><c r="B3" s="2"><v>3.14159</v></c><c r="C3" s="3"><v>0.125</v></c><c r="D3"><v>0.1</v></c></row>' +
      // no r attributes: positions follow the row and the previous cell
      "<row><c><v>1</v></c><c/><c><v>3</v></c></row>" +
      // a gap of one row, single quotes, a formula without cached value
      "<row r='6'><c r='B6' t='s'><v>0</v></c><c r=\"C6\"><f>1/0</f></c></row>";
    const wb = ok(await parseSpreadsheet(handMade(xml), "hand.xlsx"));
    expect(wb.sheets.map((s) => s.sheetName)).toEqual(["Café & Co"]);
    expect(wb.sheets[0].data).toEqual([
      ["plain", "rich text", 'a <b> & "c" 中\r'], // the empty shared string at D1 is a trailing empty cell
      ["inline & more", "TRUE", "#DIV/0!", "plainx"],
      ["2024-02-29", "3.142", "12.50%", "0.1"],
      ["1", "", "3"],
      [],
      ["", "plain"],
    ]);
  });

  it("reads parts whose elements carry a namespace prefix (<x:c>)", async () => {
    const plain = handMade('<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1"><v>2</v></c></row>');
    const files = unzipSync(plain);
    for (const name of [
      "xl/workbook.xml",
      "xl/sharedStrings.xml",
      "xl/styles.xml",
      "xl/worksheets/sheet1.xml",
    ]) {
      const xml = new TextDecoder().decode(files[name]);
      files[name] = enc(xml.replace(/<(\/?)([A-Za-z])/g, "<$1x:$2").replace(/xmlns="/, 'xmlns:x="'));
    }
    expect(new TextDecoder().decode(files["xl/worksheets/sheet1.xml"])).toContain("<x:c ");
    const wb = ok(await parseSpreadsheet(zipSync(files), "prefixed.xlsx"));
    expect(wb.sheets[0]).toEqual({ sheetName: "Café & Co", data: [["rich text", "2"]] });
  });

  it("treats empty <v/> and <v></v> as empty cells, not zero", async () => {
    const xml = '<row r="1"><c r="A1"><v></v></c><c r="B1" t="s"><v/></c><c r="C1"><v>5</v></c></row>';
    expect(ok(await parseSpreadsheet(handMade(xml), "e.xlsx")).sheets[0].data).toEqual([["", "", "5"]]);
  });

  it("honours the 1904 date system and ignores external sheet targets", async () => {
    const xml = '<row r="1"><c r="A1" s="1"><v>0</v></c></row>';
    const wb = ok(await parseSpreadsheet(handMade(xml, { date1904: true, extraSheet: true }), "mac.xlsx"));
    expect(wb.sheets[0].data).toEqual([["1904-01-01"]]);
    expect(wb.sheets[1]).toEqual({ sheetName: "Empty", data: [] });
  });

  it("refuses cells past the row and column limits by their reference", async () => {
    const far = '<row r="1048576"><c r="A1048576"><v>1</v></c></row>';
    const r = await parseSpreadsheet(handMade(far), "far.xlsx");
    expect(r.ok ? "ok" : r.error.key).toBe("spreadsheet.error.tooManyRows");
    const wide = '<row r="1"><c r="XFD1"><v>1</v></c></row>';
    const w = await parseSpreadsheet(handMade(wide), "wide.xlsx");
    expect(w.ok ? "ok" : w.error.key).toBe("spreadsheet.error.tooManyColumns");
  });

  it("agrees with SheetJS on a generated 5,000-row workbook with shared strings", async () => {
    const rows: (string | number | boolean)[][] = [["id", "name", "n", "flag"]];
    for (let i = 0; i < 5000; i++) rows.push([`ID-${i}`, `名前 <${i % 37}> & "q"`, i * 7 - 3, i % 2 === 0]);
    const ws = XLSX.utils.aoa_to_sheet(rows);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, "Data");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", bookSST: true }));
    const ours = ok(await parseSpreadsheet(bytes, "gen.xlsx")).sheets[0].data;
    const theirs = XLSX.utils.sheet_to_json<string[]>(XLSX.read(bytes, { type: "array" }).Sheets.Data, {
      header: 1,
      raw: false,
    });
    expect(ours).toHaveLength(5001);
    expect(ours).toEqual(theirs.map((r) => r.map((c) => String(c))));
  });
});

describe("hostile shared strings (issue 14, item 4)", () => {
  it("refuses a table of more than maxStrings entries, and reads one within it", async () => {
    const bomb = hostileXlsx(DEFAULT_LIMITS.maxStrings + 1);
    expect(bomb.length).toBeLessThan(200_000); // a million strings zip to a few hundred KB
    const r = await parseSpreadsheet(bomb, "bomb.xlsx");
    expect(r).toMatchObject({
      ok: false,
      error: { key: "spreadsheet.error.tooManyStrings", vars: { limit: DEFAULT_LIMITS.maxStrings } },
    });
    const fine = await parseSpreadsheet(hostileXlsx(1000), "fine.xlsx");
    expect(ok(fine).sheets[0].data).toEqual([["x"]]);
  });
});

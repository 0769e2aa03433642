// The hostile workbook of issue 14 (item 4), generated: a shared-strings table of `strings` entries
// (millions fit in about a megabyte once zipped) and one sheet with one cell.
import { zipSync } from "fflate";

const enc = (s: string) => new TextEncoder().encode(s);

export function hostileXlsx(strings: number): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return zipSync(
    {
      "[Content_Types].xml": enc("<Types/>"),
      "_rels/.rels": enc(
        `<Relationships><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      "xl/workbook.xml": enc(
        `<workbook ${ns} ${rns}><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": enc(
        `<Relationships><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
      "xl/sharedStrings.xml": enc(`<sst ${ns}>${"<si><t>x</t></si>".repeat(strings)}</sst>`),
      "xl/worksheets/sheet1.xml": enc(
        `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
      ),
    },
    { level: 9 },
  );
}

// A valid, large workbook (issue 33 item 6), generated: one sheet of `rows` × `cols` cells, a header
// row of texts, then numbers and short inline texts. 104,000 × 20 (2.08 million cells) zips to a few MB.
import { zipSync } from "fflate";

const enc = (s: string) => new TextEncoder().encode(s);

/** The column letters of 0-based column `c` (0 → A, 26 → AA). */
function column(c: number): string {
  let s = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The text of the cell at 0-based `row`, `col` as the import answers it. */
export function largeCell(row: number, col: number): string {
  if (row === 0) return `col${col}`;
  return col % 2 ? `t${row}-${col}` : String(row * 31 + col);
}

export function largeXlsx(rows: number, cols: number): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const letters = Array.from({ length: cols }, (_, c) => column(c));
  const parts: string[] = [`<worksheet ${ns}><sheetData>`];
  for (let r = 0; r < rows; r++) {
    let row = `<row r="${r + 1}">`;
    for (let c = 0; c < cols; c++) {
      const v = largeCell(r, c);
      const ref = `${letters[c]}${r + 1}`;
      row +=
        r > 0 && c % 2 === 0
          ? `<c r="${ref}"><v>${v}</v></c>`
          : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
    }
    parts.push(`${row}</row>`);
  }
  parts.push("</sheetData></worksheet>");
  return zipSync(
    {
      "[Content_Types].xml": enc("<Types/>"),
      "_rels/.rels": enc(
        `<Relationships><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      "xl/workbook.xml": enc(
        `<workbook ${ns} ${rns}><sheets><sheet name="Big" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": enc(
        `<Relationships><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      "xl/worksheets/sheet1.xml": enc(parts.join("")),
    },
    { level: 6 },
  );
}

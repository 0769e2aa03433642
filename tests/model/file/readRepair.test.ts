// A label file is restored element by element: one element the reader cannot handle (here a defect
// in the table reader, stood in for by a mock) is left out, and the rest of the label still opens.
import { describe, expect, it, vi } from "vitest";
import { parseLabelFile } from "../../../src/model/file";

vi.mock("../../../src/model/kinds/tableFile", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/model/kinds/tableFile")>();
  return {
    ...real,
    readTable: (...args: Parameters<typeof real.readTable>) => {
      const [node] = args;
      if (JSON.stringify(node).includes("BROKEN")) throw new TypeError("a defect in one kind's reader");
      real.readTable(...args);
    },
  };
});

const file = (objects: string) =>
  `<LabelFile><FileInfo><LabelName>Repair</LabelName><Width>50</Width><Height>30</Height></FileInfo><ObjectList>${objects}</ObjectList></LabelFile>`;
const text = (data: string) => `<DrawObject><Type>Text</Type><Data>${data}</Data></DrawObject>`;
const table = (name: string) =>
  `<DrawObject><Type>Table</Type><Name>${name}</Name><CellWidth>10,10</CellWidth><CellHeight>5</CellHeight></DrawObject>`;

describe("restoring a label file element by element", () => {
  it("leaves out the one element whose reader fails and keeps the others in order", () => {
    const r = parseLabelFile(file(text("before") + table("BROKEN") + table("fine") + text("after")));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.attrs.name).toBe("Repair");
    expect(r.doc.elements.map((e) => [e.Type, "Data" in e ? e.Data : e.Name])).toEqual([
      ["Text", "before"],
      ["Table", "fine"],
      ["Text", "after"],
    ]);
  });

  it("repairs a malformed element field by field (garbage values take the defaults)", () => {
    const bad =
      "<DrawObject><Type>Barcode</Type><Data>123</Data><StartX>abc</StartX><Width>-1e999</Width><Font>x</Font>" +
      "<DataSourceList>junk</DataSourceList><BarcodeType><x/></BarcodeType></DrawObject>";
    const r = parseLabelFile(file(text("a") + bad + text("b")));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.elements.map((e) => e.Type)).toEqual(["Text", "Barcode", "Text"]);
    const code = r.doc.elements[1];
    expect(Number.isFinite(code.StartX) && Number.isFinite(code.Width) && code.Width > 0).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { cellText, choicesOf, headerText, searchRows, sheetSource } from "../../src/editor/print/recordRows";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { DataSource, LabelDocument, LabelElement } from "../../src/model/types";
import type { Workbook } from "../../src/spreadsheet/types";

const URL_A = "https://files.example/people.xlsx";
const BOOK: Workbook = {
  sheets: [
    {
      sheetName: "People",
      data: [
        ["Name", "City"],
        ["Ada", "London"],
        ["Linus", "Helsinki"],
        ["Grace", "New York"],
      ],
    },
    { sheetName: "Empty", data: [] },
  ],
};

function labelWithColumn(): LabelDocument {
  const t = createElement("Text", [], { x: 1, y: 1 });
  const src: DataSource = {
    ...t.DataSourceList[0],
    DataSourceType: 1,
    ConnectionStr: URL_A,
    SheetIndex: [0, 1],
    ColumnIndex: 1,
    ColumnFirstLine: true,
  };
  return { ...emptyDocument(), elements: [{ ...t, DataSourceList: [src] } as LabelElement] };
}

describe("record selection rows", () => {
  it("finds the label's spreadsheet source with its sheet → column cascade", () => {
    const sheets = new Map([[URL_A, BOOK]]);
    const src = sheetSource(labelWithColumn(), sheets);
    expect(src).toMatchObject({ connection: URL_A, sheet: 0, column: 1, firstLine: true });
    expect(src?.sheets.map((s) => s.text)).toEqual(["People", "Empty"]);
    expect(src?.sheets[0].children.map((c) => c.text)).toEqual(["Name", "City"]);
    if (!src) return;
    expect(headerText(sheets, src, 0, 1)).toBe("City");
    expect([0, 1, 2].map((i) => cellText(sheets, src, 0, 1, i))).toEqual(["London", "Helsinki", "New York"]);
    expect(cellText(sheets, src, 1, 0, 0)).toBe("");
    expect(sheetSource(labelWithColumn(), new Map())).toBeNull();
  });

  it("searches case-insensitively and keeps record order", () => {
    const text = (i: number) => ["London", "Helsinki", "New York"][i];
    expect(searchRows(3, "", text)).toEqual([0, 1, 2]);
    expect(searchRows(3, "  NEW ", text)).toEqual([2]);
    expect(searchRows(3, "n", text)).toEqual([0, 1, 2]);
    expect(searchRows(3, "zzz", text)).toEqual([]);
  });

  it("returns the chosen rows in record order with copies (digits only, empty or 0 → 1)", () => {
    const copies = new Map([
      [4, "3"],
      [1, ""],
      [2, "0"],
    ]);
    expect(choicesOf(new Set([4, 1, 2]), copies)).toEqual([
      { record: 1, copies: 1 },
      { record: 2, copies: 1 },
      { record: 4, copies: 3 },
    ]);
  });
});

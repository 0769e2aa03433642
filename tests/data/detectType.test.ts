// Issue 23 item 5: a column change re-detects the data type from the new column's values (a price
// column never keeps the "Date" of the column before: 6.5 was shown as 1900/01/05), unless the user
// chose the type and it suits the new column. Item 4: new spreadsheet entries take the language's
// currency symbol and date format.
import { describe, expect, it } from "vitest";
import { formatCell } from "../../src/data/cellFormat";
import { detectDataType, looksLikeDate, typeSuits } from "../../src/data/detectType";
import { bindColumn } from "../../src/data/spreadsheetSource";
import { getBound } from "../../src/data/targets";
import { switchSourceType } from "../../src/data/typeSwitch";
import { createDataSource } from "../../src/model/defaults";
import type { TextElement } from "../../src/model/types";
import type { Workbook } from "../../src/spreadsheet/types";
import { doc, fixed, text } from "./helpers";

const GOODS: Workbook = {
  sheets: [
    {
      sheetName: "Goods",
      data: [
        ["Packed", "Price", "Code", "At"],
        ["2026-11-02", "6.5", "000123", "08:30:00"],
        ["2026-11-03", "12", "000124", "17:05"],
        ["", "", "", ""],
        ["2026/11/04", "0.99", "000125", "23:59:59"],
      ],
    },
  ],
};
const URL_G = "https://files.example.com/u1/goods.xlsx";

describe("detectDataType", () => {
  it("dates and times written as such; numbers, codes and mixed columns stay plain", () => {
    expect(detectDataType(["2026-11-02", "2026/11/04", ""])).toBe(4);
    expect(detectDataType(["08:30:00", "17:05"])).toBe(5);
    expect(detectDataType(["6.5", "12", "0.99"])).toBe(0);
    expect(detectDataType(["000123", "000124"])).toBe(0);
    expect(detectDataType(["2026-11-02", "soon"])).toBe(0);
    expect(detectDataType([])).toBe(0);
    expect(detectDataType(["", "  "])).toBe(0);
  });

  it("codes that the lenient date check takes (SKU-1001 as the year 1001) stay plain", () => {
    // the first-hour journey's SKU column was shown as 01/01/1001 on the barcode
    expect(detectDataType(["SKU-1001", "SKU-2002", "SKU-3003"])).toBe(0);
    for (const code of ["SKU-1001", "SKU 1001", "Item 12", "AB-12", "A/1", "Plum 3", "12-5", "2026-11"]) {
      expect(looksLikeDate(code), code).toBe(false);
    }
    expect(typeSuits(4, ["SKU-1001"])).toBe(false);
  });

  it("dates written with month names, times or ISO letters are still dates", () => {
    for (const date of [
      "2026-11-02",
      "2026-11-02T08:30:00",
      "2026/11/02 5:07 PM",
      "11/02/2026",
      "Nov 2 2026",
      "2 November 2026",
      "Monday, Nov 2, 2026",
      "Sept 5, 2026",
    ]) {
      expect(looksLikeDate(date), date).toBe(true);
    }
    expect(detectDataType(["Nov 2 2026", "2026-11-03"])).toBe(4);
  });

  it("knows which types suit which values", () => {
    expect(typeSuits(4, ["6.5", "12"])).toBe(false);
    expect(typeSuits(2, ["6.5", "12"])).toBe(true);
    expect(typeSuits(1, ["6.5", "abc"])).toBe(false);
    expect(typeSuits(4, ["2026-11-02"])).toBe(true);
    expect(typeSuits(0, ["anything"])).toBe(true);
  });
});

describe("bindColumn re-detects the type on a column change", () => {
  const onDates = () => bindColumn(createDataSource({ ColumnFirstLine: true }), GOODS, 0, 0, { fresh: true });

  it("a new binding to a date column detects Date", () => {
    expect(onDates().DataType).toBe(4);
  });

  it("moving from the date column to the price column resets to plain: 6.5 stays 6.5", () => {
    const price = bindColumn(onDates(), GOODS, 0, 1);
    expect(price.DataType).toBe(0);
    expect(formatCell("6.5", price)).toBe("6.5");
    // what the bug showed: the Date type kept on the price column
    expect(formatCell("6.5", { ...price, DataType: 4 })).toBe("1900/01/05");
  });

  it("even a Date the user chose gives way when the new column holds no dates", () => {
    const chosen = { ...bindColumn(createDataSource(), GOODS, 0, 2), DataType: 4 as const };
    expect(bindColumn(chosen, GOODS, 0, 1, { typeChosen: true }).DataType).toBe(0);
  });

  it("a type the user chose survives a column change when it suits the new values", () => {
    const currency = { ...bindColumn(createDataSource(), GOODS, 0, 2), DataType: 2 as const };
    expect(bindColumn(currency, GOODS, 0, 1, { typeChosen: true }).DataType).toBe(2);
    // not chosen by the user (e.g. from an old file): detected again
    expect(bindColumn(currency, GOODS, 0, 1).DataType).toBe(0);
    // a time column
    expect(bindColumn(currency, GOODS, 0, 3).DataType).toBe(5);
  });

  it("re-binding the same column (first line toggled) keeps the type", () => {
    const s = { ...bindColumn(createDataSource(), GOODS, 0, 1), DataType: 1 as const };
    expect(bindColumn({ ...s, ColumnFirstLine: false }, GOODS, 0, 1).DataType).toBe(1);
  });

  it("a missing column detects nothing and never throws", () => {
    expect(bindColumn(createDataSource({ DataType: 4 }), GOODS, 3, 9).DataType).toBe(0);
  });
});

describe("switching an entry to a spreadsheet", () => {
  it("detects the first column's type and takes the language's currency and date format", () => {
    const d = doc(text("a", [fixed("x")]));
    const linked = { ExcelName: "goods.xlsx", ConnectionStr: URL_G, ConnectionData: URL_G, DataBase: [] };
    const r = switchSourceType(d, { elementId: "a" }, 1, {
      linked,
      sheets: new Map([[URL_G, GOODS]]),
      defaults: { CurrencySymbol: "$", DateFormat: "MM/dd/yyyy" },
    });
    const s = (getBound(r.doc, { elementId: "a" }) as TextElement).DataSourceList[0];
    expect(s).toMatchObject({
      DataSourceType: 1,
      DataType: 4,
      CurrencySymbol: "$",
      DateFormat: "MM/dd/yyyy",
    });
  });
});

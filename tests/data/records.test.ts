import { describe, expect, it } from "vitest";
import { createResolver, recordCount, resolveValues } from "../../src/data/records";
import { timeTextValue } from "../../src/data/timeText";
import { createDataSource } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { type TableElement, type TimeTextElement, tableCellKey } from "../../src/model/types";
import { col, doc, fixed, PEOPLE, ref, SHEETS, seq, table, text, URL_A, withType } from "./helpers";

const NONE = new Map();

describe("resolveValues", () => {
  it("concatenates an element's sources in list order", () => {
    const d = doc(text("t1", [fixed("No. "), seq("0099", 1, 10), fixed(" / "), col(0, 0)]));
    expect(resolveValues(d, 0, SHEETS).get("t1")).toBe("No. 0099 / Ada");
    expect(resolveValues(d, 2, SHEETS).get("t1")).toBe("No. 0101 / Linus");
  });

  it("reads spreadsheet rows after the header line, or from the first line", () => {
    const withHeader = doc(text("a", [col(0, 0)]));
    const noHeader = doc(text("a", [col(0, 0, { ColumnFirstLine: false })]));
    expect(resolveValues(withHeader, 0, SHEETS).get("a")).toBe("Ada");
    expect(resolveValues(noHeader, 0, SHEETS).get("a")).toBe("Name");
    expect(resolveValues(withHeader, 99, SHEETS).get("a")).toBe("");
  });

  it("formats spreadsheet columns by DataType", () => {
    const d = doc(
      text("price", [col(0, 1, { DataType: 2, DataPrecision: 2, CurrencySymbol: "$" })]),
      text("born", [col(0, 2, { DataType: 4, DateFormat: "d MMMM yyyy" })]),
      text("share", [col(0, 3, { DataType: 3, DataPrecision: 0 })]),
      text("clock", [col(0, 4, { DataType: 5, TimeFormat: "HH:mm" })]),
    );
    expect(Object.fromEntries(resolveValues(d, 0, SHEETS))).toEqual({
      price: "$1,234.50",
      born: "10 December 1815",
      share: "13%",
      clock: "13:05",
    });
    expect(Object.fromEntries(resolveValues(d, 1, SHEETS))).toMatchObject({
      price: "-$0.01",
      clock: "07:08",
    });
    // values failing the number and date checks are shown as they are
    expect(Object.fromEntries(resolveValues(d, 2, SHEETS))).toMatchObject({
      price: "n/a",
      born: "not a date",
      share: "x",
    });
    expect(resolveValues(d, 2, SHEETS, undefined, { region: 0 }).get("clock")).toBe("06:00");
  });

  it("treats non-text cells from a JSON answer as text", () => {
    const json = JSON.parse('{"sheets":[{"sheetName":"S","data":[["h"],[12.5],[null],[true]]}]}');
    const d = doc(text("a", [col(0, 0, { DataType: 2, DataPrecision: 2 })]));
    const sheets = new Map([[URL_A, json]]);
    expect([0, 1, 2].map((i) => resolveValues(d, i, sheets).get("a"))).toEqual(["¥12.50", "", "true"]);
  });

  it("uses the stored FirstValue while the workbook is not loaded", () => {
    const d = doc(text("a", [col(0, 0, { FirstValue: "cached" })]));
    expect(resolveValues(d, 0, NONE).get("a")).toBe("cached");
  });

  it("gives an empty value for a column the workbook lacks", () => {
    const d = doc(text("a", [col(0, 9)]), text("b", [col(5, 0)]));
    const v = resolveValues(d, 0, SHEETS);
    expect([v.get("a"), v.get("b")]).toEqual(["", ""]);
  });

  it("resolves references to the referenced element's value for the same record, in any order", () => {
    const d = doc(text("r", [fixed("<"), ref("s"), fixed(">")]), withType("Barcode", "s", [seq("5", 5, 3)]));
    expect(resolveValues(d, 0, NONE).get("r")).toBe("<5>");
    expect(resolveValues(d, 2, NONE).get("r")).toBe("<15>");
    expect(resolveValues(d, 2, NONE).get("s")).toBe("15");
  });

  it("follows a chain and stops a cycle with an empty part", () => {
    const chain = doc(text("a", [ref("b")]), text("b", [ref("c")]), text("c", [fixed("C")]));
    expect(resolveValues(chain, 0, NONE).get("a")).toBe("C");
    const cycle = doc(
      text("a", [fixed("a"), ref("b")]),
      text("b", [fixed("b"), ref("a")]),
      text("self", [fixed("s"), ref("self")]),
    );
    const v = resolveValues(cycle, 0, NONE);
    expect(v.get("a")).toBe("ab");
    expect(v.get("b")).toBe("b");
    expect(v.get("self")).toBe("s");
  });

  it("gives an empty part for a reference to a missing element", () => {
    expect(resolveValues(doc(text("a", [fixed("x"), ref("gone")])), 0, NONE).get("a")).toBe("x");
  });

  it("uses Data when a list is empty", () => {
    const el = { ...text("a", []), Data: "legacy" };
    expect(resolveValues(doc(el), 0, NONE).get("a")).toBe("legacy");
  });

  it("resolves table cells under tableId:row,col", () => {
    const t0 = table("tb");
    const cells = t0.cells.map((c) =>
      c.LocaltionStart[0] === 1 && c.LocaltionStart[1] === 0
        ? { ...c, DataSourceList: [createDataSource(col(0, 0)), createDataSource(fixed("!"))] }
        : c.LocaltionStart[0] === 0 && c.LocaltionStart[1] === 1
          ? { ...c, DataSourceList: [createDataSource(ref("t"))] }
          : c,
    );
    const tb: TableElement = { ...t0, cells };
    const v = resolveValues(doc(tb, text("t", [fixed("T")])), 1, SHEETS);
    expect(v.get(tableCellKey("tb", 1, 0))).toBe("Grace!");
    expect(v.get("tb:0,1")).toBe("T");
    expect(v.get("tb:0,0")).toBe("");
    expect(v.has("tb")).toBe(false);
  });

  it("gives TimeText its clock text", () => {
    const tt: TimeTextElement = { ...createElement("TimeText", [], { x: 0, y: 0 }), Id: "tt" };
    const now = new Date(2024, 1, 29, 23, 59, 30);
    expect(resolveValues(doc(tt), 0, NONE, now).get("tt")).toBe("2024/02/29 23:59:30");
  });

  it("createResolver evaluates many records with the same answers", () => {
    const d = doc(text("a", [seq("1"), fixed("-"), col(0, 0)]));
    const r = createResolver(d, SHEETS);
    expect([0, 1, 2].map((i) => r(i).get("a"))).toEqual(["1-Ada", "2-Grace", "3-Linus"]);
  });
});

describe("recordCount", () => {
  it("is 1 with no spreadsheet or sequence source", () => {
    expect(recordCount(doc(text("a", [fixed("x")]), text("b", [ref("a")])), SHEETS)).toBe(1);
  });
  it("is the smallest count among columns (minus header) and sequence quantities", () => {
    expect(recordCount(doc(text("a", [col(0, 0)])), SHEETS)).toBe(3);
    expect(recordCount(doc(text("a", [col(0, 0, { ColumnFirstLine: false })])), SHEETS)).toBe(4);
    expect(recordCount(doc(text("a", [col(0, 0)]), text("b", [seq("1", 1, 2)])), SHEETS)).toBe(2);
    expect(recordCount(doc(text("a", [col(0, 0), seq("1", 1, 50)])), SHEETS)).toBe(3);
    expect(recordCount(doc(text("a", [col(0, 0)]), text("b", [col(1, 0)])), SHEETS)).toBe(1);
    expect(recordCount(doc(text("b", [seq("1", 1, 0)])), SHEETS)).toBe(1);
  });
  it("counts table cell sources", () => {
    const t0 = table("tb");
    const tb = {
      ...t0,
      cells: t0.cells.map((c, i) =>
        i === 0 ? { ...c, DataSourceList: [createDataSource(seq("1", 1, 4))] } : c,
      ),
    };
    expect(recordCount(doc(tb), SHEETS)).toBe(4);
  });
  it("ignores a spreadsheet that is not loaded and counts a missing column as 0", () => {
    expect(recordCount(doc(text("a", [col(0, 0)]), text("b", [seq("1", 1, 9)])), NONE)).toBe(9);
    expect(recordCount(doc(text("a", [col(0, 9)])), SHEETS)).toBe(0);
  });
  it("counts a header-only sheet as 0 records", () => {
    const only = new Map([[URL_A, { sheets: [{ sheetName: "S", data: [["h"]] }] }]]);
    expect(recordCount(doc(text("a", [col(0, 0)])), only)).toBe(0);
    expect(PEOPLE.sheets[0].data.length).toBe(4);
  });
});

describe("TimeText value", () => {
  const base: Parameters<typeof timeTextValue>[0] = {
    TimeType: 0,
    DateFormatChecked: ["date", "time"],
    SelectDate: "",
    SelectTime: "",
    Region: 0,
    DateFormat: "yyyy/MM/dd",
    TimeFormat: "HH:mm:ss",
    DayOffset: 0,
    MinuteOffset: 0,
  };
  const now = new Date(2024, 11, 31, 23, 30, 0);
  it("follows the clock with day and minute offsets", () => {
    expect(timeTextValue(base, now)).toBe("2024/12/31 23:30:00");
    expect(timeTextValue({ ...base, DayOffset: 1 }, now)).toBe("2025/01/01 23:30:00");
    expect(timeTextValue({ ...base, MinuteOffset: 45 }, now)).toBe("2025/01/01 00:15:00");
    expect(timeTextValue({ ...base, DayOffset: -31, MinuteOffset: -30 }, now)).toBe("2024/11/30 23:00:00");
  });
  it("uses SelectDate and SelectTime when TimeType is 1", () => {
    const fixedTime = {
      ...base,
      TimeType: 1 as const,
      SelectDate: "2020-02-28",
      SelectTime: "08:00:00",
      DayOffset: 1,
    };
    expect(timeTextValue(fixedTime, now)).toBe("2020/02/29 08:00:00");
  });
  it("shows only the checked parts, with region names", () => {
    expect(timeTextValue({ ...base, DateFormatChecked: ["date"], DateFormat: "dddd" }, now)).toBe("星期二");
    expect(
      timeTextValue({ ...base, DateFormatChecked: ["time"], TimeFormat: "h:mm a", Region: 2 }, now),
    ).toBe("11:30 pm");
    expect(timeTextValue({ ...base, DateFormatChecked: [] }, now)).toBe("");
  });
});

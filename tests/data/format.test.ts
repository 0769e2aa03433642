import { describe, expect, it } from "vitest";
import { formatCell } from "../../src/data/cellFormat";
import { excelSerialToDate, formatDate, parseDateText, parseTimeText } from "../../src/data/dateFormat";
import {
  formatCurrency,
  formatNumber,
  formatPercent,
  isNumberText,
  numberTextOf,
} from "../../src/data/numberFormat";
import { DATE_FORMATS, TIME_FORMATS } from "../../src/data/timeFormats";
import { createDataSource } from "../../src/model/defaults";

describe("number check (§5)", () => {
  it("accepts sign, digits, decimals and exponent only", () => {
    for (const ok of ["1", "-1", "+1.50", "007", "1e3", "2.5E-4", " 12 ", 3.5])
      expect(isNumberText(ok)).toBe(true);
    for (const bad of [
      "",
      "1.",
      ".5",
      "1,000",
      "12%",
      "abc",
      "1e",
      "--1",
      "0x10",
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ])
      expect(isNumberText(bad)).toBe(false);
  });
});

describe("number formatting (DataType 1)", () => {
  it("keeps the digits with auto precision (-1)", () => {
    expect(formatNumber("1.50", -1, false)).toBe("1.50");
    expect(formatNumber("1e3", -1, false)).toBe("1000");
    expect(formatNumber("12345678901234567890.25", -1, false)).toBe("12345678901234567890.25");
  });
  it("rounds half away from zero on the decimal text", () => {
    expect(formatNumber("1.005", 2, false)).toBe("1.01");
    expect(formatNumber("-1.005", 2, false)).toBe("-1.01");
    expect(formatNumber("2.5", 0, false)).toBe("3");
    expect(formatNumber("9.999", 2, false)).toBe("10.00");
    expect(formatNumber("1.2", 4, false)).toBe("1.2000");
    expect(formatNumber("-0.004", 2, false)).toBe("0.00");
    expect(formatNumber("1.23456789012345", 10, false)).toBe("1.2345678901");
  });
  it("removes trailing zeros and a bare point", () => {
    expect(formatNumber("1.50", -1, true)).toBe("1.5");
    expect(formatNumber("2.000", -1, true)).toBe("2");
    expect(formatNumber("1.2", 4, true)).toBe("1.2");
    expect(formatNumber("100", 2, true)).toBe("100");
  });
  it("leaves text that is not a number unchanged", () => {
    expect(formatNumber("n/a", 2, true)).toBe("n/a");
    for (const bad of ["1,23", "1,2345", "12%%", "$$1", "1.2.3", "¥", "%"])
      expect(formatNumber(bad, 2, false)).toBe(bad);
  });
  it("reads numbers as Excel shows them: separators, currency sign, percent", () => {
    expect(numberTextOf("1,234")).toBe("1234");
    expect(numberTextOf("-¥1,234,567.50")).toBe("-1234567.50");
    expect(numberTextOf("12.5%")).toBe("0.125");
    expect(numberTextOf("-0.5 %")).toBe("-0.005");
    expect(numberTextOf(" 42 ")).toBe("42");
    expect(numberTextOf("abc")).toBeNull();
    expect(formatNumber("1,234", 2, false)).toBe("1234.00");
    expect(formatCurrency("¥1,234.5", 2, "$")).toBe("$1,234.50");
    expect(formatPercent("12.50%", -1, true)).toBe("12.5%");
    expect(formatNumber("12.5%", -1, false)).toBe("0.125");
  });
});

describe("currency (DataType 2) and percent (DataType 3)", () => {
  it("puts the symbol first, groups thousands and applies precision", () => {
    expect(formatCurrency("1234.5", 2, "¥")).toBe("¥1,234.50");
    expect(formatCurrency("1234567", -1, "$")).toBe("$1,234,567");
    expect(formatCurrency("-1234.5", 0, "£")).toBe("-£1,235");
    expect(formatCurrency("abc", 2, "$")).toBe("abc");
  });
  it("multiplies by 100 for percent", () => {
    expect(formatPercent("0.125", -1, false)).toBe("12.5%");
    expect(formatPercent("0.125", 2, false)).toBe("12.50%");
    expect(formatPercent("1", 2, true)).toBe("100%");
    expect(formatPercent("-0.00015", 3, false)).toBe("-0.015%");
    expect(formatPercent("1e-3", -1, false)).toBe("0.1%");
  });
});

describe("date formatter", () => {
  const d = new Date(2024, 0, 5, 13, 7, 9); // Friday
  it("formats numeric tokens", () => {
    expect(formatDate(d, "yyyy/MM/dd")).toBe("2024/01/05");
    expect(formatDate(d, "yy-M-d")).toBe("24-1-5");
    expect(formatDate(d, "HH:mm:ss")).toBe("13:07:09");
    expect(formatDate(d, "H:m:s")).toBe("13:7:9");
    expect(formatDate(d, "hh:mm a")).toBe("01:07 下午");
    expect(formatDate(d, "h:mm:ss a", 1)).toBe("1:07:09 PM");
    expect(formatDate(new Date(2024, 0, 5, 0, 30), "h:mm tt", 2)).toBe("12:30 am");
    expect(formatDate(d, "yyyy年MM月dd日")).toBe("2024年01月05日");
    expect(formatDate(d, "HH时mm分ss秒")).toBe("13时07分09秒");
  });
  it("writes month and weekday names by region", () => {
    expect(formatDate(d, "dddd, MMMM d, yyyy", 1)).toBe("Friday, January 5, 2024");
    expect(formatDate(d, "ddd d MMM", 2)).toBe("Fri 5 Jan");
    expect(formatDate(new Date(2024, 8, 1), "MMM", 2)).toBe("Sept");
    expect(formatDate(new Date(2024, 8, 1), "MMM", 1)).toBe("Sep");
    expect(formatDate(d, "yyyy年M月d日 dddd", 0)).toBe("2024年1月5日 星期五");
    expect(formatDate(d, "ddd MMMM", 0)).toBe("周五 一月");
  });
  it("keeps quoted text literal", () => {
    expect(formatDate(d, "'Day' d 'at' HH''mm")).toBe("Day 5 at 13'07");
  });
  it("gives empty text for an invalid date", () => {
    expect(formatDate(new Date(Number.NaN), "yyyy")).toBe("");
  });
  it("has about 90 date patterns and 11 time patterns, each producing text with no token left", () => {
    expect(DATE_FORMATS.length).toBeGreaterThanOrEqual(85);
    expect(DATE_FORMATS.length).toBeLessThanOrEqual(100);
    expect(new Set(DATE_FORMATS).size).toBe(DATE_FORMATS.length);
    expect(TIME_FORMATS).toHaveLength(11);
    for (const p of [...DATE_FORMATS, ...TIME_FORMATS]) {
      for (const region of [0, 1, 2] as const) {
        const out = formatDate(d, p, region);
        expect(out, p).not.toMatch(/yy|MM|dd|HH|hh|mm|ss/);
        expect(out.length, p).toBeGreaterThan(0);
      }
    }
  });
});

describe("date check (§5)", () => {
  it("parses after replacing dashes and T", () => {
    expect(parseDateText("2024-02-29")?.getDate()).toBe(29);
    expect(parseDateText("2024-02-29T07:08:09")?.getSeconds()).toBe(9);
    expect(parseDateText("2024/1/5 1:02 PM")?.getHours()).toBe(13);
    expect(parseDateText("Jan 15 2024")?.getMonth()).toBe(0);
  });
  it("refuses impossible dates and text", () => {
    expect(parseDateText("2023-02-29")).toBeNull();
    expect(parseDateText("2024-13-01")).toBeNull();
    expect(parseDateText("not a date")).toBeNull();
    expect(parseDateText("")).toBeNull();
  });
  it("parses a bare time of day", () => {
    const t = parseTimeText("1:45:07 pm", new Date(2024, 0, 1));
    expect([t?.getHours(), t?.getMinutes(), t?.getSeconds()]).toEqual([13, 45, 7]);
    expect(parseTimeText("25:00")).toBeNull();
  });
  it("reads Excel serials with the 1900 system", () => {
    const d = excelSerialToDate(45351.25);
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours()]).toEqual([2024, 2, 29, 6]);
  });
});

describe("formatCell by DataType", () => {
  const style = (over: Parameters<typeof createDataSource>[0]) => createDataSource(over);
  it("0 plain keeps the text", () => {
    expect(formatCell("0.125", style({ DataType: 0 }))).toBe("0.125");
  });
  it("1 number, 2 currency, 3 percent", () => {
    expect(formatCell("1234.5", style({ DataType: 1, DataPrecision: 2 }))).toBe("1234.50");
    expect(formatCell("1234.5", style({ DataType: 2, DataPrecision: 2 }))).toBe("¥1,234.50");
    expect(formatCell("1234.5", style({ DataType: 2, DataPrecision: 2, CurrencySymbol: "$" }))).toBe(
      "$1,234.50",
    );
    expect(formatCell("0.125", style({ DataType: 3, DataPrecision: 1 }))).toBe("12.5%");
    expect(formatCell("0.1", style({ DataType: 3, DataPrecision: 99 }))).toBe("10.0000000000%");
  });
  it("4 date and 5 time with their formats", () => {
    expect(formatCell("2024-02-29", style({ DataType: 4 }))).toBe("2024/02/29");
    expect(formatCell("2024-02-29 07:08:00", style({ DataType: 4, DateFormat: "dd.MM.yy" }))).toBe(
      "29.02.24",
    );
    expect(formatCell("45351.25", style({ DataType: 4, DateFormat: "MMM d, yyyy" }))).toBe("Feb 29, 2024");
    expect(formatCell("13:05:09", style({ DataType: 5, TimeFormat: "h:mm a" }))).toBe("1:05 PM");
    expect(formatCell("2024-02-29 07:08:00", style({ DataType: 5 }))).toBe("07:08:00");
    expect(formatCell("0.75", style({ DataType: 5, TimeFormat: "HH:mm" }))).toBe("18:00");
  });
  it("shows a value that fails the check unchanged", () => {
    expect(formatCell("not a date", style({ DataType: 4 }))).toBe("not a date");
    expect(formatCell("n/a", style({ DataType: 2 }))).toBe("n/a");
  });
});

// Live sources at print time: fetched again before the job; a failed fetch or a changed record count
// sends nothing. And which addresses count as live (not this server's stored files).
import { describe, expect, it } from "vitest";
import { isLiveSheetUrl, liveSheetName } from "../../../src/data/workbooks";
import { LiveDataError, sheetsForPrint } from "../../../src/editor/print/liveData";
import { printFailureText } from "../../../src/editor/print/printFailure";
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { LabelDocument, TextElement } from "../../../src/model/types";
import type { Workbook } from "../../../src/spreadsheet/types";

const LIVE = "https://data.example.com/lots.csv";
const book = (...rows: string[][]): Workbook => ({ sheets: [{ sheetName: "S1", data: [["lot"], ...rows] }] });

function docReading(url: string): LabelDocument {
  const el = createElement("Text", [], { x: 1, y: 1 }) as TextElement;
  const source = createDataSource({
    DataSourceType: 1,
    ConnectionStr: url,
    SheetIndex: [0, 0],
    ColumnName: "lot",
    ColumnFirstLine: true,
  });
  return { ...emptyDocument(), elements: [{ ...el, DataSourceList: [source], dataSourceIndex: 0 }] };
}

describe("live addresses", () => {
  it("are http(s) addresses that are not this server's files", () => {
    expect(isLiveSheetUrl(LIVE)).toBe(true);
    expect(isLiveSheetUrl("http://10.0.0.5:8080/export?format=csv")).toBe(true);
    expect(isLiveSheetUrl("/files/u1/excel/a.csv")).toBe(false);
    expect(isLiveSheetUrl("https://labels.example.com/files/u1/excel/a.csv")).toBe(false);
    expect(isLiveSheetUrl("ftp://example.com/a.csv")).toBe(false);
    expect(isLiveSheetUrl("https://")).toBe(false);
    expect(liveSheetName(LIVE)).toBe("lots.csv");
    expect(liveSheetName("https://data.example.com/")).toBe("data.example.com");
  });
});

describe("sheetsForPrint", () => {
  const shown = new Map([[LIVE, book(["A1"], ["A2"])]]);

  it("prints with the workbooks fetched now", async () => {
    const now = new Map([[LIVE, book(["B1"], ["B2"])]]);
    let asked = 0;
    const store = {
      refreshLive: async () => {
        asked++;
        return now;
      },
    };
    expect(await sheetsForPrint(store, docReading(LIVE), shown)).toBe(now);
    expect(asked).toBe(1);
  });

  it("does not fetch for a label without live sources", async () => {
    const store = {
      refreshLive: async () => {
        throw new Error("must not be called");
      },
    };
    const stored = new Map([["/files/u1/a.csv", book(["A1"])]]);
    expect(await sheetsForPrint(store, docReading("/files/u1/a.csv"), stored)).toBe(stored);
  });

  it("sends nothing when the address cannot be read or its record count changed", async () => {
    const t = (k: string) => `T:${k}`;
    const failed = await sheetsForPrint({ refreshLive: async () => null }, docReading(LIVE), shown).catch(
      (e) => e,
    );
    expect(failed).toBeInstanceOf(LiveDataError);
    expect(printFailureText(failed, t)).toBe("T:print.liveFailed");
    const grown = new Map([[LIVE, book(["A1"], ["A2"], ["A3"])]]);
    const changed = await sheetsForPrint({ refreshLive: async () => grown }, docReading(LIVE), shown).catch(
      (e) => e,
    );
    expect(printFailureText(changed, t)).toBe("T:print.liveChanged");
  });
});

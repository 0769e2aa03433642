// Small document builders for the data tests.
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type {
  DataSource,
  LabelDocument,
  LabelElement,
  TableElement,
  TextElement,
} from "../../src/model/types";
import type { Workbook } from "../../src/spreadsheet/types";

export const URL_A = "https://files.example.com/u1/people.xlsx";

export function text(
  id: string,
  sources: Partial<DataSource>[],
  extra: Partial<TextElement> = {},
): TextElement {
  const el = createElement("Text", [], { x: 0, y: 0 });
  return {
    ...el,
    Id: id,
    DataSourceList: sources.map((s) => createDataSource(s)),
    dataSourceIndex: 0,
    ...extra,
  };
}

export function withType<T extends "Barcode" | "QRcode">(
  type: T,
  id: string,
  sources: Partial<DataSource>[],
): LabelElement {
  const el = createElement(type, [], { x: 0, y: 0 });
  return {
    ...el,
    Id: id,
    DataSourceList: sources.map((s) => createDataSource(s)),
    dataSourceIndex: 0,
  } as LabelElement;
}

export function table(id: string): TableElement {
  return { ...createElement("Table", [], { x: 0, y: 0 }), Id: id };
}

export function doc(...elements: LabelElement[]): LabelDocument {
  return { ...emptyDocument(), elements };
}

export const fixed = (v: string): Partial<DataSource> => ({
  DataSourceType: 0,
  FirstValue: v,
  NormalText: v,
});
export const seq = (
  initial: string,
  step = 1,
  quantity = 1,
  type: 0 | 1 | 2 | 3 = 0,
): Partial<DataSource> => ({
  DataSourceType: 2,
  InitialValue: initial,
  AddedValue: step,
  Quantity: quantity,
  SequenceType: type,
});
export const ref = (id: string): Partial<DataSource> => ({ DataSourceType: 3, ReferenceId: id });
export const col = (sheet: number, column: number, over: Partial<DataSource> = {}): Partial<DataSource> => ({
  DataSourceType: 1,
  ConnectionStr: URL_A,
  ExcelName: "people.xlsx",
  SheetIndex: [sheet, column],
  ColumnIndex: column,
  ColumnName: "col",
  ...over,
});

export const PEOPLE: Workbook = {
  sheets: [
    {
      sheetName: "People",
      data: [
        ["Name", "Price", "Born", "Share", "Clock"],
        ["Ada", "1234.5", "1815-12-10", "0.125", "13:05:09"],
        ["Grace", "-0.005", "1906-12-09", "1", "2024-02-29 07:08:00"],
        ["Linus", "n/a", "not a date", "x", "45351.25"],
      ],
    },
    { sheetName: "Short", data: [["Code"], ["A1"]] },
  ],
};

export const SHEETS = new Map([[URL_A, PEOPLE]]);

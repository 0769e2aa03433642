// The multilingual fixture (issue 35): one name per language in tests/fixtures/multilingual/names.csv,
// printed by a label whose text follows the CSV's "Name" column.
import { readFileSync } from "node:fs";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { parseSpreadsheet } from "../../src/spreadsheet/index";
import type { Workbook } from "../../src/spreadsheet/types";

export const NAMES_CSV = new URL("../fixtures/multilingual/names.csv", import.meta.url);
const URL_KEY = "names.csv";

/** [language, name] rows of the fixture, in order. */
export function names(): [string, string][] {
  const lines = readFileSync(NAMES_CSV, "utf8").trim().split("\n").slice(1);
  return lines.map((l) => {
    const i = l.indexOf(",");
    return [l.slice(0, i), l.slice(i + 1)];
  });
}

export async function namesSheets(): Promise<Map<string, Workbook>> {
  const r = await parseSpreadsheet(readFileSync(NAMES_CSV), URL_KEY);
  if (!r.ok) throw new Error(`fixture CSV: ${r.error.key}`);
  return new Map([[URL_KEY, r.workbook]]);
}

/** An 80 × 16 mm label: one 16 pt text in `family` bound to the Name column. */
export function namesLabel(family = "Noto Sans SC"): LabelDocument {
  const column = createDataSource({
    DataSourceType: 1,
    ConnectionStr: URL_KEY,
    SheetIndex: [0, 1],
    ColumnIndex: 1,
    ColumnName: "Name",
    ColumnFirstLine: true,
  });
  const text = {
    ...createElement("Text", [], { x: 0, y: 0 }),
    StartX: 2,
    StartY: 2,
    Width: 76,
    Height: 12,
    FontSize: 16,
    FontFamily: family,
    Data: "",
    DataSourceList: [column],
  } as LabelElement;
  return { ...emptyDocument({ width: 80, height: 16 }), elements: [text] };
}

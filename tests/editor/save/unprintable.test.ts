// Never a silent box before an export (issue 35): the export flow names the characters of the label
// and of every record it may export that no shipped font draws; the multilingual fixture (14
// languages, drawn by the fallback chain) has none, an Amharic record has three.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recordCount } from "../../../src/data";
import { exportUnprintable } from "../../../src/editor/save/unprintable";
import { parseSpreadsheet } from "../../../src/spreadsheet/index";
import { NAMES_CSV, namesLabel, namesSheets } from "../../render/multilingual";

describe("characters an export cannot draw", () => {
  it("none in the multilingual names; an Amharic record's letters are named", async () => {
    const label = namesLabel();
    const sheets = await namesSheets();
    expect(await exportUnprintable(label, sheets, recordCount(label, sheets))).toBe("");

    const csv = `${readFileSync(NAMES_CSV, "utf8").trimEnd()}\nAmharic,ሰላም\n`;
    const r = await parseSpreadsheet(new TextEncoder().encode(csv), "names.csv");
    if (!r.ok) throw new Error(r.error.key);
    const more = new Map([["names.csv", r.workbook]]);
    const total = recordCount(label, more);
    expect(total).toBe(recordCount(label, sheets) + 1);
    expect(await exportUnprintable(label, more, total)).toBe("ሰላም");
  }, 120_000);
});

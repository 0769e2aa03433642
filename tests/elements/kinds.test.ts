// Helpers of the element panels: line direction, TimeText parts, image upload rules, table structure.
import { describe, expect, it } from "vitest";
import { lineDirectionPatch } from "../../src/elements/line/direction";
import { fixedNow, toggledParts } from "../../src/elements/timeText/parts";
import { checkImageFile, imageSizeLimitKb, proportionalHeight } from "../../src/image/upload";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { liveSelection, toggleCell } from "../../src/model/kinds/tableCells";
import { mergeTableCells } from "../../src/model/ops/table";
import { setTableCellSize, setTableCount } from "../../src/model/ops/tableStructure";
import { isRefusal, type OpResult } from "../../src/model/ops/types";
import type { LabelDocument, LineElement, TableElement } from "../../src/model/types";

const ok = (r: OpResult) => {
  if (isRefusal(r)) throw new Error(r.refused);
  return r.doc;
};
const store = (v: string | null) => ({ getItem: () => v });

describe("line direction", () => {
  const line = { ...createElement("Line", [], { x: 10, y: 20 }), EndX: 40, EndY: 20 } as LineElement;
  it("a flat line turned diagonal spans a square of its length", () => {
    expect(lineDirectionPatch(line, "LeftLine")).toMatchObject({
      StartX: 10,
      StartY: 20,
      EndX: 40,
      EndY: 50,
    });
    expect(lineDirectionPatch(line, "RightLine")).toMatchObject({
      StartX: 10,
      StartY: 50,
      EndX: 40,
      EndY: 20,
    });
  });
  it("horizontal and vertical keep the length", () => {
    const diag = { ...line, EndX: 40, EndY: 50 };
    expect(lineDirectionPatch(diag, "LineHorizontal")).toMatchObject({ StartY: 35, EndY: 35, EndX: 40 });
    expect(lineDirectionPatch(diag, "LineVertical")).toMatchObject({
      StartX: 25,
      EndX: 25,
      StartY: 20,
      EndY: 50,
    });
  });
});

describe("TimeText parts", () => {
  it("keeps date before time and never turns off the last part", () => {
    expect(toggledParts(["time"], "date", true)).toEqual(["date", "time"]);
    expect(toggledParts(["date", "time"], "date", false)).toEqual(["time"]);
    expect(toggledParts(["time"], "time", false)).toEqual(["time"]);
  });
  it("a switch to fixed time starts from now, keeping a date or time already chosen", () => {
    const now = new Date(2024, 1, 9, 7, 5, 3);
    expect(fixedNow({ SelectDate: "", SelectTime: "" }, now)).toEqual({
      SelectDate: "2024-02-09",
      SelectTime: "07:05:03",
    });
    expect(fixedNow({ SelectDate: "2020-01-01", SelectTime: "" }, now)).toEqual({ SelectTime: "07:05:03" });
  });
});

describe("image upload rules", () => {
  it("accepts jpeg, jpg and png only (tip39)", () => {
    expect(checkImageFile({ name: "a.png", type: "image/png", size: 10 }, 2048).ok).toBe(true);
    expect(checkImageFile({ name: "a.JPG", type: "image/jpeg", size: 10 }, 2048).ok).toBe(true);
    expect(checkImageFile({ name: "a.jpeg", type: "image/jpeg", size: 10 }, 2048).ok).toBe(true);
    expect(checkImageFile({ name: "a.gif", type: "image/gif", size: 10 }, 2048)).toEqual({
      ok: false,
      key: "tip39",
    });
    expect(checkImageFile({ name: "a.png.svg", type: "image/svg+xml", size: 10 }, 2048)).toEqual({
      ok: false,
      key: "tip39",
    });
    expect(checkImageFile({ name: "evil.png", type: "text/html", size: 10 }, 2048).ok).toBe(false);
  });
  it("refuses files above the configured KB (tip30 with the limit)", () => {
    expect(checkImageFile({ name: "a.png", type: "image/png", size: 2049 * 1024 }, 2048)).toEqual({
      ok: false,
      key: "tip30",
      limitKb: 2048,
    });
    expect(checkImageFile({ name: "a.png", type: "image/png", size: 2048 * 1024 }, 2048).ok).toBe(true);
  });
  it("reads configuration.image_size, 2048 when missing or malformed", () => {
    expect(imageSizeLimitKb(store('{"image_size":500,"member_space":1}'))).toBe(500);
    expect(imageSizeLimitKb(store(null))).toBe(2048);
    expect(imageSizeLimitKb(store("{not json"))).toBe(2048);
    expect(imageSizeLimitKb(store('{"image_size":"-4"}'))).toBe(2048);
    expect(imageSizeLimitKb(null)).toBe(2048);
  });
  it("keeps the image's proportion at the element's width", () => {
    expect(proportionalHeight(30, 200, 100)).toBe(15);
    expect(proportionalHeight(30, 0, 100)).toBe(30);
  });
});

describe("table structure", () => {
  const tableDoc = (): [LabelDocument, TableElement] => {
    const t = createElement("Table", [], { x: 5, y: 5 }) as TableElement;
    return [{ ...emptyDocument(), elements: [t] }, t];
  };
  const tableIn = (d: LabelDocument) => d.elements[0] as TableElement;

  it("builds a 3 × 3 table from the new 2 × 2 one in one step, and shrinks back", () => {
    const [doc, t] = tableDoc();
    expect([t.Row, t.Column]).toEqual([2, 2]);
    let d = ok(setTableCount(doc, t.Id, 0, 3));
    d = ok(setTableCount(d, t.Id, 1, 3));
    expect([tableIn(d).Row, tableIn(d).Column, tableIn(d).cells.length]).toEqual([3, 3, 9]);
    expect(tableIn(d).CellWidth).toHaveLength(3);
    d = ok(setTableCount(d, t.Id, 0, 0)); // clamped to 1
    expect(tableIn(d).Row).toBe(1);
    expect(tableIn(d).cells).toHaveLength(3);
  });

  it("a cell size is at least 1 mm and the table's box follows", () => {
    const [doc, t] = tableDoc();
    const d = ok(setTableCellSize(doc, t.Id, 1, 0, 0.2));
    expect(tableIn(d).CellWidth[0]).toBe(1);
    expect(tableIn(d).Width).toBeCloseTo(1 + t.CellWidth[1], 6);
    const d2 = ok(setTableCellSize(doc, t.Id, 0, 1, 7.25));
    expect(tableIn(d2).CellHeight[1]).toBe(7.3);
    expect(tableIn(d2).Height).toBeCloseTo(t.CellHeight[0] + 7.3, 6);
  });

  it("the cell selection toggles and drops cells merged away", () => {
    const [doc, t] = tableDoc();
    let sel = toggleCell([], [0, 0]);
    sel = toggleCell(sel, [0, 1]);
    expect(sel).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(toggleCell(sel, [0, 0])).toEqual([[0, 1]]);
    const merged = ok(mergeTableCells(doc, t.Id, sel));
    expect(liveSelection(tableIn(merged), sel)).toEqual([[0, 0]]);
  });
});

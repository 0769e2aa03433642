import { describe, expect, it } from "vitest";
import { copyName, uploadedName } from "../../src/app/api/cloudItems";
import { windowOf } from "../../src/app/pages/cloudTemplate/VirtualList";

describe("cloud template names", () => {
  it("names a duplicate with the first free number, counting from the original's name", () => {
    expect(copyName("Tag", [])).toBe("Tag (2)");
    expect(copyName("Tag", ["Tag", "Tag (2)", "Tag (3)"])).toBe("Tag (4)");
    expect(copyName("Tag (2)", ["Tag", "Tag (2)"])).toBe("Tag (3)");
    // a number that is part of the name (no space before the bracket) is kept
    expect(copyName("Box(2)", ["Box(2)"])).toBe("Box(2) (2)");
  });

  it("names an uploaded file by its name without the label extension", () => {
    expect(uploadedName("Shelf tag.tprt")).toBe("Shelf tag");
    expect(uploadedName("A.B.TPRTS")).toBe("A.B");
    expect(uploadedName(".tprt")).toBe("");
  });
});

describe("windowOf", () => {
  const base = { count: 10_000, rowHeight: 100, width: 1000, height: 500, scrollTop: 0, gap: 0 };

  it("draws only the rows in view and a few either side, in as many columns as fit", () => {
    expect(windowOf(base, 200)).toEqual({ columns: 5, rows: 2000, firstRow: 0, lastRow: 8 });
    expect(windowOf({ ...base, scrollTop: 100_000 }, 200)).toEqual({
      columns: 5,
      rows: 2000,
      firstRow: 997,
      lastRow: 1008,
    });
    // a list has one column
    expect(windowOf({ ...base, scrollTop: 999_900 })).toMatchObject({
      columns: 1,
      firstRow: 9996,
      lastRow: 9999,
    });
  });

  it("counts the gap between columns and keeps one column when narrower than one", () => {
    expect(windowOf({ ...base, width: 632, gap: 16 }, 200).columns).toBe(3);
    expect(windowOf({ ...base, width: 631, gap: 16 }, 200).columns).toBe(2);
    expect(windowOf({ ...base, width: 50 }, 200).columns).toBe(1);
    expect(windowOf({ ...base, count: 0 }, 200)).toMatchObject({ rows: 0, lastRow: -1 });
  });
});

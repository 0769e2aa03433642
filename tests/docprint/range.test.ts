// The document page range (application.md §5): "1-3,5" style, empty = every page, anything else refused.
import { describe, expect, it } from "vitest";
import { parsePageRange } from "../../src/docprint/range";

describe("page range", () => {
  it("reads pages and spans in the order named, without repeats", () => {
    expect(parsePageRange("1-3,5", 6)).toEqual({ ok: true, pages: [1, 2, 3, 5] });
    expect(parsePageRange(" 5 , 1-2 ,2", 6)).toEqual({ ok: true, pages: [5, 1, 2] });
    expect(parsePageRange("", 3)).toEqual({ ok: true, pages: [1, 2, 3] });
  });
  it.each(["a", "1-", "-2", "0", "3-1", "1,,2", "7", "1-7", "1.5", "1;2"])("refuses %j for 6 pages", (t) => {
    expect(parsePageRange(t, 6)).toEqual({ ok: false });
  });
  it("a document without pages has no range", () => {
    expect(parsePageRange("", 0)).toEqual({ ok: false });
  });
});

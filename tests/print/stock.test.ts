// The printer's loaded labels against the label being printed (issue 34: 100 × 150 mm jobs went to a
// printer set up for 100 × 50 mm with no warning).
import { describe, expect, it } from "vitest";
import { stockMismatch, stockOf } from "../../src/print/stock";

describe("printer stock", () => {
  it("reads the stock from the assistant's printer settings, or nothing", () => {
    expect(stockOf({ widthMm: 100, heightMm: 50 })).toEqual({ widthMm: 100, heightMm: 50 });
    expect(stockOf({ widthMm: 100 })).toBeUndefined();
    expect(stockOf({ widthMm: "100", heightMm: 50 })).toBeUndefined();
    expect(stockOf({ widthMm: 0, heightMm: 50 })).toBeUndefined();
    expect(stockOf({})).toBeUndefined();
  });

  it("warns when the label differs from the stock; within 1 mm matches; unknown stock says nothing", () => {
    const stock = { widthMm: 100, heightMm: 50 };
    expect(stockMismatch(stock, { width: 100, height: 150 })).toEqual(stock);
    expect(stockMismatch(stock, { width: 50, height: 100 })).toEqual(stock);
    expect(stockMismatch(stock, { width: 100.6, height: 49.5 })).toBeNull();
    expect(stockMismatch(undefined, { width: 100, height: 150 })).toBeNull();
  });
});

// The print-record page's client side: the local starts of today, the week (Monday) and the month
// it sends for the totals, and records read defensively.
import { describe, expect, it } from "vitest";
import { periodStarts, toPrintRecord } from "../../src/app/api/printRecords";

describe("periodStarts", () => {
  it("starts today at local midnight, the week on Monday and the month on the 1st", () => {
    // Sunday 2026-03-01 15:30 local time
    const s = periodStarts(new Date(2026, 2, 1, 15, 30));
    expect(new Date(s.today)).toEqual(new Date(2026, 2, 1));
    expect(new Date(s.week)).toEqual(new Date(2026, 1, 23));
    expect(new Date(s.month)).toEqual(new Date(2026, 2, 1));
    // a Monday is its own week's start
    expect(new Date(periodStarts(new Date(2026, 2, 2, 0, 5)).week)).toEqual(new Date(2026, 2, 2));
  });
});

describe("toPrintRecord", () => {
  it("reads a record and drops what is not one", () => {
    const r = toPrintRecord({
      id: "r1",
      template_id: "t1",
      name: "Jar",
      copies: "2",
      labels: 6,
      records: "1-3",
      printer_kind: "driver",
      printer: "Shelf",
      at: "2026-03-01T10:00:00.000Z",
      template: { id: "t1", name: "Jar", file_web: "/files/u/a.tprt", parent_id: "c1" },
    });
    expect(r).toMatchObject({ id: "r1", copies: 2, labels: 6, records: "1-3", printerKind: "driver" });
    expect(r?.template).toMatchObject({ id: "t1", classId: "c1" });
    expect(toPrintRecord({ id: "r2", copies: -1, template: "x" })).toMatchObject({
      copies: 1,
      template: null,
    });
    expect(toPrintRecord(null)).toBeNull();
    expect(toPrintRecord({ name: "no id" })).toBeNull();
  });
});

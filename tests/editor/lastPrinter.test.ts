import { describe, expect, it } from "vitest";
import { parseLastPrinter } from "../../src/editor/print/lastPrinter";

describe("last used printer", () => {
  it("reads what the print dialog stored", () => {
    const raw = JSON.stringify({
      printType: 1,
      device: { id: "Shelf TSPL", name: "Shelf TSPL" },
      printBackground: false,
    });
    expect(parseLastPrinter(raw)).toEqual({
      printType: 1,
      device: { id: "Shelf TSPL", name: "Shelf TSPL" },
      printBackground: false,
    });
    const cloud = JSON.stringify({ printType: 2, device: { id: "SN1", name: "Desk", type: 2 } });
    expect(parseLastPrinter(cloud)?.device).toEqual({ id: "SN1", name: "Desk", type: 2 });
  });

  it("anything unreadable is no printer", () => {
    for (const raw of [
      null,
      "",
      "{",
      "[]",
      '{"printType":3,"device":{"id":"x"}}',
      '{"printType":1,"device":{"id":""}}',
    ])
      expect(parseLastPrinter(raw)).toBeNull();
    expect(parseLastPrinter('{"printType":1,"device":{"id":"P","name":7}}')?.device.name).toBe("P");
  });
});

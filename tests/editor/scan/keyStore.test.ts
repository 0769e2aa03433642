import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readScanKey, scanKeyStorageKey, writeScanKey } from "../../../src/editor/scan/keyStore";

const memory = new Map<string, string>();
const storage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
};

beforeEach(() => {
  memory.clear();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe("scan key per label", () => {
  it("is kept per label: by id once saved, by name while new", () => {
    expect(scanKeyStorageKey({ id: "t1", name: "Shelf" })).toBe("inkless.scanKey:id:t1");
    expect(scanKeyStorageKey({ id: "", name: "Shelf" })).toBe("inkless.scanKey:new:Shelf");
    writeScanKey({ id: "t1", name: "Shelf" }, "column|a|0|1|1");
    expect(readScanKey({ id: "t1", name: "Shelf" })).toBe("column|a|0|1|1");
    expect(readScanKey({ id: "t2", name: "Shelf" })).toBeNull();
  });

  it("a new label's choice survives its first save", () => {
    writeScanKey({ id: "", name: "Shelf" }, "column|a|0|2|1");
    expect(readScanKey({ id: "t9", name: "Shelf" })).toBe("column|a|0|2|1");
    writeScanKey({ id: "t9", name: "Shelf" }, "column|a|0|0|1");
    expect(readScanKey({ id: "t9", name: "Shelf" })).toBe("column|a|0|0|1");
  });

  it("without storage there is no choice, and nothing breaks", () => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    writeScanKey({ id: "t1", name: "Shelf" }, "x");
    expect(readScanKey({ id: "t1", name: "Shelf" })).toBeNull();
  });
});

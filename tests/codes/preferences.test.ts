// Saved code preferences and the tip129 width check.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CODE_PREFERENCES,
  readCodePreferences,
  writeCodePreferences,
} from "../../src/codes/preferences";
import { barcodeTextTooWide } from "../../src/elements/barcode/textFit";
import { createElement } from "../../src/model/kinds";
import { getFontRegistry } from "../../src/render";

function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe("code preferences", () => {
  it("defaults: BarCodeType 1, BarcodeNumPosition 1, QRCodeType 1, QRCodeNumPosition 0", () => {
    expect(readCodePreferences(memoryStorage())).toEqual(DEFAULT_CODE_PREFERENCES);
  });
  it("round-trips valid values and maps 10–12 to Code 128 and legacy levels to letters", () => {
    const s = memoryStorage();
    writeCodePreferences(s, {
      BarCodeType: 7,
      BarcodeNumPosition: 2,
      QRCodeType: 5,
      QRCodeNumPosition: 1,
      eclevel: "L3",
    });
    expect(readCodePreferences(s)).toEqual({
      BarCodeType: 7,
      BarcodeNumPosition: 2,
      QRCodeType: 5,
      QRCodeNumPosition: 1,
      eclevel: "L3",
    });
    expect(readCodePreferences(memoryStorage({ BarCodeType: "11", eclevel: "25" }))).toMatchObject({
      BarCodeType: 1,
      eclevel: "Q",
    });
  });
  it("hostile or broken storage falls back to defaults", () => {
    const bad = memoryStorage({
      BarCodeType: "__proto__",
      BarcodeNumPosition: "<script>",
      QRCodeType: "9",
      QRCodeNumPosition: "-1",
    });
    expect(readCodePreferences(bad)).toEqual(DEFAULT_CODE_PREFERENCES);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readCodePreferences(throwing)).toEqual(DEFAULT_CODE_PREFERENCES);
    expect(() => writeCodePreferences(throwing, { BarCodeType: 2 })).not.toThrow();
  });
});

describe("tip129", () => {
  const fonts = getFontRegistry();
  const el = { ...createElement("Barcode", [], { x: 0, y: 0 }), BarCodeType: 1 };
  it("long text in a narrow barcode is too wide; short text in a wide one is not", () => {
    expect(barcodeTextTooWide({ ...el, Width: 8, FontSize: 12 }, "1234567890123456", fonts)).toBe(true);
    expect(barcodeTextTooWide({ ...el, Width: 60, FontSize: 8 }, "1234", fonts)).toBe(false);
  });
  it("never with the text off", () => {
    expect(
      barcodeTextTooWide({ ...el, Width: 8, FontSize: 12, BarcodeNumPosition: 0 }, "1234567890123456", fonts),
    ).toBe(false);
  });
});

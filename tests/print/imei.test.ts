import { describe, expect, it } from "vitest";
import { imeiError, luhnValid, normalImei } from "../../src/print/imei";

describe("IMEI of a cloud device", () => {
  it("accepts 15 digits with a right Luhn check digit, spaces and dashes aside", () => {
    // the example IMEI of the GSM association's allocation guidelines
    expect(imeiError("490154203237518")).toBeNull();
    expect(imeiError("49-015420-323751-8")).toBeNull();
    expect(imeiError(" 35 209900 176148 1 ")).toBeNull();
    expect(normalImei("49-015420-323751-8")).toBe("490154203237518");
  });

  it("an empty field is no IMEI", () => {
    expect(imeiError("")).toBeNull();
    expect(imeiError("  ")).toBeNull();
  });

  it("refuses other lengths and characters", () => {
    expect(imeiError("49015420323751")).toBe("printer.bind.imeiDigits");
    expect(imeiError("4901542032375180")).toBe("printer.bind.imeiDigits");
    expect(imeiError("49015420323751A")).toBe("printer.bind.imeiDigits");
  });

  it("refuses a wrong check digit", () => {
    expect(imeiError("490154203237517")).toBe("printer.bind.imeiCheck");
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
  });
});

// bwip-js loads only when a heavy symbology needs it; GB 18030 encoding for Han Xin round-trips.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodeError, encodeCode, isCodeReady, prepareCode } from "../../src/codes";
import { bwipLoaded } from "../../src/codes/bwip";
import { toGb18030Binary } from "../../src/codes/matrix/gb18030";

describe("lazy encoders", () => {
  it("Code 128 and QR need no bwip-js; heavy types wait for prepareCode, then run synchronously", async () => {
    expect(bwipLoaded()).toBe(false);
    encodeCode({ kind: "barcode", type: 1, data: "light" });
    encodeCode({ kind: "qrcode", type: 1, data: "light" });
    expect(bwipLoaded()).toBe(false);
    const heavy = { kind: "qrcode", type: 3, data: "heavy" } as const;
    expect(isCodeReady(heavy)).toBe(false);
    expect(() => encodeCode(heavy)).toThrow(CodeError);
    await prepareCode(heavy);
    expect(bwipLoaded()).toBe(true);
    expect(encodeCode(heavy).cols).toBeGreaterThan(0);
  });
});

describe("GB 18030", () => {
  const decode = (bin: string) =>
    new TextDecoder("gb18030").decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  it("encodes Chinese text that decodes back", () => {
    expect(decode(toGb18030Binary("汉信码标准 ABC 123，中国物品编码中心"))).toBe(
      "汉信码标准 ABC 123，中国物品编码中心",
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0x4e00, max: 0x9fa5 }), { minLength: 1, maxLength: 40 }),
        (cps) => {
          const s = String.fromCodePoint(...cps);
          expect(decode(toGb18030Binary(s))).toBe(s);
        },
      ),
      { numRuns: 100 },
    );
  });
  it("refuses what needs four-byte sequences with a clear key", () => {
    expect(() => toGb18030Binary("😀")).toThrow(expect.objectContaining({ key: "codes.error.gb18030" }));
  });
});

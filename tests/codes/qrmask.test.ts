// Our fast QR mask selection must choose exactly what the `qrcode` package's own selection chooses
// (same mask, same format information): the whole symbol must be identical.
import fc from "fast-check";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { encodeCode } from "../../src/codes";
import { bestMasked, formatBits } from "../../src/codes/matrix/qrMask";

describe("QR mask selection", () => {
  it("format information matches the standard's table", () => {
    // ISO/IEC 18004 Table C.1: M/mask 0 = 101010000010010, L/mask 4 = 110011000101111, H/mask 7 = 000100000111011
    expect(formatBits("M", 0).toString(2).padStart(15, "0")).toBe("101010000010010");
    expect(formatBits("L", 4).toString(2).padStart(15, "0")).toBe("110011000101111");
    expect(formatBits("H", 7).toString(2).padStart(15, "0")).toBe("000100000111011");
  });

  it("random content and levels give the package's own symbol", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }),
        fc.constantFrom("L", "M", "Q", "H"),
        (text, ec) => {
          const seg = [{ data: new TextEncoder().encode(text), mode: "byte" as const }];
          const ref = QRCode.create(seg, { errorCorrectionLevel: ec as QRCode.QRCodeErrorCorrectionLevel });
          const m0 = QRCode.create(seg, {
            errorCorrectionLevel: ec as QRCode.QRCodeErrorCorrectionLevel,
            maskPattern: 0 as QRCode.QRCodeMaskPattern,
          });
          const reserved = (m0.modules as unknown as { reservedBit: Uint8Array }).reservedBit;
          const ours = bestMasked(m0.modules.data, reserved, m0.modules.size, ec);
          expect(Buffer.from(ours).equals(Buffer.from(ref.modules.data))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("encodeCode's QR symbol is the package's own best-mask symbol", () => {
    for (let i = 0; i < 50; i++) {
      const data = `https://inkless.example/l/${i}?sku=${(i * 7919) % 100000}`;
      for (const ec of ["L", "M", "Q", "H"] as const) {
        const ref = QRCode.create([{ data: new TextEncoder().encode(data), mode: "byte" }], {
          errorCorrectionLevel: ec,
        });
        const ours = encodeCode({ kind: "qrcode", type: 1, data, ecLevel: ec });
        expect(Buffer.from(ours.bits).equals(Buffer.from(ref.modules.data))).toBe(true);
      }
    }
  });
});

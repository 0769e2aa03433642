// Malformed elements never crash the render, and codeStatus gives the editor its message.
import { describe, expect, it } from "vitest";
import { codeStatus } from "../../src/elements/barcode/status";
import { renderLabel } from "../../src/render";
import { barcodeLabel, qrLabel } from "./support/labels";

describe("malformed code elements", () => {
  it.each([
    ["NaN width", { Width: Number.NaN }],
    ["negative height", { Height: -5 }],
    ["string font size", { FontSize: "big" as unknown as number }],
    ["odd rotation", { Rotate: -90 as unknown as 0 }],
    ["string type", { BarCodeType: "7" as unknown as number, Data: "590123412345" }],
    ["number data", { Data: 12345 as unknown as string }],
    ["bad text settings", { BarcodeNumPosition: 9 as unknown as 0, TextAlign: -3 as unknown as 0 }],
  ])("barcode with %s renders without throwing", (_, over) => {
    const doc = barcodeLabel(1, "OK", over);
    for (const target of ["canvas", "export", "print"] as const) {
      // element ids are random letters: leave them out of the text checks
      const svg = renderLabel(doc, { target, dpi: 203 }).replace(/ data-id="[^"]*"/g, "");
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it("a string-typed EAN-13 still encodes (files store numbers as text)", () => {
    const svg = renderLabel(barcodeLabel(1, "590123412345", { BarCodeType: "7" as unknown as number }));
    expect(svg).not.toContain("data-code-error");
    expect(svg).toContain(">7<");
  });

  it("2D code with junk error correction and version falls back to defaults", () => {
    const svg = renderLabel(
      qrLabel(1, "x", {
        ErrorCorrectionLevel: "ZZ",
        HanxinVersion: Number.NaN,
        Encoding: 5 as unknown as string,
      }),
    );
    expect(svg).not.toContain("data-code-error");
    expect(svg.replace(/ data-id="[^"]*"/g, "")).not.toMatch(/NaN/);
  });
});

describe("codeStatus", () => {
  const el = barcodeLabel(7, "123").elements[0] as Parameters<typeof codeStatus>[0];
  it("explains failures in the user's language", () => {
    const s = codeStatus(el, "123", "pt");
    expect(s.ok).toBe(false);
    if (!s.ok) {
      expect(s.key).toBe("codes.error.needDigits");
      expect(s.message).toBe("Introduza 12 dígitos.");
    }
    const empty = codeStatus(el, "", "zh");
    expect(!empty.ok && empty.key).toBe("tip.tip61");
  });
  it("is ok for good data", () => {
    expect(codeStatus(el, "590123412345")).toEqual({ ok: true });
  });
});

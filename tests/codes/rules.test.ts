// Content rules, check digits, error correction mapping, type-change and Han Xin rules, messages.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { CodeError, encodeCode, errorDisplayText, normaliseEcLevel, prepareCode } from "../../src/codes";
import { effectiveFontSize } from "../../src/codes/layout";
import { codeErrorMessage } from "../../src/codes/messages";
import {
  clampBarcodeFontSize,
  codeTextOverflows,
  hanxinShowsText,
  onBarcodeTypeChange,
  onHanxinVersionChange,
  onQrTypeChange,
  restoreAfterCodeFailure,
} from "../../src/codes/rules";
import { createElement } from "../../src/model/kinds";
import type { BarcodeElement, QRCodeElement } from "../../src/model/types";

function errorOf(f: () => unknown): CodeError {
  try {
    f();
  } catch (e) {
    if (e instanceof CodeError) return e;
    throw e;
  }
  throw new Error("no error");
}
const bar = (type: number, data: string) => encodeCode({ kind: "barcode", type, data });

beforeAll(async () => {
  await prepareCode({ kind: "qrcode", type: 2, data: "x" });
});

describe("check digits and lengths", () => {
  it.each([
    [7, "590123412345", "5901234123457"],
    [7, "4006381333931", "4006381333931"],
    [6, "9638507", "96385074"],
    [8, "03600029145", "036000291452"],
    [9, "0425261", "04252614"],
    [28, "1540014128876", "15400141288763"],
  ])("type %i: %s → %s", (type, data, text) => {
    expect(bar(type, data).text).toBe(text);
  });

  it.each([
    [7, 12],
    [6, 7],
    [8, 11],
    [9, 7],
    [28, 13],
  ])("type %i asks for %i digits", (type, count) => {
    for (const bad of ["12", "12345678901234567", "abcdefghijkl"]) {
      const e = errorOf(() => bar(type, bad));
      expect(e.key).toBe("codes.error.needDigits");
      expect(e.vars.count).toBe(count);
    }
  });

  it("a wrong check digit is refused with the right one", () => {
    const e = errorOf(() => bar(7, "5901234123458"));
    expect(e.key).toBe("codes.error.checkDigit");
    expect(e.vars.digit).toBe("7");
  });

  it("Interleaved 2 of 5 of odd length gets a leading 0", () => {
    expect(bar(5, "123").text).toBe("0123");
    expect(bar(5, "1234").text).toBe("1234");
  });

  it("types 10, 11 and 12 are Code 128", () => {
    for (const t of [10, 11, 12]) expect(bar(t, "AB12").bars).toEqual(bar(1, "AB12").bars);
  });

  it("EAN/UPC error display pads with zeros or cuts to length", () => {
    expect(errorDisplayText(7, "123")).toBe("1230000000000");
    expect(errorDisplayText(6, "1234567890")).toBe("12345678");
    expect(errorDisplayText(1, "abc")).toBe("abc");
  });
});

describe("content rules", () => {
  it("empty data is tip61 for both kinds", () => {
    expect(errorOf(() => bar(1, "")).key).toBe("tip.tip61");
    expect(errorOf(() => encodeCode({ kind: "qrcode", type: 1, data: "" })).key).toBe("tip.tip61");
  });
  it("no Chinese characters in 1D codes; 2D codes take them", () => {
    expect(errorOf(() => bar(1, "ABC中文")).key).toBe("codes.error.chinese");
    expect(encodeCode({ kind: "qrcode", type: 1, data: "中文" }).cols).toBeGreaterThan(0);
  });
  it("characters a symbology cannot encode give a translated key, not a crash", () => {
    expect(errorOf(() => bar(2, "abc~")).key).toBe("codes.error.charset");
    expect(errorOf(() => bar(18, "1234")).key).toBe("codes.error.postnetLength");
    expect(errorOf(() => bar(26, "0112345678901231")).key).toBe("codes.error.gs1Format");
    // GS1 rules are ours, translated and naming the AI (tests/codes/gs1)
    const gs1 = errorOf(() => bar(26, "(01)12345678901234"));
    expect(gs1.key).toBe("codes.gs1.checkDigit");
    expect(gs1.vars).toEqual({ ai: "01", digit: "1" });
    const telepen = errorOf(() => bar(27, "é"));
    expect(telepen.key).toBe("tip.tip111");
    expect(telepen.detail).toBeTruthy();
  });
  it("hostile or huge input never throws anything but a CodeError", () => {
    for (const type of [1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 18, 20, 21, 23, 25, 26, 27, 28, 99]) {
      for (const data of [
        "<script>alert(1)</script>",
        "__proto__",
        "../../etc",
        "x".repeat(5000),
        "\u0000\uffff",
      ]) {
        try {
          bar(type, data);
        } catch (e) {
          expect(e).toBeInstanceOf(CodeError);
        }
      }
    }
    for (const type of [1, 2, 3, 4, 5, 6]) {
      try {
        encodeCode({ kind: "qrcode", type, data: "y".repeat(20000) });
      } catch (e) {
        expect(e).toBeInstanceOf(CodeError);
      }
    }
  });
});

describe("error correction", () => {
  it("maps QR levels, legacy numbers and defaults", () => {
    expect(["7", "15", "25", "30", "l", "H", "", "x"].map((l) => normaliseEcLevel(1, l))).toEqual([
      "L",
      "M",
      "Q",
      "H",
      "L",
      "H",
      "M",
      "M",
    ]);
    expect(["0", "7", "8", ""].map((l) => normaliseEcLevel(2, l))).toEqual(["0", "7", "1", "1"]);
    expect(["L1", "l4", "L5"].map((l) => normaliseEcLevel(5, l))).toEqual(["L1", "L4", "L1"]);
    expect(normaliseEcLevel(4, "10")).toBe("23");
  });
  it("a higher level gives a larger symbol", () => {
    const data = "Error correction makes the symbol grow 1234567890";
    const qrL = encodeCode({ kind: "qrcode", type: 1, data, ecLevel: "L" }).cols;
    const qrH = encodeCode({ kind: "qrcode", type: 1, data, ecLevel: "30" }).cols;
    expect(qrH).toBeGreaterThan(qrL);
    const p0 = encodeCode({ kind: "qrcode", type: 2, data, ecLevel: "0" });
    const p7 = encodeCode({ kind: "qrcode", type: 2, data, ecLevel: "7" });
    expect(p7.rows * p7.cols).toBeGreaterThan(p0.rows * p0.cols);
  });
});

describe("editing rules", () => {
  const barcode = (over: Partial<BarcodeElement> = {}) => ({
    ...createElement("Barcode", [], { x: 0, y: 0 }),
    ...over,
  });
  const qr = (over: Partial<QRCodeElement> = {}) => ({
    ...createElement("QRcode", [], { x: 0, y: 0 }),
    ...over,
  });

  it("barcode type change resets data unless edited, and keeps the fixed source in step", () => {
    const a = onBarcodeTypeChange(barcode(), 7);
    expect(a.BarCodeType).toBe(7);
    expect(a.Data).toBe("690123456789");
    expect(a.DataSourceList[0].FirstValue).toBe("690123456789");
    expect(() => bar(7, a.Data)).not.toThrow();
    const b = onBarcodeTypeChange(barcode({ isEdit: true, Data: "mine" }), 7);
    expect(b.Data).toBe("mine");
  });
  it("font size minimums per type, the EAN/UPC cap, ignored without text", () => {
    expect(clampBarcodeFontSize(7, 5, 1)).toBe(7.8);
    expect(clampBarcodeFontSize(8, 5, 2)).toBe(8.5);
    expect(clampBarcodeFontSize(6, 20, 1)).toBe(11);
    expect(clampBarcodeFontSize(1, 2, 1)).toBe(4);
    expect(clampBarcodeFontSize(1, 20, 1)).toBe(20);
    expect(clampBarcodeFontSize(7, 5, 0)).toBe(5);
    expect(effectiveFontSize(9, 3)).toBe(7.2);
    expect(onBarcodeTypeChange(barcode({ FontSize: 5 }), 6).FontSize).toBe(7.2);
  });
  it("2D type change resets error correction and the Han Xin version", () => {
    expect(onQrTypeChange(qr({ ErrorCorrectionLevel: "H" }), 1).ErrorCorrectionLevel).toBe("M");
    expect(onQrTypeChange(qr(), 2).ErrorCorrectionLevel).toBe("1");
    const hx = onQrTypeChange(qr({ HanxinVersion: 40 }), 5);
    expect([hx.ErrorCorrectionLevel, hx.HanxinVersion]).toEqual(["L1", 0]);
    expect(onQrTypeChange(qr({ QrCodeType: 5, Encoding: "gb18030" }), 1).Encoding).toBe("UTF-8");
  });
  it("Han Xin above version 30 turns the text off with tip131", () => {
    const on = qr({ QrCodeType: 5, BarcodeNumPosition: 1 });
    expect(onHanxinVersionChange(on, 30)).toEqual({ el: { ...on, HanxinVersion: 30 } });
    const r = onHanxinVersionChange(on, 31);
    expect(r.notice).toBe("tip.tip131");
    expect(r.el.BarcodeNumPosition).toBe(0);
    expect(hanxinShowsText(r.el)).toBe(false);
    expect(onHanxinVersionChange(on, 200).el.HanxinVersion).toBe(84);
  });
  it("a 'Maximum length exceeded' failure restores the previous version and position", () => {
    const prev = qr({ QrCodeType: 5, HanxinVersion: 10, BarcodeNumPosition: 1 });
    const next = { ...prev, HanxinVersion: 1, BarcodeNumPosition: 0 as const };
    const e = errorOf(() =>
      encodeCode({ kind: "qrcode", type: 5, data: "x".repeat(300), version: 1, ecLevel: "L1" }),
    );
    const back = restoreAfterCodeFailure(prev, next, e.detail);
    expect([back.HanxinVersion, back.BarcodeNumPosition]).toEqual([10, 1]);
    expect(restoreAfterCodeFailure(prev, next, "other")).toBe(next);
  });
  it("tip129 check uses the caller's measurement", () => {
    expect(codeTextOverflows("1234567890", 10, 10, (t, pt) => t.length * pt * 0.2)).toBe(true);
    expect(codeTextOverflows("12", 10, 10, (t, pt) => t.length * pt * 0.2)).toBe(false);
  });
});

describe("messages", () => {
  it("tip111 appends the encoder's detail after a colon", () => {
    const e = errorOf(() => bar(27, "é"));
    expect(codeErrorMessage(e, "en")).toMatch(/^The code could not be generated: \S/);
  });
  it("every key the codes area raises exists in all five languages", () => {
    const src = [
      "index.ts",
      "bwip.ts",
      "linear/index.ts",
      "linear/simple.ts",
      "matrix/index.ts",
      "matrix/gb18030.ts",
      "rules.ts",
      "gs1/elementString.ts",
      "gs1/digitalLink.ts",
      "gs1/validate.ts",
    ]
      .map((f) => readFileSync(`src/codes/${f}`, "utf8"))
      .join("\n");
    const keys = new Set(
      [...src.matchAll(/"((?:codes\.(?:error|gs1)\.\w+)|(?:tip\.tip\d+))"/g)].map((m) => m[1]),
    );
    expect(keys.size).toBeGreaterThan(10);
    for (const lang of ["en", "zh", "pt", "es", "ru"]) {
      const dict = JSON.parse(readFileSync(`locales/${lang}.json`, "utf8"));
      for (const k of keys) expect(dict[k], `${lang} ${k}`).toBeTruthy();
    }
  });
});

// The ZPL reader's pure part: tokens, field data, graphics, codes and the fields → elements.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type {
  ImageElement,
  LabelElement,
  LineElement,
  QRCodeElement,
  TextElement,
} from "../../src/model/types";
import { readZpl } from "../../src/zpl";
import { bracketGs1, codeContent } from "../../src/zpl/codes";
import { decodeField } from "../../src/zpl/fieldData";
import { decodeGraphic } from "../../src/zpl/graphic";
import { interpretZpl, type ZplParse } from "../../src/zpl/interpret";
import { ZPL_MAX_PAGES } from "../../src/zpl/limits";
import { printedLabels } from "../../src/zpl/pages";
import { tokenize } from "../../src/zpl/tokens";

const zpl = (s: string, dpi?: number): ZplParse => interpretZpl(new TextEncoder().encode(s), { dpi });
const elementsOf = (s: string, dpi?: number) => zpl(s, dpi).labels[0].doc.elements;
const only = <T extends LabelElement>(s: string, dpi?: number) => elementsOf(s, dpi)[0] as T;
const mm = (dots: number, dpi = 203) => (dots * 25.4) / dpi;

describe("tokens", () => {
  it("splits ^ and ~ commands, keeps the data's commas, follows ^CC and ~CT", () => {
    const names = [...tokenize("^XA^FO1,2^FDa,b^FS~CC#\n#FDx^y#FS#XZ")].map((c) => [c.name, c.params]);
    expect(names).toEqual([
      ["XA", ""],
      ["FO", "1,2"],
      ["FD", "a,b"],
      ["FS", ""],
      ["CC", "#"],
      ["FD", "x^y"],
      ["FS", ""],
      ["XZ", ""],
    ]);
  });

  it("^GFB takes exactly its byte count, even bytes that look like commands", () => {
    const cmds = [...tokenize("^GFB,2,2,1,^~^FS")];
    expect(cmds[0]).toMatchObject({ name: "GF", params: "B,2,2,1,^~" });
    expect(cmds[1].name).toBe("FS");
  });
});

describe("field data", () => {
  it("^FH escapes are bytes, decoded by ^CI: UTF-8 for 28, Windows-1252 for the single-byte sets", () => {
    expect(decodeField("Caf_C3_A9", "_", 28)).toBe("Café");
    expect(decodeField("Caf_E9", "_", 0)).toBe("Café");
    expect(decodeField("Caf\u00e9", null, 27)).toBe("Café");
    expect(decodeField("100_25", null, 28)).toBe("100_25");
  });
});

describe("graphics", () => {
  it("ASCII hex with the repeat counts, ',' ':' and '!'", () => {
    // 2 bytes a row: "GF" is F once… "IF0" = F three times then 0 · ":" repeats · "," empties · "!" fills
    const g = decodeGraphic("A", "IF0:,!", 8, 2).bitmap;
    expect([...g.data]).toEqual([0xff, 0xf0, 0xff, 0xf0, 0, 0, 0xff, 0xff]);
    const big = decodeGraphic("A", "hF", 20, 20).bitmap; // h = 40 digits: the whole row
    expect(big.data.every((b) => b === 0xff)).toBe(true);
  });

  it("Z64 is inflated and its CRC checked; B64 read as it is", () => {
    const rows = new Uint8Array([0x80, 0x01, 0x3c, 0xc3]);
    const b64 = deflateSync(rows).toString("base64");
    const ok = decodeGraphic("A", `:Z64:${b64}:0000`, 4, 2);
    expect([...ok.bitmap.data]).toEqual([...rows]);
    expect(ok.crcOk).toBe(false);
    const plain = decodeGraphic("A", `:B64:${Buffer.from(rows).toString("base64")}`, 4, 2);
    expect([...plain.bitmap.data]).toEqual([...rows]);
  });

  it("^GF becomes an image the size of its dots at the file's resolution; ~DG is recalled by ^XG", () => {
    const img = only<ImageElement>("^XA^FO30,60^GFA,8,8,2,FFFF::,,,,,^FS^XZ", 300);
    expect(img.Type).toBe("Image");
    expect(img.imageSrc.startsWith("data:image/png;base64,")).toBe(true);
    expect(img.Width).toBeCloseTo(mm(16, 300), 6);
    expect(img.Height).toBeCloseTo(mm(4, 300), 6);
    expect(img.StartX).toBeCloseTo(mm(30, 300), 6);
    const [xg] = elementsOf("~DGR:LOGO.GRF,8,2,FFFF:::\n^XA^FO10,10^XGR:LOGO.GRF,3,3^FS^XZ");
    expect(xg.Type).toBe("Image");
    expect(xg.Width).toBeCloseTo(mm(16 * 3), 6);
  });
});

describe("codes", () => {
  it("Code 128's invocation pairs are removed or give their character; FNC1 first is GS1-128", () => {
    const c128 = { kind: "barcode", type: 1, orientation: "N", height: 10, module: 2, hri: 1 } as const;
    expect(codeContent(c128, ">:AB>0C>=D><")).toEqual({ type: 1, data: "AB>C~D^" });
    expect(codeContent(c128, ">;>80109501101530003>817260101>810ABC")).toEqual({
      type: 26,
      data: "(01)09501101530003(17)260101(10)ABC",
    });
    expect(bracketGs1("(01)09501101530003")).toBe("(01)09501101530003");
    // (37) has two digits, (3103) four
    expect(codeContent(c128, ">;>80209501101530003>8373>83103000500")).toEqual({
      type: 26,
      data: "(02)09501101530003(37)3(3103)000500",
    });
  });

  it("^BQ data: its error level and input mode before the comma are not data", () => {
    const qr = only<QRCodeElement>("^XA^FO0,0^BQN,2,4^FDHA,https://x.test/a,b^FS^XZ");
    expect(qr).toMatchObject({
      Type: "QRcode",
      QrCodeType: 1,
      Data: "https://x.test/a,b",
      ErrorCorrectionLevel: "H",
    });
    const manual = only<QRCodeElement>("^XA^FO0,0^BQN,2,4^FDLM,B0003abc^FS^XZ");
    expect(manual.Data).toBe("abc");
  });

  it("each barcode command gives its symbology, bar height in dots and readable line", () => {
    const types = [
      "^BCN,50,N",
      "^BEN,50",
      "^B3N,N,50",
      "^BUN,50",
      "^B8N,50",
      "^B2N,50",
      "^BXN,5,200",
      "^B7N,5,3",
      "^BON,4,N,0",
    ].map((b) => {
      const el = only(`^XA^BY2^FO0,0${b}^FD12345670^FS^XZ`) as LabelElement & Record<string, unknown>;
      return el.Type === "Barcode" ? el.BarCodeType : `2D${el.QrCodeType}`;
    });
    expect(types).toEqual([1, 7, 2, 8, 6, 5, "2D3", "2D2", "2D4"]);
    const noLine = only("^XA^FO0,0^BCN,50,N^FD1234^FS^XZ") as LabelElement & Record<string, unknown>;
    expect(noLine.BarcodeNumPosition).toBe(0);
    const above = only("^XA^FO0,0^BCN,50,Y,Y^FD1234^FS^XZ") as LabelElement & Record<string, unknown>;
    expect(above.BarcodeNumPosition).toBe(2);
  });
});

describe("fields → elements", () => {
  it("text: font height in dots → points at the file's resolution, orientation → rotation, ^FR → inverse", () => {
    const t = only<TextElement>("^XA^FO10,20^A0R,60,60^FR^FDHi^FS^XZ", 300);
    // 60 dots at 300 dpi = 0.2 in = 14.4 pt
    expect(t).toMatchObject({
      Type: "Text",
      Data: "Hi",
      FontSize: 14.5,
      Rotate: 90,
      AntiMirror: true,
      Bold: true,
    });
    const turned = ["N", "R", "I", "B"].map((o) => only<TextElement>(`^XA^FO0,0^A0${o},20^FDx^FS^XZ`).Rotate);
    expect(turned).toEqual([0, 90, 180, 270]);
    // ^FW sets the orientation of fields that name none; ^CF the font
    const fw = only<TextElement>("^XA^FWB^CFD,36^FO0,0^FDx^FS^XZ");
    expect(fw).toMatchObject({ Rotate: 270, FontFamily: "Roboto Mono" });
  });

  it("^FB is a wrapped block of its width with its justification", () => {
    const t = only<TextElement>("^XA^FO0,0^FB406,3,0,C^A0N,30^FDa long line^FS^XZ");
    expect(t).toMatchObject({ TextAutoLine: true, TextAlign: 0 });
    expect(t.BoxWidth).toBeCloseTo(50.8, 6);
  });

  it("in an ^FB block \\& starts a new line and \\\\ is a backslash; outside one they are text", () => {
    expect(only<TextElement>("^XA^FO0,0^FB406,3^FDone\\&two \\\\ x^FS^XZ").Data).toBe("one\ntwo \\ x");
    expect(only<TextElement>("^XA^FO0,0^FDone\\&two^FS^XZ").Data).toBe("one\\&two");
  });

  it("boxes, circles, ellipses and diagonals at ^LH + ^FO, in mm", () => {
    const els = elementsOf(
      "^XA^LH10,10^FO0,0^GB100,50,2^FS^FO0,0^GB100,4,4^FS^FO0,0^GC40,40^FS^FO0,0^GE80,40,2^FS^FO0,0^GD50,50,3,B,L^FS^XZ",
    );
    expect(els.map((e) => e.Type)).toEqual(["Rectangle", "LineHorizontal", "Ellipse", "Ellipse", "Line"]);
    expect(els[0]).toMatchObject({ Fill: false });
    expect(els[0].Width).toBeCloseTo(mm(100), 6);
    expect(els[0].StartX).toBeCloseTo(mm(10), 6);
    // a box one border thick is a line along the middle of its stroke
    const line = els[1] as LineElement;
    expect(line.PenWidth).toBeCloseTo(mm(4), 6);
    expect(line.StartY).toBeCloseTo(mm(12), 6);
    expect(els[2]).toMatchObject({ Fill: true });
  });

  it("^PW and ^LL size the label; one label per ^XA…^XZ", () => {
    const r = zpl("^XA^PW406^LL203^FO0,0^FDa^FS^XZ^XA^FO0,0^FDb^FS^XZ");
    expect(r.labels).toHaveLength(2);
    expect(r.labels[0].doc.attrs.width).toBeCloseTo(50.8, 2);
    expect(r.labels[0].doc.attrs.height).toBeCloseTo(25.4, 2);
    expect(r.labels[1].doc.elements[0]).toMatchObject({ Data: "b" });
  });

  it("a field left without its ^FS at ^XZ is not drawn, and named", () => {
    const r = zpl("^XA^FO10,10^A0N,30^FDone^FS^FO10,50^A0N,30^FDtwo^XZ");
    expect(r.labels[0].doc.elements.map((e) => (e as { Data?: string }).Data)).toEqual(["one"]);
    expect(r.unknown).toEqual([{ command: "^FD no ^FS", count: 1 }]);
  });

  it("commands we do not draw are listed with their counts, never dropped silently", () => {
    const r = zpl("^XA^MUd^FO0,0^FDa^FS^MUd~JR^GB10,10,1,W^FS^PQ2^XZ");
    expect(r.unknown).toEqual([
      { command: "^MU", count: 2 },
      { command: "~JR", count: 1 },
      { command: "^GB W", count: 1 },
    ]);
  });
});

describe("field justification", () => {
  it("^FO x,y,1 of a code, a box or a turned text is listed (only an upright text's right justification is followed)", () => {
    const r = zpl(
      "^XA^FO300,10,1^BCN,50^FD1234^FS^FO300,80,1^GB50,50,2^FS^FO300,150,1^A0R,30^FDup^FS^FO300,200,1^A0N,30^FDok^FS^XZ",
    );
    expect(r.unknown).toEqual([{ command: "^FO z", count: 3 }]);
  });

  it("^FO / ^FT x,y,2 (auto): a right-to-left text's right end at x, a left-to-right one's left end", async () => {
    const r = await readZpl(
      new TextEncoder().encode(
        "^XA^CI28^FO400,10,2^A0N,30^FDשלום עולם^FS^FT400,100,2^A0N,30^FDمرحبا^FS^FO400,150,2^A0N,30^FDhello^FS^XZ",
      ),
      { dpi: 203 },
    );
    const [hebrew, arabic, latin] = r.docs[0].elements as TextElement[];
    expect(hebrew.StartX + hebrew.Width).toBeCloseTo(mm(400), 1);
    expect(arabic.StartX + arabic.Width).toBeCloseTo(mm(400), 1);
    expect(latin.StartX).toBeCloseTo(mm(400), 1);
    expect(r.unknown).toEqual([]);
  });
});

describe("refused code data", () => {
  it("a code whose data the encoder refuses (a wrong GS1 check digit) is listed as its command's data, once a field", async () => {
    const bad = "^XA^FO10,10^BY2^BCN,100,Y,N,N,D^FD(02)07312345678906(37)40^FS^XZ";
    // reversed over paper: drawn plainly after all, so sized a second time
    const reversed = bad.replace("^FO10,10", "^FO10,10^FR");
    const r = await readZpl(new TextEncoder().encode(bad + reversed), { dpi: 203 });
    expect(r.unknown).toEqual([{ command: "^BC data", count: 2 }]);
    const good = await readZpl(new TextEncoder().encode(bad.replace("06(37)", "09(37)")), { dpi: 203 });
    expect(good.unknown).toEqual([]);
  });
});

describe("^LR", () => {
  it("^LRY reverses every field as ^FR does (white text on a black box), until ^LRN; it outlasts the format", async () => {
    const box = "^FO10,10^GB300,100,100^FS";
    const r = await readZpl(
      new TextEncoder().encode(
        `^XA^LRY${box}^FO20,20^A0N,30^FDlr^FS^LRN^FO10,200^GB300,100,100^FS^FO20,220^A0N,30^FDplain^FS^LRY^XZ` +
          `^XA${box}^FO20,20^A0N,30^FDnext^FS^XZ`,
      ),
      { dpi: 203 },
    );
    const text = (doc: number, data: string) =>
      r.docs[doc].elements.find((e) => e.Type === "Text" && e.Data === data) as LabelElement;
    expect(text(0, "lr").AntiMirror).toBe(true);
    expect(text(0, "plain").AntiMirror).toBeFalsy();
    expect(text(1, "next").AntiMirror).toBe(true);
    expect(r.unknown).toEqual([]);
  });
});

describe("stored formats and quantities", () => {
  it("^DF stores its format (nothing printed), ^XF recalls it with the ^FN values; ^PQ counts copies", () => {
    const r = zpl(
      "^XA^DFR:T.ZPL^FS^FO10,10^FN1^FS^FO10,50^FN2^FDdefault^FS^FO10,90^FN3^FS^XZ" +
        "^XA^XFR:T.ZPL^FS^FN1^FDone^FS^FN3^FDthree^FS^FO10,200^FDextra^FS^PQ3^XZ" +
        "^XA^XFT^FN2^FDtwo^FS^XZ",
    );
    expect(r.labels.map((l) => l.doc.elements.map((e) => (e as TextElement).Data))).toEqual([
      ["one", "default", "three", "extra"],
      ["two"],
    ]);
    expect(r.labels.map((l) => l.copies)).toEqual([3, 1]);
    expect(r.unknown).toEqual([]);
  });

  it("^SF: each copy's value by its mask; the opened label counts as a sequence only where one counts the same", () => {
    const r = zpl(
      "^XA^FO1,1^FDBL9998^SFAAdddd,1^FS^FO1,50^FDA-0098^SFdddd,1^FS^FO1,90^FDff^SFhh,-1^FS^PQ3^XZ",
    );
    const [label] = r.labels;
    const [mixed, digits, down] = label.doc.elements as TextElement[];
    expect(label.masked.get(mixed.Id)).toEqual(["BL9998", "BL9999", "BM0000"]);
    expect(label.masked.get(digits.Id)).toEqual(["A-0098", "A-0099", "A-0100"]);
    expect(label.masked.get(down.Id)).toEqual(["ff", "fe", "fd"]);
    // our sequence would write BL10000 where the printer carries into the letters: kept as written
    expect(mixed.DataSourceList[0].DataSourceType).toBe(0);
    expect(digits.DataSourceList[0]).toMatchObject({ DataSourceType: 2, AddedValue: 1, Quantity: 3 });
    expect(down.DataSourceList[0]).toMatchObject({ DataSourceType: 2, SequenceType: 1, AddedValue: -1 });
    expect(
      printedLabels({ docs: [label.doc], copies: [3], masked: [label.masked] }).map(
        (d) => (d.elements[0] as TextElement).Data,
      ),
    ).toEqual(["BL9998", "BL9999", "BM0000"]);
    expect(r.unknown).toEqual([]);
  });

  it("an ^XF of a format never stored is listed, not dropped", () => {
    const r = zpl("^XA^XFR:NONE.ZPL^FS^FO1,1^FDx^FS^XZ");
    expect(r.unknown).toEqual([{ command: "^XF ?", count: 1 }]);
    expect(r.labels[0].doc.elements).toHaveLength(1);
  });

  it("the printed labels repeat each label by its ^PQ, and refuse more than the page limit", () => {
    const doc = zpl("^XA^FO1,1^FDx^FS^XZ").labels[0].doc;
    expect(printedLabels({ docs: [doc, doc], copies: [2, 1] })).toHaveLength(3);
    expect(() => printedLabels({ docs: [doc], copies: [ZPL_MAX_PAGES + 1] })).toThrow(
      expect.objectContaining({ key: "zpl.error.tooManyPages" }),
    );
  });
});

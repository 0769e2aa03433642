// Unit tests of the writer's shape and the reader's refusals.
import CryptoJS from "crypto-js";
import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createElement, emptyDocument } from "../../../src/model";
import { createDataSource } from "../../../src/model/defaults";
import {
  detectLabelFormat,
  LABEL_FILE_MAX_BYTES,
  parseLabelFile,
  serializeTprt,
  serializeTprts,
  TPRTS_IV_HEX,
  TPRTS_KEY_HEX,
} from "../../../src/model/file";
import { syncMirrors } from "../../../src/model/ops/mirror-sync";
import type { LabelDocument, LabelElement, TextElement, TimeTextElement } from "../../../src/model/types";

function docOf(...elements: LabelElement[]): LabelDocument {
  return { ...emptyDocument({ name: "Unit" }), elements };
}
function parsed(input: string | Uint8Array, name?: string): LabelDocument {
  const r = parseLabelFile(input, name);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.doc;
}
const errorKey = (input: string | Uint8Array, name?: string) => {
  const r = parseLabelFile(input, name);
  return r.ok ? "ok" : r.error.key;
};

/** A .tprts around any plaintext, built with the documented key (for bombs and odd payloads). */
function tprtsOf(plain: Uint8Array): Uint8Array {
  const words = CryptoJS.lib.WordArray.create(plain as unknown as number[]);
  const enc = CryptoJS.AES.encrypt(words, CryptoJS.enc.Hex.parse(TPRTS_KEY_HEX), {
    iv: CryptoJS.enc.Hex.parse(TPRTS_IV_HEX),
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  const cipher = Buffer.from(enc.ciphertext.toString(CryptoJS.enc.Hex), "hex");
  const head = Buffer.alloc(10);
  head.write("TPRTS\u0001", 0, "latin1");
  head.writeUInt32BE(cipher.length, 6);
  return new Uint8Array(Buffer.concat([head, cipher]));
}

describe("writing", () => {
  it("writes a TimeText as Type Text with IsTimeText yes, and reads it back as TimeText", () => {
    const t = createElement("TimeText", [], { x: 1, y: 2 });
    const xml = serializeTprt(docOf(t));
    expect(xml).toContain("<Type>Text</Type>");
    expect(xml).not.toContain("<Type>TimeText</Type>");
    expect(xml).toContain("<IsTimeText>yes</IsTimeText>");
    const back = parsed(xml).elements[0] as TimeTextElement;
    expect(back.Type).toBe("TimeText");
    expect(back).toEqual(t);
  });

  it("stores Rotate 270 as -90 and reads -90 and 270 as 270", () => {
    const r = { ...createElement("Rectangle", [], { x: 0, y: 0 }), Rotate: 270 as const };
    const xml = serializeTprt(docOf(r));
    expect(xml).toContain("<Rotate>-90</Rotate>");
    expect(parsed(xml).elements[0].Rotate).toBe(270);
    expect(parsed(xml.replace("<Rotate>-90</Rotate>", "<Rotate>270</Rotate>")).elements[0].Rotate).toBe(270);
  });

  it("never writes mirror copies; the original keeps CopyMirrorImage and the copy comes back on load", () => {
    const a = { ...createElement("Text", [], { x: 0, y: 0 }), CopyMirrorImage: true };
    const copy = { ...a, Id: `${a.Id}_mirror`, CopyMirrorImage: false };
    const xml = serializeTprt(docOf(a, copy));
    expect(xml).not.toContain("_mirror");
    expect(xml.match(/<DrawObject>/g)).toHaveLength(1);
    // on load the copy is rebuilt from the flag, right above its original
    const back = parsed(xml).elements;
    expect(back.map((e) => e.Id)).toEqual([a.Id, `${a.Id}_mirror`]);
    expect(back[0]).toEqual(a);
    expect(back).toEqual(syncMirrors(docOf(a)).elements);
  });

  it("writes data source keys as attributes: the type's keys plus what differs from the default", () => {
    const seq = createDataSource({
      DataSourceType: 2,
      FirstValue: "590123412345",
      InitialValue: "590123412345",
      Quantity: 10,
    });
    const code = {
      ...createElement("Barcode", [], { x: 0, y: 0 }),
      DataSourceList: [seq],
      dataSourceIndex: 0,
    };
    expect(serializeTprt(docOf(code))).toContain(
      '<DataSource Type="2" FirstValue="590123412345" InitialValue="590123412345" SequenceType="0" AddedValue="1" Quantity="10"/>',
    );
  });

  it("escapes markup in strings: nothing in a value can open a tag", () => {
    const t: TextElement = {
      ...createElement("Text", [], { x: 0, y: 0 }),
      Data: '</Data><Injected a="1"/>&x;\r',
    };
    const xml = serializeTprt(docOf(t));
    expect(xml).not.toContain("<Injected");
    expect(xml).toContain('&lt;/Data&gt;&lt;Injected a="1"/&gt;&amp;x;&#13;');
    expect((parsed(xml).elements[0] as TextElement).Data).toBe(t.Data);
  });

  it("joins canvas images with commas, keeping data URLs whole and escaping other commas", () => {
    const canvas_img = ["https://example.com/a,b.png", "data:image/png;base64,iVBORw0KGgo=", "/files/c.png"];
    const xml = serializeTprt({ ...emptyDocument({ canvas_img }), elements: [] });
    expect(xml).toContain(
      "<Canvas>https://example.com/a%2Cb.png,data:image/png;base64,iVBORw0KGgo=,/files/c.png</Canvas>",
    );
    expect(parsed(xml).attrs.canvas_img).toEqual([
      "https://example.com/a%2Cb.png",
      canvas_img[1],
      canvas_img[2],
    ]);
  });

  it("writes the spec's FileInfo fields, in mm, with the creator", () => {
    const xml = serializeTprt({
      ...emptyDocument({ name: "A", width: 62.5, paddingTop: 1.25, printBackground: true }),
      elements: [],
    });
    for (const s of [
      '<Creator Platform="Website" Version="V2.5.3"/>',
      "<Width>62.5</Width>",
      "<UpperMargin>1.25</UpperMargin>",
      "<PrintBackground>yes</PrintBackground>",
    ]) {
      expect(xml).toContain(s);
    }
  });
});

describe("reading", () => {
  it("detects the format by content, whatever the name says", () => {
    const doc = docOf(createElement("Ellipse", [], { x: 3, y: 4 }));
    const enc = serializeTprts(doc);
    const xml = serializeTprt(doc);
    expect(detectLabelFormat(enc)).toBe("tprts");
    expect(detectLabelFormat(xml)).toBe("tprt");
    expect(detectLabelFormat("hello")).toBeUndefined();
    expect(parsed(enc, "label.tprt")).toEqual(doc);
    expect(parsed(new TextEncoder().encode(xml), "label.tprts")).toEqual(doc);
  });

  it("accepts base64 text of a .tprts, UTF-16 text and a byte-order mark", () => {
    const doc = docOf(createElement("Diamond", [], { x: 1, y: 1 }));
    expect(parsed(Buffer.from(serializeTprts(doc)).toString("base64"))).toEqual(doc);
    const xml = serializeTprt(doc);
    expect(
      parsed(new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, "utf16le")]))),
    ).toEqual(doc);
    expect(parsed(`\uFEFF${xml}`)).toEqual(doc);
  });

  it("names the label after the file when the file has no name", () => {
    const xml = "<LabelFile><FileInfo><LabelName></LabelName></FileInfo></LabelFile>";
    expect(parsed(xml, "/tmp/Shelf tag.v2.tprts").attrs.name).toBe("Shelf tag.v2");
    expect(parsed(xml).attrs.name).toBe("");
    expect(parsed("<LabelFile/>", "x.tprt").attrs.name).toBe("x");
    expect(parsed("<LabelFile/>").attrs.name).toBe("New Label");
  });

  it("an empty <LabelFile/> is an empty label with default attributes", () => {
    const doc = parsed("<LabelFile/>");
    expect(doc.elements).toEqual([]);
    expect(doc.attrs).toEqual(emptyDocument().attrs);
  });

  it("keeps the target resolution (ours, TargetDpi); absent or unknown values read as 203 dpi", () => {
    const doc = { ...emptyDocument(), attrs: { ...emptyDocument().attrs, targetDpi: 300 as const } };
    const xml = serializeTprt(doc);
    expect(xml).toContain("<TargetDpi>300</TargetDpi>");
    expect(parsed(xml).attrs.targetDpi).toBe(300);
    const info = (v: string) => `<LabelFile><FileInfo><TargetDpi>${v}</TargetDpi></FileInfo></LabelFile>`;
    expect(parsed(info("600")).attrs.targetDpi).toBe(600);
    for (const bad of ["72", "", "abc", "-203", "1e9"]) expect(parsed(info(bad)).attrs.targetDpi).toBe(203);
    expect(parsed("<LabelFile><FileInfo><Width>50</Width></FileInfo></LabelFile>").attrs.targetDpi).toBe(203);
  });

  it("reads legacy QR error levels as letters", () => {
    const xml = (lvl: string) =>
      `<LabelFile><ObjectList><DrawObject><Type>QRcode</Type><ErrorCorrectionLevel>${lvl}</ErrorCorrectionLevel></DrawObject></ObjectList></LabelFile>`;
    expect(
      ["7", "15", "25", "30", "q", "bogus"].map(
        (l) => (parsed(xml(l)).elements[0] as { ErrorCorrectionLevel: string }).ErrorCorrectionLevel,
      ),
    ).toEqual(["L", "M", "Q", "H", "Q", "M"]);
  });

  it("writes a QR code's level as the exported record's number, other symbologies as they are", () => {
    const qr = (QrCodeType: number, ErrorCorrectionLevel: string) => ({
      ...createElement("QRcode", [], { x: 0, y: 0 }),
      QrCodeType,
      ErrorCorrectionLevel,
    });
    const xml = serializeTprt(docOf(qr(1, "H"), qr(5, "L2"), qr(2, "4")));
    const levels = [...xml.matchAll(/<ErrorCorrectionLevel>(.*)<\/ErrorCorrectionLevel>/g)].map((m) => m[1]);
    expect(levels).toEqual(["30", "L2", "4"]);
    expect(
      parsed(xml).elements.map((e) => (e as { ErrorCorrectionLevel: string }).ErrorCorrectionLevel),
    ).toEqual(["H", "L2", "4"]);
  });

  it("keeps elements in file order (the z-order)", () => {
    const els: LabelElement[] = [];
    for (const t of ["Triangle", "Text", "Line", "Image"] as const)
      els.push(createElement(t, els, { x: 0, y: 0 }));
    expect(parsed(serializeTprt(docOf(...els))).elements.map((e) => e.Id)).toEqual(els.map((e) => e.Id));
  });

  it("a text without BoxWidth (the spec's element record has none) wraps at its own box", () => {
    const text = (inner: string) =>
      parsed(
        `<LabelFile><ObjectList><DrawObject><Type>Text</Type><Width>90</Width><Height>12</Height>${inner}</DrawObject></ObjectList></LabelFile>`,
      ).elements[0] as TextElement;
    expect(text("<TextAutoLine>yes</TextAutoLine>").BoxWidth).toBe(90);
    // vertical text wraps its columns at the box's height
    expect(text("<TextAutoLine>yes</TextAutoLine><TextArrange>1</TextArrange>").BoxWidth).toBe(12);
    // a stored BoxWidth is kept, a broken one falls back to the box
    expect(text("<BoxWidth>40.5</BoxWidth>").BoxWidth).toBe(40.5);
    expect(text("<BoxWidth>wide</BoxWidth>").BoxWidth).toBe(90);
  });
});

describe("the XML reader", () => {
  const textOf = (inner: string) =>
    (
      parsed(
        `<LabelFile><ObjectList><DrawObject><Type>Text</Type>${inner}</DrawObject></ObjectList></LabelFile>`,
      ).elements[0] as TextElement
    ).Data;

  it("keeps element text exactly, white space included", () => {
    expect(textOf("<Data>  two  spaces  </Data>")).toBe("  two  spaces  ");
    expect(textOf("<Data>\n</Data>")).toBe("\n");
    expect(textOf("<Data/>")).toBe("");
    expect(textOf("<Data>a&#13;&#10;b&#x1F3F7;</Data>")).toBe("a\r\nb🏷");
    expect(textOf("<Data>&amp;lt; stays &amp;lt;</Data>")).toBe("&lt; stays &lt;");
  });

  it("reads CDATA literally, skips comments and processing instructions", () => {
    expect(textOf("<Data><![CDATA[<b>&amp;</b>]]></Data>")).toBe("<b>&amp;</b>");
    expect(textOf("<Data>a<!-- note -->b<?pi x?>c</Data>")).toBe("abc");
  });

  it("refuses a stray & or < anywhere, even between elements", () => {
    expect(errorKey("<LabelFile><FileInfo/> & <ObjectList/></LabelFile>")).toBe("file.error.malformed");
    expect(errorKey("<LabelFile><FileInfo/>\n & <ObjectList/></LabelFile>")).toBe("file.error.malformed");
    expect(errorKey('<LabelFile><FileInfo><LabelName a="x<y">n</LabelName></FileInfo></LabelFile>')).toBe(
      "file.error.malformed",
    );
    expect(errorKey("<LabelFile><FileInfo><LabelName>a < b</LabelName></FileInfo></LabelFile>")).toBe(
      "file.error.malformed",
    );
  });

  it("an element named __proto__ or constructor is plain data", () => {
    const doc = parsed(
      "<LabelFile><__proto__><polluted>1</polluted></__proto__><FileInfo><constructor>x</constructor><LabelName>ok</LabelName></FileInfo></LabelFile>",
    );
    expect(doc.attrs.name).toBe("ok");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("refusals", () => {
  it("empty input", () => {
    expect(errorKey("")).toBe("file.error.empty");
    expect(errorKey("  \n ")).toBe("file.error.empty");
    expect(errorKey(new Uint8Array())).toBe("file.error.empty");
  });

  it("input over 50 MiB, before parsing", () => {
    const big = new Uint8Array(LABEL_FILE_MAX_BYTES + 1).fill(0x3c);
    expect(errorKey(big)).toBe("file.error.tooLarge");
    expect(errorKey(`<LabelFile>${"x".repeat(LABEL_FILE_MAX_BYTES)}</LabelFile>`)).toBe(
      "file.error.tooLarge",
    );
  });

  it("a compression bomb in a .tprts stops at the limit", () => {
    const packed = zlibSync(new Uint8Array(LABEL_FILE_MAX_BYTES + 1024 * 1024).fill(0x20), { level: 1 });
    expect(packed.length).toBeLessThan(1_000_000);
    expect(errorKey(tprtsOf(packed))).toBe("file.error.tooLarge");
  });

  it("a .tprts whose payload is not zlib, or whose XML is not a label", () => {
    expect(errorKey(tprtsOf(new TextEncoder().encode("<LabelFile/>")))).toBe("file.error.decrypt");
    expect(errorKey(tprtsOf(zlibSync(new TextEncoder().encode("<html/>"))))).toBe("file.error.notLabel");
    expect(errorKey(tprtsOf(zlibSync(new TextEncoder().encode("<LabelFile/>"))))).toBe("ok");
  });

  it("a .tprts header with nothing after it, or a length that does not match", () => {
    const good = serializeTprts(docOf());
    expect(errorKey(good.subarray(0, 8))).toBe("file.error.truncated");
    expect(errorKey(good.subarray(0, 10))).toBe("file.error.truncated");
    const longer = new Uint8Array(good.length + 16);
    longer.set(good);
    expect(errorKey(longer)).toBe("file.error.decrypt");
  });

  it("XML that is not a label, or is broken", () => {
    expect(errorKey('{"LabelFile": {}}')).toBe("file.error.notLabel");
    expect(errorKey("<svg xmlns='http://www.w3.org/2000/svg'/>")).toBe("file.error.notLabel");
    expect(errorKey("<LabelFile><a></b></LabelFile>")).toBe("file.error.malformed");
    expect(errorKey("<LabelFile><Data>a & b</Data></LabelFile>")).toBe("file.error.malformed");
    expect(errorKey("<LabelFile></LabelFile><LabelFile/>")).toBe("file.error.malformed");
    expect(errorKey("<LabelFile><ObjectList><DrawObject>")).toBe("file.error.truncated");
    expect(errorKey("<LabelFile><FileInfo><LabelName>x</LabelName></FileInfo></Label")).toBe(
      "file.error.truncated",
    );
    expect(errorKey(`<LabelFile>${"<a>".repeat(100)}${"</a>".repeat(100)}</LabelFile>`)).toBe(
      "file.error.malformed",
    );
  });

  it("huge junk is refused without trouble", () => {
    const junk = new Uint8Array(20 * 1024 * 1024);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 2654435761) >>> 24;
    expect(errorKey(junk)).toBe("file.error.notLabel");
    expect(errorKey(`<LabelFile>${"<x>junk</x>".repeat(1_000_000)}`)).toBe("file.error.truncated");
  });
});

// Hand-written label files (tests/fixtures/labels, written from docs/file-format.md) and the broken ones.
import { createDecipheriv } from "node:crypto";
import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  parseLabelFile,
  serializeTprt,
  serializeTprts,
  TPRTS_IV_HEX,
  TPRTS_KEY_HEX,
} from "../../../src/model/file";
import type {
  BarcodeElement,
  QRCodeElement,
  TableElement,
  TextElement,
  TimeTextElement,
} from "../../../src/model/types";
import { BROKEN_LABEL_FILES } from "../../fixtures/labels/broken";

const DIR = "tests/fixtures/labels";
const bytes = (name: string) => new Uint8Array(readFileSync(`${DIR}/${name}`));
function open(name: string) {
  const r = parseLabelFile(bytes(name), name);
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
  return r.doc;
}
const byId = <T>(doc: { elements: readonly { Id: string }[] }, id: string) =>
  doc.elements.find((e) => e.Id === id) as T;

describe("valid hand-written labels", () => {
  it("the issue's example reads with every written field", () => {
    const doc = open("issue-example.tprt");
    expect(doc.attrs).toMatchObject({
      name: "Shelf tag",
      width: 100,
      height: 80,
      columns: 1,
      rows: 1,
      printBackground: false,
    });
    const text = byId<TextElement>(doc, "Ab3dE9xQ");
    expect(text).toMatchObject({
      Type: "Text",
      Name: "Text1",
      StartX: 5,
      StartY: 4,
      Width: 90,
      Height: 10,
      Data: "Cotton T-shirt",
      FontFamily: "Noto Sans SC",
      FontSize: 12,
      TextAlign: 1,
      Bold: false,
    });
    expect(text.DataSourceList).toHaveLength(1);
    expect(text.DataSourceList[0]).toMatchObject({ DataSourceType: 0, FirstValue: "Cotton T-shirt" });
    const code = byId<BarcodeElement>(doc, "Kp0wZ2mN");
    expect(code).toMatchObject({
      Type: "Barcode",
      BarCodeType: 7,
      BarcodeNumPosition: 1,
      TextAlign: 0,
      ISParticipating: false,
      FontSize: 10,
      Data: "590123412345",
    });
    expect(code.DataSourceList[0]).toMatchObject({
      DataSourceType: 2,
      FirstValue: "590123412345",
      SequenceType: 0,
      AddedValue: 1,
      Quantity: 10,
    });
    // a sequence without InitialValue starts at FirstValue
    expect(code.DataSourceList[0].InitialValue).toBe("590123412345");
  });

  it("the complete example of the format doc reads as written", () => {
    const doc = open("shelf-tag.tprt");
    expect(doc.elements.map((e) => e.Type)).toEqual([
      "Text",
      "TimeText",
      "Barcode",
      "QRcode",
      "Image",
      "Table",
      "LineHorizontal",
      "RoundRectangle",
    ]);
    const time = byId<TimeTextElement>(doc, "Tm7Qa1Zc");
    expect(time).toMatchObject({
      TimeType: 1,
      DateFormatChecked: ["date"],
      SelectDate: "2026-03-01",
      SelectTime: "08:30:00",
      Region: 2,
      DateFormat: "dd/MM/yyyy",
      TimeFormat: "HH:mm",
      DayOffset: 30,
      TextPrefix: "Packed ",
    });
    const qr = byId<QRCodeElement>(doc, "Qr5tY6uI");
    expect(qr).toMatchObject({ Rotate: 270, ErrorCorrectionLevel: "Q", ISParticipating: true });
    expect(qr.DataSourceList[0]).toMatchObject({ DataSourceType: 3, ReferenceId: "Kp0wZ2mN" });
    expect(byId<{ imageSrc: string; Lock: boolean }>(doc, "Im9oP8lK")).toMatchObject({
      Lock: true,
      imageSrc: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    });
    const table = byId<TableElement>(doc, "Tb2lE3aB");
    expect(table).toMatchObject({
      Row: 2,
      Column: 2,
      CellWidth: [20, 40],
      CellHeight: [10, 10],
      PenWidth: 0.3,
    });
    expect(table.cells.map((c) => [c.LocaltionStart, c.LocaltionEnd, c.Data, c.Bold])).toEqual([
      [[0, 0], [0, 1], "Sizes", true],
      [[1, 0], [1, 0], "M", false],
      [[1, 1], [1, 1], "L", false],
    ]);
    // cells that leave out their style get the new-cell defaults and a fixed source holding Data
    expect(table.cells[1]).toMatchObject({ FontSize: 10, TextAlign: 0, TextAutoLine: true });
    expect(table.cells[1].DataSourceList[0]).toMatchObject({ DataSourceType: 0, FirstValue: "M" });
    expect(byId(doc, "Ln4kJ5hG")).toMatchObject({
      EndX: 95,
      EndY: 17,
      LineDirection: "LineHorizontal",
      PenWidth: 0.5,
      Dash: true,
      DashStyle: 1,
    });
    expect(byId(doc, "Rr6fD7sA")).toMatchObject({ CornerRadius: 4, Fill: false, PenWidth: 0.3 });
  });

  it("the .tprts made with Node's crypto and zlib from the doc alone opens to the same label", () => {
    const a = open("shelf-tag.tprt");
    const b = open("shelf-tag.tprts");
    expect(b).toEqual(a);
  });

  it("our .tprts decrypts and inflates with Node's crypto and zlib, per the doc", () => {
    const doc = open("shelf-tag.tprt");
    const file = Buffer.from(serializeTprts(doc));
    expect(file.subarray(0, 6).toString("latin1")).toBe("TPRTS\u0001");
    const n = file.readUInt32BE(6);
    expect(n % 16).toBe(0);
    expect(file.length).toBe(10 + n);
    const d = createDecipheriv(
      "aes-256-cbc",
      Buffer.from(TPRTS_KEY_HEX, "hex"),
      Buffer.from(TPRTS_IV_HEX, "hex"),
    );
    const xml = inflateSync(Buffer.concat([d.update(file.subarray(10)), d.final()])).toString("utf8");
    expect(xml).toBe(serializeTprt(doc));
  });

  it("a minimal file gets defaults for everything it leaves out", () => {
    const doc = open("minimal.tprt");
    expect(doc.attrs).toMatchObject({ name: "Minimal", width: 50, height: 30, columns: 1, paddingTop: 0 });
    const [text, rect, qr, table] = doc.elements;
    expect(text.Id).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(text).toMatchObject({
      Name: "Text1",
      Data: "Hello",
      FontFamily: "Noto Sans SC",
      TextAlign: 1,
      Rotate: 0,
    });
    expect((text as TextElement).DataSourceList).toEqual([
      expect.objectContaining({ DataSourceType: 0, FirstValue: "Hello", NormalText: "Hello" }),
    ]);
    expect(rect).toMatchObject({ Name: "Rectangle1", StartX: 2, Width: 46, Fill: false });
    expect(qr).toMatchObject({ QrCodeType: 1, ErrorCorrectionLevel: "M", Encoding: "UTF-8" });
    // sizes but no counts: the lists say how many
    expect(table).toMatchObject({ Column: 3, Row: 1, CellWidth: [10, 10, 10], CellHeight: [5] });
    expect((table as TableElement).cells.map((c) => c.LocaltionStart)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
    expect(new Set(doc.elements.map((e) => e.Id)).size).toBe(4);
  });

  it("a file from another program: BOM, CRLF, comments, CDATA, single quotes, legacy spellings", () => {
    const doc = open("legacy.tprt");
    expect(doc.attrs).toMatchObject({ name: "Legacy & co", width: 60.5, printBackground: true });
    expect(doc.attrs.canvas_img).toEqual([
      "https://example.com/a.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "https://example.com/b.png",
    ]);
    const [time, text, qr, image] = doc.elements;
    expect(time).toMatchObject({
      Type: "TimeText",
      Lock: true,
      Rotate: 270,
      TimeType: 0,
      DateFormatChecked: ["time"],
      DayOffset: -1,
    });
    expect(text).toMatchObject({ Type: "Text", Data: "Price < 5 & more" });
    // an unknown source type falls back to fixed text; single-quoted values keep their double quotes
    expect((text as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 0,
      FirstValue: 'a "quoted" value',
    });
    expect(qr).toMatchObject({ Type: "QRcode", ErrorCorrectionLevel: "H", Encoding: "gb18030", Rotate: 270 });
    expect(image).toMatchObject({
      imageSrc: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgoAAAANSUhEUg[^\s]+==$/),
    });
  });

  it("hostile content stays plain data, is clamped, and pollutes nothing", () => {
    const doc = open("hostile.tprt");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(doc.attrs)).toBe(Object.prototype);
    expect(doc.attrs).toMatchObject({
      name: '<script>alert("name")</script>',
      width: 400,
      height: 0.001,
      columns: 20,
      rows: 1,
      rowSpacing: 0,
      type: "",
    });
    expect(doc.elements.map((e) => e.Type)).toEqual([
      "Text",
      "Rectangle",
      "Image",
      "Image",
      "Table",
      "Table",
      "Text",
    ]);
    expect(doc.elements[6]).toMatchObject({ Data: '<script>alert(2)</script><svg onload="x">' });
    const text = doc.elements[0] as TextElement;
    expect(text).toMatchObject({
      Id: "Hs1xxxxx",
      Name: "<img src=x onerror=alert(1)>",
      Data: "<script>alert(1)</script> ../../etc/passwd",
      StartY: -10000,
      Rotate: 90,
      TextAlign: 1,
      FontSize: 100,
      LetterSpacing: 4,
      FontFamily: '"; font-family: evil',
    });
    expect(text.DataSourceList[0]).toMatchObject({
      DataSourceType: 1,
      ConnectionStr: "javascript:alert(1)",
      Quantity: 1,
      AddedValue: 10,
      DataPrecision: 10,
    });
    expect(text.DataSourceList[1].DataSourceType).toBe(0);
    expect(text.dataSourceIndex).toBe(1);
    // the duplicate id is replaced, the mirror copy skipped
    expect(doc.elements[1].Id).not.toBe("Hs1xxxxx");
    expect(doc.elements.some((e) => e.Id.endsWith("_mirror"))).toBe(false);
    expect(doc.elements[1]).toMatchObject({ Name: "duplicate id", PenWidth: 0.01, CornerRadius: 10 });
    // no javascript: picture, no broken base64
    expect(doc.elements[2]).toMatchObject({ imageSrc: "" });
    expect(doc.elements[3]).toMatchObject({ imageSrc: "" });
    // a cell covering everything wins; the overlapping one is dropped
    const t1 = doc.elements[4] as TableElement;
    expect(t1.CellHeight).toHaveLength(2);
    expect(t1.CellWidth).toHaveLength(3);
    expect(t1.cells).toHaveLength(1);
    expect(t1.cells[0]).toMatchObject({ LocaltionStart: [0, 0], LocaltionEnd: [1, 2], Data: "covers all" });
    // an end before the start is pulled to the start; uncovered positions get default cells
    const t2 = doc.elements[5] as TableElement;
    expect(t2.CellWidth).toEqual([10, 10]);
    expect(t2.cells.map((c) => [c.LocaltionStart, c.LocaltionEnd])).toEqual([
      [
        [1, 1],
        [1, 1],
      ],
      [
        [0, 0],
        [0, 0],
      ],
      [
        [0, 1],
        [0, 1],
      ],
      [
        [1, 0],
        [1, 0],
      ],
    ]);
  });
});

describe("broken files give a typed error, never an exception", () => {
  for (const [name, key] of BROKEN_LABEL_FILES) {
    it(`${name} → ${key}`, () => {
      const r = parseLabelFile(bytes(name), name);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.key).toBe(key);
      // the same as text, where that makes sense
      if (!name.endsWith(".tprts") && name !== "junk.bin") {
        const t = parseLabelFile(readFileSync(`${DIR}/${name}`, "utf8"));
        expect(t.ok ? "ok" : t.error.key).toBe(key);
      }
    });
  }
});

// Native ZPL round trip: an Inkless label → ZPL (^GB, ^GE, ^GD, ^A0/^A@, ^BC, ^BE, ^BQ, ^BX with
// whole-dot modules) → the ZPL reader → the same elements: kinds, data, rotation and places within
// a dot or two of the printer's grid (a code's symbol, centred in its box, by its centre).
import { describe, expect, it } from "vitest";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { fitsText } from "../../src/model/kinds/caps";
import { boundTo } from "../../src/model/kinds/parts";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { getFontRegistry, prepareRender } from "../../src/render";
import { textSizePatch } from "../../src/render/text/size";
import { readZpl } from "../../src/zpl";
import { writeZpl } from "../../src/zpl/write";

const DPI = 203;
const DOT = 25.4 / DPI;

function label(): LabelDocument {
  const els: LabelElement[] = [];
  const add = (el: LabelElement) => els.push(el);
  add({ ...createElement("Rectangle", els, { x: 2, y: 2, width: 96, height: 46 }), PenWidth: 0.5 });
  add({ ...createElement("LineHorizontal", els, { x: 5, y: 20, width: 80, height: 0 }), PenWidth: 0.5 });
  add({ ...createElement("Ellipse", els, { x: 70, y: 25, width: 20, height: 10 }), PenWidth: 0.5 });
  add({
    ...createElement("Text", els, { x: 5, y: 5 }),
    ...boundTo("Bold ^ title ~ 100_%"),
    Bold: true,
    FontSize: 14,
  });
  add({ ...createElement("Text", els, { x: 60, y: 5 }), ...boundTo("Turned"), FontSize: 10, Rotate: 90 });
  add({
    ...createElement("Barcode", els, { x: 5, y: 24 }),
    ...boundTo("INK-0042"),
    BarCodeType: 1,
    Height: 15,
  });
  add({
    ...createElement("Barcode", els, { x: 5, y: 40 }),
    ...boundTo("590123412345"),
    BarCodeType: 7,
    Height: 8,
  });
  add({
    ...createElement("QRcode", els, { x: 50, y: 24, width: 15, height: 15 }),
    ...boundTo("https://inkless.test/q"),
  });
  add({
    ...createElement("QRcode", els, { x: 80, y: 38, width: 8, height: 8 }),
    ...boundTo("DM-7"),
    QrCodeType: 3,
  });
  add({
    ...createElement("QRcode", els, { x: 66, y: 38, width: 10, height: 10 }),
    ...boundTo("AZTEC-7"),
    QrCodeType: 4,
  } as LabelElement);
  return { ...emptyDocument({ width: 100, height: 50 }), elements: els };
}

describe("native ZPL round trip", () => {
  it("label → ZPL → import gives the same elements", async () => {
    // texts as the editor keeps them: sized to their content
    const raw = label();
    await prepareRender(raw);
    const doc = {
      ...raw,
      elements: raw.elements.map((el) =>
        fitsText(el) ? { ...el, ...textSizePatch(el, getFontRegistry()) } : el,
      ),
    };
    const { zpl, skipped } = await writeZpl(doc, DPI);
    expect(skipped).toEqual([]);
    expect(zpl).toMatch(/\^BY\d,3\.0,\d+\^BCN/); // codes go out as the printer's own commands
    expect(zpl).toMatch(/\^BON,\d+,N,201\^FH\^FDAZTEC-7\^FS/);
    const read = await readZpl(new TextEncoder().encode(zpl), { dpi: DPI });
    expect(read.unknown).toEqual([]);
    const back = read.docs[0];
    expect(back.attrs.width).toBeCloseTo(100, 0);
    expect(back.elements.map((e) => e.Type)).toEqual(doc.elements.map((e) => e.Type));
    for (const [i, el] of doc.elements.entries()) {
      const got = back.elements[i] as LabelElement & Record<string, unknown>;
      const want = el as LabelElement & Record<string, unknown>;
      expect(got.Rotate, el.Name).toBe(el.Rotate);
      if ("Data" in want) expect(got.Data, el.Name).toBe(want.Data);
      if (el.Type === "Barcode" || el.Type === "QRcode")
        expect(got.BarCodeType ?? got.QrCodeType).toBe(want.BarCodeType ?? want.QrCodeType);
      // codes are re-sized to whole-dot modules, texts re-measured: their corners stay put
      const slack = el.Type === "Text" ? 1 : 2 * DOT + 0.05;
      if (el.Type === "Barcode" || el.Type === "QRcode") {
        // a code is drawn centred in its box: the symbol stays where it was (its box fits it now)
        const centre = (e: LabelElement) => e.StartX + e.Width / 2;
        expect(Math.abs(centre(got) - centre(el)), `${el.Name} x`).toBeLessThan(slack);
        continue;
      }
      expect(Math.abs(got.StartX - el.StartX), `${el.Name} x`).toBeLessThan(slack);
      if (el.Type !== "Text") expect(Math.abs(got.StartY - el.StartY), `${el.Name} y`).toBeLessThan(slack);
    }
  });
});

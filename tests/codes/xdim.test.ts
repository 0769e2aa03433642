// X-dimension (docs/barcodes.md): modules are whole dots of the label's target resolution on the
// canvas, in exports and in print; the box follows the content at the same X-dimension; the text
// never leaves the box; the tips for codes that cannot be printed at the target resolution.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCode } from "../../src/codes";
import { dotMm } from "../../src/codes/snap";
import { defaultDots, dotsForMm, xIssue } from "../../src/codes/xdim";
import { newCodePatch } from "../../src/editor/codes/newCode";
import { contentPatch } from "../../src/elements/barcode/panelParts";
import { keepCodeX, xDimension, xPatch } from "../../src/elements/barcode/xdim";
import { emptyDocument } from "../../src/model/defaults";
import { addNewElement } from "../../src/model/ops";
import { updateElement } from "../../src/model/ops/update";
import type { BarcodeElement, LabelDocument, QRCodeElement } from "../../src/model/types";
import { mmToPt, ptToMm } from "../../src/model/units";
import { getFontRegistry, prepareRender, renderLabel } from "../../src/render";
import { measureText } from "../../src/render/text";
import { barcodeLabel, qrLabel } from "./support/labels";
import { rasterise, toImageData } from "./support/raster";
import { decode } from "./support/zxing";

const noPrefs = { getItem: () => null, setItem: () => undefined };
const THIRTEEN = "INK-2026-0042";

/** A new Code 128 dropped in a label (the editor's way), then its content typed in the panel. */
function codeWithContent(attrs: Partial<LabelDocument["attrs"]>, data: string): LabelDocument {
  const doc = emptyDocument(attrs);
  const r = addNewElement(doc, "Barcode", {
    x: doc.attrs.width / 2,
    y: doc.attrs.height / 2,
    centered: true,
    patch: newCodePatch("Barcode", doc.attrs, noPrefs),
  });
  if (!("doc" in r)) throw new Error("refused");
  const el = r.doc.elements[0] as BarcodeElement;
  const u = updateElement(r.doc, el.Id, contentPatch(el, data));
  if (!("doc" in u)) throw new Error("refused");
  return keepCodeX(r.doc, u.doc, el.Id);
}

const scaleOf = (svg: string) => Number(/<g transform="translate\([^)]*\) scale\(([\d.]+) /.exec(svg)?.[1]);

describe("the 13-character Code 128 of issue 23 in a new code's box", () => {
  beforeAll(async () => {
    await prepareRender(emptyDocument());
  });

  it.each([203, 300])(
    "keeps 2 dots per module in the export and decodes rasterised at %i dpi",
    async (dpi) => {
      const doc = codeWithContent({ width: 60, height: 40 }, THIRTEEN);
      const el = doc.elements[0] as BarcodeElement;
      const modules = encodeCode({ kind: "barcode", type: 1, data: THIRTEEN }).width;
      // the box grew with the content: 2 dots of 203 dpi per module, and it stays on the label
      expect(el.Width).toBeCloseTo(modules * 2 * dotMm(203), 2);
      expect(el.StartX).toBeGreaterThanOrEqual(0);
      expect(el.StartX + el.Width).toBeLessThanOrEqual(60 + 1e-9);
      const svg = renderLabel(doc, { target: "export" });
      const dots = scaleOf(svg) / dotMm(203);
      expect(dots).toBeCloseTo(Math.round(dots), 4);
      expect(Math.round(dots)).toBe(2);
      const raster = rasterise(svg, 60, 40, dpi);
      const [r] = await decode(toImageData(raster), { formats: ["Code128"] });
      expect(r?.text).toBe(THIRTEEN);
    },
  );

  it("content it cannot encode, then content it can: the box takes the type's X-dimension again", () => {
    // the first-hour journey in Chinese: a barcode bound to a column of Chinese names (no symbol),
    // then to the SKU column, was left with the default content's box, 1 dot a module
    const unencodable = codeWithContent({ width: 60, height: 40 }, "苹果");
    const el = unencodable.elements[0] as BarcodeElement;
    expect(xDimension(el, "苹果", unencodable.attrs)).toBeUndefined();
    const u = updateElement(unencodable, el.Id, contentPatch(el, "SKU-1001"));
    if (!("doc" in u)) throw new Error("refused");
    const doc = keepCodeX(unencodable, u.doc, el.Id);
    const sku = doc.elements[0] as BarcodeElement;
    expect(xDimension(sku, "SKU-1001", doc.attrs)?.dots).toBe(defaultDots(1, 203));
    expect(sku.StartX + sku.Width).toBeLessThanOrEqual(60 + 1e-9);
  });

  it("a label too narrow for the old X-dimension gets fewer dots, never less than one", () => {
    const doc = codeWithContent({ width: 30, height: 20 }, THIRTEEN);
    const el = doc.elements[0] as BarcodeElement;
    const modules = encodeCode({ kind: "barcode", type: 1, data: THIRTEEN }).width;
    expect(el.Width).toBeCloseTo(modules * dotMm(203), 2);
    expect(el.StartX).toBeGreaterThanOrEqual(0);
    expect(el.StartX + el.Width).toBeLessThanOrEqual(30 + 1e-9);
  });

  it("at a 300 dpi target the box is whole 300 dpi dots", () => {
    const doc = codeWithContent({ width: 60, height: 40, targetDpi: 300 }, THIRTEEN);
    const x = xDimension(doc.elements[0] as BarcodeElement, THIRTEEN, doc.attrs);
    expect(x?.dpi).toBe(300);
    expect(x?.dots).toBe(3);
    const dots = scaleOf(renderLabel(doc, { target: "canvas" })) / dotMm(300);
    expect(dots).toBeCloseTo(3, 4);
  });
});

describe("X-dimension of an element", () => {
  it("is read from the box, and typing one sets the box (dots or mm)", () => {
    const doc = barcodeLabel(1, "ABC-123", { Width: 40 });
    const el = doc.elements[0] as BarcodeElement;
    const x = xDimension(el, "ABC-123", doc.attrs);
    const modules = encodeCode({ kind: "barcode", type: 1, data: "ABC-123" }).width;
    expect(x?.dots).toBe(Math.floor(40 / modules / dotMm(203)));
    const p = xPatch(el, "ABC-123", 3, { ...doc.attrs, width: 200 });
    expect(p?.Width).toBeCloseTo(modules * 3 * dotMm(203), 2);
    expect(p?.Height).toBe(el.Height);
    expect(xDimension({ ...el, ...p } as BarcodeElement, "ABC-123", doc.attrs)?.dots).toBe(3);
    expect(dotsForMm(0.33, 203)).toBe(3);
    expect(dotsForMm(0.01, 600)).toBe(1);
  });

  it("a 2D code keeps square whole-dot modules and grows with its content", () => {
    const doc = qrLabel(1, "short", { Width: 25, Height: 25 });
    const el = doc.elements[0] as QRCodeElement;
    const before = xDimension(el, "short", doc.attrs);
    expect(before?.dots).toBe(Math.floor(25 / 21 / dotMm(203)));
    const big = { ...doc.attrs, width: 200, height: 200 };
    const long = "a much longer content that needs a larger symbol version";
    const after = keepCodeX({ ...doc, attrs: big }, { attrs: big, elements: [{ ...el, Data: long }] }, el.Id);
    const grown = after.elements[0] as QRCodeElement;
    expect(grown.Width).toBeGreaterThan(25);
    expect(xDimension(grown, long, big)?.dots).toBe(before?.dots);
  });

  it("warns below one dot per module and below the GS1 minimum for EAN/UPC", () => {
    expect(xIssue(0, 203, 1, 100)).toMatchObject({ key: "codes.x.belowDot", vars: { mm: "12.51" } });
    expect(xIssue(2, 203, 7, 113)).toMatchObject({ key: "codes.x.belowGs1", vars: { min: "0.264" } });
    expect(xIssue(3, 203, 7, 113)).toBeUndefined();
    expect(xIssue(3, 300, 8, 113)).toMatchObject({ key: "codes.x.belowGs1" });
    expect(xIssue(1, 203, 1, 100)).toBeUndefined();
    expect(defaultDots(7, 203)).toBe(3);
    expect(defaultDots(7, 300)).toBe(4);
    expect(defaultDots(1, 203)).toBe(2);
    const narrow = barcodeLabel(1, "A-VERY-LONG-CODE-128-CONTENT", { Width: 10 });
    expect(
      xDimension(narrow.elements[0] as BarcodeElement, "A-VERY-LONG-CODE-128-CONTENT", narrow.attrs)?.issue
        ?.key,
    ).toBe("codes.x.belowDot");
  });
});

describe("the human-readable text never leaves the box", () => {
  beforeAll(async () => {
    await prepareRender(emptyDocument());
  });

  it.each([0, 1, 2] as const)("a text wider than the box shrinks to fit it (align %i)", (align) => {
    const doc = barcodeLabel(1, "12", { Width: 12, FontSize: 30, TextAlign: align });
    const el = doc.elements[0] as BarcodeElement;
    const svg = renderLabel(doc, { target: "export" });
    const m = /<text font-size="([\d.]+)"[^>]*><tspan x="([-\d.]+)"[^>]*>([^<]*)</.exec(svg);
    expect(m).not.toBeNull();
    const [, size, x, text] = m as RegExpExecArray;
    expect(Number(size)).toBeLessThan(ptToMm(30));
    const w = measureText(
      { text, family: el.FontFamily, sizePt: mmToPt(Number(size)) },
      getFontRegistry(),
    ).width;
    expect(Number(x)).toBeGreaterThanOrEqual(-1e-6);
    expect(Number(x) + w).toBeLessThanOrEqual(el.Width + 0.01);
  });
});

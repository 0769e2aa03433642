// Quiet zones against the label's edge (issue 34): a Code 128 stretched to its box leaves 5 mm to
// the label's edge where 10 modules are required. quietZoneCut finds it (the panel and the print
// dialog warn); with the room it asks for, zxing reads the label printed right to its edges with
// dark beyond them. (zxing itself still reads the cut one: field scanners are stricter.)
import { beforeAll, describe, expect, it } from "vitest";
import { quietZoneCut } from "../../src/elements/barcode/quietZone";
import type { BarcodeElement, LabelDocument } from "../../src/model/types";
import { prepareRender, renderLabel } from "../../src/render";
import { barcodeLabel, MARGIN } from "./support/labels";
import { rasterise, toImageData } from "./support/raster";
import { decode } from "./support/zxing";

const DATA = "A1B2";
const code = (doc: LabelDocument) => doc.elements[0] as BarcodeElement;

/** The label at 203 dpi with what lies beyond its edge dark (a neighbouring label's print, the
 * liner's mark): only the label's own blank space counts as quiet zone. */
async function readEdgeToEdge(doc: LabelDocument): Promise<string> {
  await prepareRender(doc, { target: "print", dpi: 203 });
  const svg = renderLabel(doc, { target: "print", dpi: 203 });
  const edge = 3;
  const dark = [
    `<rect x="${-edge}" y="${-edge}" width="${edge}" height="${doc.attrs.height + 2 * edge}" fill="#000"/>`,
    `<rect x="${doc.attrs.width}" y="${-edge}" width="${edge}" height="${doc.attrs.height + 2 * edge}" fill="#000"/>`,
  ].join("");
  const raster = rasterise(
    svg.replace(/<\/svg>$/, `${dark}</svg>`),
    doc.attrs.width,
    doc.attrs.height,
    203,
    edge,
  );
  const [r] = await decode(toImageData(raster), { formats: ["Code128"] });
  return r?.text ?? "";
}

describe("quiet zones at the label's edge", () => {
  beforeAll(async () => {
    await prepareRender(barcodeLabel(1, DATA));
  });

  it("a Code 128 stretched to its box 5 mm from the edges: its 10-module zones (7.5 mm) are cut", () => {
    const doc = barcodeLabel(1, DATA, { Width: 60 });
    const cut = quietZoneCut(code(doc), doc.attrs);
    expect(cut).not.toBeNull();
    expect(cut?.end).toBe("start");
    expect(cut?.haveMm).toBeGreaterThanOrEqual(MARGIN);
    expect(cut?.needMm).toBeGreaterThan(cut?.haveMm ?? 0);
  });

  it("with the room it asks for on both ends, there is no warning and zxing reads it", async () => {
    const tight = barcodeLabel(1, DATA, { Width: 60 });
    const need = quietZoneCut(code(tight), tight.attrs)?.needMm ?? 0;
    const placed = barcodeLabel(1, DATA, { Width: 60, StartX: need + 0.5 });
    const doc = { ...placed, attrs: { ...placed.attrs, width: 60 + 2 * (need + 0.5) } };
    expect(quietZoneCut(code(doc), doc.attrs)).toBeNull();
    expect(await readEdgeToEdge(doc)).toBe(DATA);
  });

  it("inverse printing keeps the zones inside the box; a turned code is measured along the label's height", () => {
    const doc = barcodeLabel(1, DATA, { Width: 60 });
    expect(quietZoneCut({ ...code(doc), AntiMirror: true }, doc.attrs)).toBeNull();
    // turned 90°: the code runs down the label, whose height is far too small for it
    expect(quietZoneCut({ ...code(doc), Rotate: 90 }, doc.attrs)?.haveMm).toBe(0);
  });
});

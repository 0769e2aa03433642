// Every symbology zxing can read: the label goes through the shared renderer (renderLabel, print
// target with dot snapping and export target), is rasterised at 203 and 300 dpi by a 1-bit
// threshold rasteriser, and zxing must read back the input plus the computed check digits.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCode } from "../../src/codes";
import type { LabelDocument } from "../../src/model/types";
import { prepareRender, renderLabel } from "../../src/render";
import { barcodeLabel, qrLabel, READABLE_1D, READABLE_2D } from "./support/labels";
import { rasterise, toImageData } from "./support/raster";
import { decode } from "./support/zxing";

async function readLabel(doc: LabelDocument, dpi: number, target: "print" | "export", format: string) {
  await prepareRender(doc, { target, dpi });
  const svg = renderLabel(doc, { target, dpi });
  expect(svg).not.toContain("data-code-error");
  const raster = rasterise(svg, doc.attrs.width, doc.attrs.height, dpi);
  // GS1 element strings read back with their (AI) parentheses in HRI mode
  return decode(toImageData(raster), {
    formats: [format as never],
    textMode: format === "Code128" ? "HRI" : "Plain",
  });
}

/** Print labels are dense (snapping must cope); export labels get about 0.33 mm modules. */
function width(type: number, data: string, target: "print" | "export"): number {
  if (target === "print") return 50;
  const code = encodeCode({ kind: "barcode", type, data });
  return (code.width + code.quiet[0] + code.quiet[1]) * 0.33;
}

describe.each([203, 300])("decode at %i dpi", (dpi) => {
  beforeAll(async () => {
    await prepareRender(qrLabel(2, "x")); // loads bwip-js for the heavy types used by width()
  });
  for (const target of ["print", "export"] as const) {
    it.each(READABLE_1D)(
      `${target}: 1D type $type ($format) $data`,
      async ({ type, data, expect: want, format }) => {
        const [r] = await readLabel(
          barcodeLabel(type, data, { Width: width(type, data, target) }),
          dpi,
          target,
          format,
        );
        expect(r?.error ?? "").toBe("");
        expect(r?.format).toBe(format);
        expect(r?.text).toBe(want);
      },
    );
    it.each(READABLE_2D)(`${target}: 2D type $type ($format)`, async ({ type, data, format }) => {
      const [r] = await readLabel(qrLabel(type, data), dpi, target, format);
      expect(r?.format).toBe(format);
      expect(r?.text).toBe(data);
    });
  }
});

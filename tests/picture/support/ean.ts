// A label whose size a code gives (picture to label, src/server/picture/size.ts): 60 × 40 mm with an
// EAN-13 of 4 dots a module at 300 dpi (0.339 mm; GS1's nominal module is 0.330 mm).
import { xPatch } from "../../../src/elements/barcode/xdim";
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { BarcodeElement, LabelDocument } from "../../../src/model/types";
import { GS1_NOMINAL_X_MM } from "../../../src/server/picture/size";

export const EAN_DATA = "4006381333931";

export function eanLabel(): LabelDocument {
  const base = emptyDocument({ name: "ean", width: 60, height: 40 });
  const attrs = { ...base.attrs, targetDpi: 300 as const };
  const bar = {
    ...createElement("Barcode", [], { x: 8, y: 8 }),
    BarCodeType: 7,
    Width: 40,
    Height: 20,
    Data: EAN_DATA,
    DataSourceList: [createDataSource({ FirstValue: EAN_DATA, NormalText: EAN_DATA })],
  } as BarcodeElement;
  const sized = { ...bar, ...xPatch(bar, EAN_DATA, 4, attrs) } as BarcodeElement;
  return { ...base, attrs, elements: [sized] };
}

/** The size the estimate should give: 60 × 40 mm × 0.330 / 0.339 (about 58.5 × 39 mm). */
export const EAN_ESTIMATE = {
  width: (60 * GS1_NOMINAL_X_MM) / ((4 * 25.4) / 300),
  height: (40 * GS1_NOMINAL_X_MM) / ((4 * 25.4) / 300),
};

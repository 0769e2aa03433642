// The test label of a network printer (the My printer page's "Test print"): the printer's name, its
// resolution and language, and a Code 128 scan-check barcode whose text (TEST-<dpi>) a scanner
// must read back; drawn at the label size the printer is loaded with (default 60 × 40 mm).
import { emptyDocument } from "../model/defaults";
import { createElement } from "../model/kinds";
import type { BarcodeElement, LabelDocument, LabelElement } from "../model/types";
import type { NetworkPrinter } from "./config";

export const TEST_LABEL_MM = { width: 60, height: 40 } as const;

/** What the test label's barcode reads. */
export const scanCheck = (printer: Pick<NetworkPrinter, "dpi">) => `TEST-${printer.dpi}`;

function text(elements: readonly LabelElement[], value: string, y: number, width: number, height: number) {
  const t = createElement("Text", elements, { x: 3, y });
  return {
    ...t,
    Data: value,
    DataSourceList: t.DataSourceList.map((s) => ({ ...s, FirstValue: value, NormalText: value })),
    Width: width,
    Height: height,
  } as LabelElement;
}

export function calibrationLabel(printer: NetworkPrinter): LabelDocument {
  const width = printer.widthMm ?? TEST_LABEL_MM.width;
  const height = printer.heightMm ?? TEST_LABEL_MM.height;
  const inner = Math.max(4, width - 6);
  const lines = Math.max(3, height * 0.18);
  const name = text([], printer.name.slice(0, 60), 2, inner, lines);
  const info = text([name], `${printer.dpi} dpi · ${printer.language}`, 2 + lines, inner, lines);
  const base = createElement("Barcode", [name, info], { x: 3, y: 2 + 2 * lines + 1 });
  const code: BarcodeElement = {
    ...base,
    BarCodeType: 1,
    Data: scanCheck(printer),
    DataSourceList: base.DataSourceList.map((s) => ({ ...s, FirstValue: scanCheck(printer) })),
    Width: inner,
    Height: Math.max(5, height - (2 + 2 * lines + 1) - 2),
  };
  return {
    attrs: { ...emptyDocument().attrs, name: `Test ${printer.name}`.slice(0, 100), width, height },
    elements: [name, info, code],
  };
}

// The print dialog's preview for a print assistant's label printer: the page as that printer gets it
// (src/zpl/nativePreview.ts: drawn from its own commands read back — ZPL, or TSPL through src/tspl —
// or the exact picture), with the mode to say beside it. Loaded on demand: it pulls in the ZPL
// reader and the font subsetter (the TSPL reader is loaded after it, for a TSPL printer only).
import type { PreviewOutput, PrintDevice } from "../../../machines/printDialog.machine";
import { recordCount, type Sheets } from "../../data/index";
import { PRINT_DPI } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import { getFontRegistry } from "../../render/index";
import { pagePreview, previewSvg } from "../../zpl/nativePreview";

export async function labelPrinterPreview(
  doc: LabelDocument,
  records: readonly number[],
  sheets: Sheets,
  resolve: (record: number) => ReadonlyMap<string, string>,
  device: PrintDevice & { readonly language: "TSPL" | "ZPL" },
): Promise<PreviewOutput> {
  const fonts = getFontRegistry();
  const jobRecords = Array.from({ length: recordCount(doc, sheets) }, (_, i) => i);
  const p = await pagePreview(doc, records, jobRecords, resolve, {
    language: device.language,
    dpi: device.dpi ?? PRINT_DPI,
    sendAs: device.own?.sendAs,
    fonts,
  });
  return { svg: previewSvg(p, records, resolve, { fonts }), mode: p.mode };
}

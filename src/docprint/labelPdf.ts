// "Save as PDF" for cut labels: one page of the label's size per label, each the label's 1-bit dots
// as an image mask drawn over the whole page (what the thermal head would print, at its resolution),
// with our PDF writer (src/export/pdf/writer.ts). The page is the label's size in mm, not its dots'
// (800 dots at 203 dpi are 100.1 mm for a 100 mm label).
import { n3, PdfWriter, pdfString } from "../export/pdf/writer";
import { mmToPt } from "../model/units";
import type { Bitmap } from "../print/bitmap";
import type { LabelSize } from "./compose";

/** The labels of size `size` (mm) as one PDF. */
export function labelsPdf(labels: Iterable<Bitmap>, size: LabelSize, title: string): Uint8Array[] {
  const pw = n3(mmToPt(size.width));
  const ph = n3(mmToPt(size.height));
  const w = new PdfWriter();
  const pagesId = w.reserve();
  const pageIds: number[] = [];
  for (const b of labels) {
    // an image mask paints its 1 bits; ours are 1 = black (Decode [1 0] would invert)
    const img = w.stream(
      `/Type/XObject/Subtype/Image/Width ${b.width}/Height ${b.height}/ImageMask true/BitsPerComponent 1/Decode[1 0]`,
      b.data,
    );
    const content = w.stream("", `q 0 g ${pw} 0 0 ${ph} 0 0 cm /L Do Q`);
    pageIds.push(
      w.put(
        `<</Type/Page/Parent ${pagesId} 0 R/MediaBox[0 0 ${pw} ${ph}]/Resources<</XObject<</L ${img} 0 R>>>>/Contents ${content} 0 R>>`,
      ),
    );
  }
  w.put(
    `<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(" ")}]/Count ${pageIds.length}>>`,
    pagesId,
  );
  const catalog = w.put(`<</Type/Catalog/Pages ${pagesId} 0 R>>`);
  const info = w.put(`<</Producer(Inkless)/Title${pdfString(title)}>>`);
  return w.finish(catalog, info);
}

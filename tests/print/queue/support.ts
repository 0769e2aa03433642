// The print queue tests' label: the print tests' label (a fixed text and a Code 128 sequence
// INK-1001, INK-1002, …) with as many records as asked, so every label's page is different; and
// the pages an uninterrupted job prints, to compare what a fake printer printed with.
import { serializeTprt } from "../../../src/model/file/index";
import type { LabelDocument } from "../../../src/model/types";
import { printJob } from "../../../src/print/job";
import { printLabel } from "../support/label";
import { labelPages } from "../support/labelPages";

export const numberedLabel = (records: number): LabelDocument => printLabel(records);

export const labelXml = (records: number) => serializeTprt(numberedLabel(records));

/**
 * The TSPL printers of the queue tests take exact pictures: the fake printer cuts a TSPL job into
 * pages at `CLS` + `BITMAP` (support/labelPages.ts); the printer's commands are tested in
 * nativeAuto.test.ts and nativePrint.test.ts.
 */
export const PICTURE = { sendAs: "picture" } as const;

/** Each page of the job printed without a fault, as the printer receives it. */
export async function expectedPages(records: number, language: "TSPL" | "ZPL", dpi = 203): Promise<string[]> {
  const chunks: Uint8Array[] = [];
  // a TSPL printer of these tests is set to the exact picture (PICTURE); a ZPL one is left automatic
  const settings = language === "TSPL" ? PICTURE : {};
  for await (const c of printJob(numberedLabel(records), { language, dpi, workers: 0, settings }))
    chunks.push(c);
  return labelPages(Buffer.concat(chunks)).map((p) => p.toString("latin1"));
}

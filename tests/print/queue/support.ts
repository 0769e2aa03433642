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

/** Each page of the job printed without a fault, as the printer receives it. */
export async function expectedPages(records: number, language: "TSPL" | "ZPL", dpi = 203): Promise<string[]> {
  const chunks: Uint8Array[] = [];
  for await (const c of printJob(numberedLabel(records), { language, dpi, workers: 0 })) chunks.push(c);
  return labelPages(Buffer.concat(chunks)).map((p) => p.toString("latin1"));
}

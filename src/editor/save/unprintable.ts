// Never a silent box in the export flow (issue 35): the characters of the label and of every record
// an export may hold that no shipped font draws, named before the export starts, as the print dialog
// does. It loads the fallback faces those records need first (the export itself loads the same).
import { createResolver, type Sheets } from "../../data";
import type { LabelDocument } from "../../model/types";
import { getFontRegistry, prepareRender, recordChars, unprintableChars } from "../../render";

function* indices(n: number) {
  for (let i = 0; i < n; i++) yield i;
}

/** The characters no shipped font draws in the label's `total` records ("" when all are drawn). */
export async function exportUnprintable(doc: LabelDocument, sheets: Sheets, total: number): Promise<string> {
  const chars = recordChars(indices(Math.max(1, total)), createResolver(doc, sheets, new Date()));
  await prepareRender(doc, { target: "export", chars });
  return unprintableChars(doc, getFontRegistry(), chars);
}

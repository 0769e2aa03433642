// What a printer would print of a ZPL file: each label as many times as its ^PQ asks, in order —
// the pages of the file's PDF and the labels of a virtual printer's job.
import type { LabelDocument } from "../model/types";
import { ZPL_MAX_PAGES, ZplError } from "./limits";

export function printedLabels(read: {
  readonly docs: readonly LabelDocument[];
  readonly copies: readonly number[];
}): LabelDocument[] {
  const total = read.docs.reduce((sum, _, i) => sum + (read.copies[i] ?? 1), 0);
  if (total > ZPL_MAX_PAGES) throw new ZplError("zpl.error.tooManyPages", { max: ZPL_MAX_PAGES });
  return read.docs.flatMap((doc, i) => Array.from({ length: read.copies[i] ?? 1 }, () => doc));
}

// What a printer would print of a ZPL file: each label as many times as its ^PQ asks, in order —
// the pages of the file's PDF and the labels of a virtual printer's job. A label with ^SN fields
// (sequences of as many records as its copies, format.ts) is a label of its own per copy, each
// showing its copy's count; a label with ^SF fields too, each showing its mask's value for the copy.
import { sequenceOf } from "../data/sequence";
import { hasDataSources } from "../model/kinds/caps";
import { boundTo } from "../model/kinds/parts";
import type { LabelDocument, LabelElement } from "../model/types";
import { ZPL_MAX_PAGES, ZplError } from "./limits";

const counting = (el: LabelElement) =>
  hasDataSources(el) && el.DataSourceList[el.dataSourceIndex]?.DataSourceType === 2;

/** ^SF field id → its data on each printed copy (`ZplRead.masked`, one map per label) */
export type MaskedCopies = ReadonlyMap<string, readonly string[]>;

/**
 * The label to print `copies` times: itself once for all of them, or each copy with its own count
 * (its sequences' values, its ^SF fields' `masked` values).
 */
export function copiesOf(
  doc: LabelDocument,
  copies: number,
  masked?: MaskedCopies,
): { doc: LabelDocument; copies: number }[] {
  if (!doc.elements.some(counting) && !masked?.size) return [{ doc, copies }];
  const copyValue = (el: LabelElement, k: number): string | undefined => {
    const values = masked?.get(el.Id);
    if (values) return values[k] ?? values[values.length - 1];
    return counting(el) && hasDataSources(el)
      ? sequenceOf(el.DataSourceList[el.dataSourceIndex], k)
      : undefined;
  };
  return Array.from({ length: copies }, (_, k) => ({
    doc: {
      ...doc,
      elements: doc.elements.map((el) => {
        const value = copyValue(el, k);
        return value === undefined ? el : { ...el, ...boundTo(value) };
      }),
    },
    copies: 1,
  }));
}

export function printedLabels(read: {
  readonly docs: readonly LabelDocument[];
  readonly copies: readonly number[];
  readonly masked?: readonly MaskedCopies[];
}): LabelDocument[] {
  const total = read.docs.reduce((sum, _, i) => sum + (read.copies[i] ?? 1), 0);
  if (total > ZPL_MAX_PAGES) throw new ZplError("zpl.error.tooManyPages", { max: ZPL_MAX_PAGES });
  return read.docs.flatMap((doc, i) =>
    copiesOf(doc, read.copies[i] ?? 1, read.masked?.[i]).flatMap((c) =>
      Array.from({ length: c.copies }, () => c.doc),
    ),
  );
}

// A finished format → its label: the document of its elements at the size ^PW / ^LL give (without
// them a 4 × 6 inch label, or as large as the elements reach), within our label limits.

import { sequenceValue } from "../data/sequence";
import { MAX_LABEL_HEIGHT_MM, MAX_LABEL_WIDTH_MM } from "../model/constants";
import { defaultLabelAttrs } from "../model/defaults";
import { hasDataSources } from "../model/kinds/caps";
import type { LabelElement } from "../model/types";
import type { FormatElements } from "./elements";
import { ZPL_MAX_PAGES } from "./limits";
import { maskedCopies, type SerialMask } from "./serialMask";
import type { ZplLabel } from "./types";

/** The sequence that counts as a ^SF mask does over these copies, if one does (the editor's own). */
function sequenceLike(values: readonly string[], m: SerialMask): { type: 0 | 1 | 3; step: number } | null {
  const sign = m.increment.trim().startsWith("-") ? -1 : 1;
  const digits = m.increment.trim().replace(/^[-+]/, "") || "1";
  for (const [type, radix] of [
    [0, 10],
    [1, 16],
    [3, 36],
  ] as const) {
    if (!new RegExp(`^[${"0123456789abcdefghijklmnopqrstuvwxyz".slice(0, radix)}]+$`, "i").test(digits))
      continue;
    const step = sign * Number.parseInt(digits, radix);
    if (values.every((v, k) => sequenceValue(values[0], type, step, k) === v)) return { type, step };
  }
  return null;
}

const round = (v: number) => Math.round(v * 100) / 100;

export function labelOf(
  f: FormatElements,
  opts: { pw: number; ll: number; name: string; copies: number },
): ZplLabel {
  const extent = (pick: (el: LabelElement) => number) => f.els.reduce((m, el) => Math.max(m, pick(el)), 0);
  const width =
    opts.pw > 0
      ? f.mm(opts.pw)
      : Math.max(
          101.6,
          extent((el) => el.StartX + el.Width),
        );
  const height =
    opts.ll > 0
      ? f.mm(opts.ll)
      : Math.max(
          152.4,
          extent((el) => el.StartY + el.Height),
        );
  const attrs = defaultLabelAttrs({
    name: opts.name,
    width: Math.min(MAX_LABEL_WIDTH_MM, round(width)),
    height: Math.min(MAX_LABEL_HEIGHT_MM, round(height)),
    targetDpi: f.dpi === 300 || f.dpi === 600 ? f.dpi : 203,
  });
  // ^SF fields: their data on each printed copy (more copies than a file may print are refused later)
  const masked = new Map<string, readonly string[]>();
  for (const el of f.els) {
    const m = f.masks.get(el.Id);
    if (m && hasDataSources(el))
      masked.set(el.Id, maskedCopies(el.Data, m, Math.min(opts.copies, ZPL_MAX_PAGES + 1)));
  }
  // a ^SN field is a sequence of as many records as the copies: each printed copy counts on; so is a
  // ^SF field whose mask counts as one of our sequences does (else the opened label shows its first)
  const elements = f.els.map((el) => {
    const values = masked.get(el.Id);
    const m = f.masks.get(el.Id);
    const like = values && m ? sequenceLike(values, m) : null;
    const step = like?.step ?? f.serials.get(el.Id);
    if (step === undefined || !hasDataSources(el)) return el;
    const source = {
      ...el.DataSourceList[0],
      DataSourceType: 2 as const,
      InitialValue: el.Data,
      AddedValue: step,
      Quantity: opts.copies,
      SequenceType: like?.type ?? 0,
    };
    return { ...el, DataSourceList: [source], dataSourceIndex: 0 };
  });
  return {
    doc: { attrs, elements },
    anchors: f.anchors,
    codes: f.codes,
    stretches: f.stretches,
    blocks: f.blocks,
    reversed: f.reversed,
    masked,
    copies: opts.copies,
  };
}

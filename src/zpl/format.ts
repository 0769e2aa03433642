// A finished format → its label: the document of its elements at the size ^PW / ^LL give (without
// them a 4 × 6 inch label, or as large as the elements reach), within our label limits.
import { MAX_LABEL_HEIGHT_MM, MAX_LABEL_WIDTH_MM } from "../model/constants";
import { defaultLabelAttrs } from "../model/defaults";
import { hasDataSources } from "../model/kinds/caps";
import type { LabelElement } from "../model/types";
import type { FormatElements } from "./elements";
import type { ZplLabel } from "./types";

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
  // a ^SN field is a sequence of as many records as the copies: each printed copy counts on
  const elements = f.els.map((el) => {
    const step = f.serials.get(el.Id);
    if (step === undefined || !hasDataSources(el)) return el;
    const source = {
      ...el.DataSourceList[0],
      DataSourceType: 2 as const,
      InitialValue: el.Data,
      AddedValue: step,
      Quantity: opts.copies,
      SequenceType: 0 as const,
    };
    return { ...el, DataSourceList: [source], dataSourceIndex: 0 };
  });
  return {
    doc: { attrs, elements },
    anchors: f.anchors,
    codes: f.codes,
    stretches: f.stretches,
    copies: opts.copies,
  };
}

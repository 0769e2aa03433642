// The label of the printer-text tests: texts numbered per record (a sequence), each in its own
// script, one under the other on a 100 × 50 mm label.
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../../src/model/types";

export interface ScriptText {
  readonly first: string;
  readonly family: string;
}

/** Latin, Polish, Greek and Cyrillic, each first value ending in 1001. */
export const SCRIPT_TEXTS: readonly ScriptText[] = [
  { first: "Inkless label 1001", family: "Roboto" },
  { first: "Zażółć gęślą jaźń 1001", family: "Noto Sans" },
  { first: "Ελληνικά κείμενα 1001", family: "Noto Sans" },
  { first: "Кириллица Ёжик 1001", family: "Noto Sans SC" },
];

/** 100 × 50 mm: the texts at 16 pt, 11 mm apart, each numbered per record. */
export function scriptsLabel(
  records: number,
  patch: Partial<LabelElement> = {},
  texts: readonly ScriptText[] = SCRIPT_TEXTS,
): LabelDocument {
  const els: LabelElement[] = [];
  texts.forEach(({ first, family }, i) => {
    const text = createElement("Text", els, { x: 4, y: 4 + i * 11 });
    const seq = createDataSource({
      DataSourceType: 2,
      InitialValue: first,
      FirstValue: first,
      Quantity: records,
    });
    els.push({
      ...text,
      Name: `Text ${i + 1}`,
      Data: first,
      DataSourceList: [seq],
      FontSize: 16,
      FontFamily: family,
      ...patch,
    } as LabelElement);
  });
  return { ...emptyDocument({ width: 100, height: 50 }), elements: els };
}

// After a spreadsheet source change: stored values re-synced with the loaded workbooks (syncValues,
// record 0) and the edited Text element's size recomputed for its new text.
import { type SourceTarget, syncValues } from "../../data";
import { hasEditableText } from "../../model/kinds/caps";
import type { LabelDocument } from "../../model/types";
import { getFontRegistry } from "../../render";
import { textSizePatch } from "../../render/text/size";
import type { Workbook } from "../../spreadsheet/types";

export function settleSource(
  doc: LabelDocument,
  target: SourceTarget,
  sheets: ReadonlyMap<string, Workbook>,
): LabelDocument {
  const synced = syncValues(doc, sheets);
  if (target.cell) return synced;
  return {
    ...synced,
    elements: synced.elements.map((el) =>
      el.Id === target.elementId && hasEditableText(el)
        ? { ...el, ...textSizePatch(el, getFontRegistry()) }
        : el,
    ),
  };
}

// Inline text editing on the canvas (spec §4): only a plain Text element — no data source, or one
// fixed-text source — can be edited in place; its content goes to Data and the fixed entry
// (FirstValue, and NormalText, which a switch back to fixed text restores).

import { hasEditableText } from "../kinds/caps";
import { isMirrorCopy, type LabelElement, type TextElement } from "../types";

export function canEditInline(el: LabelElement | undefined): el is TextElement {
  if (!el || !hasEditableText(el) || isMirrorCopy(el)) return false;
  const list = el.DataSourceList;
  if (!Array.isArray(list)) return false;
  return list.length === 0 || (list.length === 1 && list[0]?.DataSourceType === 0);
}

/** The text element with new fixed content (the element itself when nothing changes). */
export function withFixedText(el: TextElement, value: string): TextElement {
  const text = String(value);
  const list = el.DataSourceList;
  const src = list[0];
  if (el.Data === text && (!src || (src.FirstValue === text && src.NormalText === text))) return el;
  return {
    ...el,
    Data: text,
    DataSourceList: src ? [{ ...src, DataSourceType: 0, FirstValue: text, NormalText: text }] : list,
  };
}

// Text content for Text elements with a fixed data source: typing updates the element (and its size,
// measured with the shared text layout) 100 ms after the last key; each settled edit is one history entry.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TEXT_EDIT_DELAY_MS, TEXT_HEIGHT_FACTOR } from "../../model/constants";
import { updateElement } from "../../model/ops/update";
import type { LabelElement, TextElement } from "../../model/types";
import { ptToMm } from "../../model/units";
import { getFontRegistry } from "../../render";
import { measureText, textElementSpec } from "../../render/text";
import { useEditorContext } from "../state/context";

/** The patch that sets a text element's fixed content and the size it then needs. */
export function textContentPatch(el: TextElement, data: string): Partial<LabelElement> {
  const list = el.DataSourceList.map((s, i) =>
    i === el.dataSourceIndex ? { ...s, FirstValue: data, NormalText: data } : s,
  );
  const patch: Record<string, unknown> = { Data: data, DataSourceList: list };
  try {
    const m = measureText(textElementSpec({ ...el, Data: data }, data), getFontRegistry());
    const minH = ptToMm(el.FontSize) * TEXT_HEIGHT_FACTOR;
    if (!el.TextAutoLine) patch.Width = Math.max(m.width, 1);
    patch.Height = Math.max(m.height, minH);
  } catch {
    // font not loaded yet: keep the size; the renderer still draws the text
  }
  return patch as Partial<LabelElement>;
}

export function TextPanel({ el }: { readonly el: LabelElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const text = el as TextElement;
  const src = text.DataSourceList[text.dataSourceIndex];
  const editable = text.DataSourceList.length <= 1 && (!src || src.DataSourceType === 0);
  const [value, setValue] = useState(text.Data);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another element is shown
  useEffect(() => setValue(text.Data), [text.Id]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const change = (v: string) => {
    setValue(v);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const cur = store.get().doc.elements.find((e) => e.Id === text.Id);
      if (cur?.Type === "Text") store.apply(updateElement(store.get().doc, cur.Id, textContentPatch(cur, v)));
    }, TEXT_EDIT_DELAY_MS);
  };
  return (
    <fieldset className="ink-panel-group">
      <legend>{t("editor.panel.content")}</legend>
      <label className="ink-field">
        <span>{t("editor.panel.content")}</span>
        <textarea
          value={value}
          rows={3}
          disabled={!editable}
          placeholder={t("tip.tip124")}
          data-testid="panel-text"
          onChange={(e) => change(e.target.value)}
        />
      </label>
      {!editable && <p className="ink-panel-note">{t("editor.panel.contentFromSource")}</p>}
    </fieldset>
  );
}

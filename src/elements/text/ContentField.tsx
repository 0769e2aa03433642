// The content box of a Text element's panel. A plain text (no source, or one fixed-text source) is
// typed here: the element (and the size it needs) follows 100 ms after the last key, each settled edit
// one history entry, and a pending edit is applied when the panel closes. Otherwise the box is read-only
// and shows the content the sources resolve to. Whatever changes Data from outside — a source switch or
// edit in the data source editor, undo, the inline editor — shows here at once, unless the user is
// mid-edit.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEditorContext } from "../../editor/state/context";
import { TIP } from "../../i18n/tips";
import { TEXT_EDIT_DELAY_MS } from "../../model/constants";
import { canEditInline, withFixedText } from "../../model/ops/text";
import { updateElement } from "../../model/ops/update";
import type { LabelElement, TextElement } from "../../model/types";
import { getFontRegistry } from "../../render";
import { textSizePatch } from "../../render/text/size";

/** The patch that sets a plain text's content and the size it then needs. */
export function contentPatch(el: TextElement, value: string): Partial<TextElement> {
  const next = withFixedText(el, value);
  return { Data: next.Data, DataSourceList: next.DataSourceList, ...textSizePatch(next, getFontRegistry()) };
}

export function ContentField({ el }: { readonly el: LabelElement }) {
  return <Content key={el.Id} text={el as TextElement} />;
}

function Content({ text }: { readonly text: TextElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const editable = canEditInline(text as LabelElement);
  const [value, setValue] = useState(text.Data);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const flushRef = useRef<() => void>(() => {});
  const id = text.Id;

  // outside changes of the content show at once (not while a typed edit waits to be applied)
  useEffect(() => {
    if (pending.current === null) setValue(text.Data);
  }, [text.Data]);

  useEffect(() => {
    const flush = () => {
      const v = pending.current;
      pending.current = null;
      if (v === null) return;
      const doc = store.get().doc;
      const cur = doc.elements.find((e) => e.Id === id);
      if (cur?.Type === "Text" && canEditInline(cur) && cur.Data !== v)
        store.apply(updateElement(doc, id, contentPatch(cur, v)));
    };
    flushRef.current = flush;
    return () => {
      if (timer.current) clearTimeout(timer.current);
      flush();
    };
  }, [id, store]);

  const change = (v: string) => {
    setValue(v);
    pending.current = v;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      flushRef.current();
    }, TEXT_EDIT_DELAY_MS);
  };
  return (
    <fieldset className="ink-panel-group">
      <legend>{t("editor.panel.content")}</legend>
      <label className="ink-field">
        <span>{t("editor.panel.content")}</span>
        <textarea
          value={editable ? value : text.Data}
          rows={3}
          disabled={!editable}
          placeholder={t(TIP.doubleClickToEdit)}
          data-testid="panel-text"
          onChange={(e) => change(e.target.value)}
        />
      </label>
      {!editable && <p className="ink-panel-note">{t("editor.panel.contentFromSource")}</p>}
    </fieldset>
  );
}

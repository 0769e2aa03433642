// The content box of a Text element's panel. A plain text (no source, or one fixed-text source) is
// typed here, as in the inline editor (textEdit.ts: the element follows 100 ms after the last key,
// each settled edit one history entry, a pending edit applied when the panel closes). Otherwise the box is read-only
// and shows the content the sources resolve to. Whatever changes Data from outside — a source switch or
// edit in the data source editor, undo, the inline editor — shows here at once, unless the user is
// mid-edit.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TIP } from "../../i18n/tips";
import { canEditInline } from "../../model/ops/text";
import type { LabelElement, TextElement } from "../../model/types";
import { useTextEdit } from "./textEdit";

export function ContentField({ el }: { readonly el: LabelElement }) {
  return <Content key={el.Id} text={el as TextElement} />;
}

function Content({ text }: { readonly text: TextElement }) {
  const { t } = useTranslation();
  const editable = canEditInline(text as LabelElement);
  const [value, setValue] = useState(text.Data);
  const edit = useTextEdit(text.Id);

  // outside changes of the content show at once (not while a typed edit waits to be applied)
  useEffect(() => {
    if (!edit.pending()) setValue(text.Data);
  }, [text.Data, edit]);

  const change = (v: string) => {
    setValue(v);
    edit.change(v);
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

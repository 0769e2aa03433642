// Attribute panel of a Text element (spec §3 Text, §5 bounds): content (the editor's content field),
// data sources, text style, auto line with box width, prefix/suffix and anti-mirror. (The inline
// editor on the canvas is the kind's canvas overlay, mounted by the canvas.)
import { useTranslation } from "react-i18next";
import { useLength } from "../../app/ui/useLength";
import { BoundField, Check, TextInput } from "../../editor/panels/fields/controls";
import { useElementUpdate } from "../../editor/panels/fields/useElementUpdate";
import { useEditorContext } from "../../editor/state/context";
import { wrapStartWidth } from "../../model/kinds/text";
import type { ElementPatch } from "../../model/ops/kindUpdate";
import type { TextElement } from "../../model/types";
import { DataSourceEditor } from "../common/DataSourceEditor";
import { TextStyleFields } from "../common/TextStyleFields";
import { UnprintableNote } from "../common/UnprintableNote";
import { ContentField } from "./ContentField";

export function TextElementPanel({ el }: { readonly el: TextElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const update = useElementUpdate();
  const len = useLength();
  const text = el;
  const set = (p: ElementPatch<TextElement>) => update.element(text, p);
  return (
    <>
      <ContentField el={el} />
      <UnprintableNote el={el} />
      <DataSourceEditor target={{ elementId: text.Id }} />
      <fieldset className="ink-panel-group">
        <legend>{t("elements.text.style")}</legend>
        <TextStyleFields value={text} onPatch={set} />
        <div className="ink-field-row">
          <Check
            label={t("elements.text.autoLine")}
            checked={text.TextAutoLine}
            testId="panel-auto-line"
            onChange={(v) =>
              set({
                TextAutoLine: v,
                BoxWidth: v ? wrapStartWidth(text, store.get().doc.attrs.width) : text.BoxWidth,
              })
            }
          />
          <BoundField
            label={len.label("elements.text.boxWidth")}
            bound="BoxWidth"
            unit={len.unit}
            value={text.BoxWidth}
            disabled={!text.TextAutoLine}
            testId="panel-box-width"
            onCommit={(v) => set({ BoxWidth: v })}
          />
        </div>
        <div className="ink-field-row">
          <TextInput
            label={t("elements.text.prefix")}
            value={text.TextPrefix}
            testId="panel-prefix"
            maxLength={200}
            onCommit={(v) => set({ TextPrefix: v })}
          />
          <TextInput
            label={t("elements.text.suffix")}
            value={text.TextSuffix}
            testId="panel-suffix"
            maxLength={200}
            onCommit={(v) => set({ TextSuffix: v })}
          />
        </div>
        <Check
          label={t("elements.text.antiMirror")}
          checked={text.AntiMirror}
          testId="panel-anti-mirror"
          onChange={(v) => set({ AntiMirror: v })}
        />
      </fieldset>
    </>
  );
}

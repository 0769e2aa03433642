// Fields every element kind shows: name, X/Y and rotation (PositionFields), Width/Height. Sizes can be
// typed where the resize handles can change them (shapes, lines, images, tables, auto-line text;
// barcodes and QR codes stay read-only: their own panels size them), under the handles' own rules.
import { useTranslation } from "react-i18next";
import { elementBox } from "../../model/geometry";
import { fitsText } from "../../model/kinds/caps";
import { sizedElement, typedSizeAxes } from "../../model/ops/size";
import type { LabelElement } from "../../model/types";
import { useEditorContext } from "../state/context";
import { useElementUpdate } from "./fields/useElementUpdate";
import { LengthField } from "./LengthField";
import { PositionFields } from "./PositionFields";

export function CommonFields({ el }: { readonly el: LabelElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const box = elementBox(el);
  const typed = typedSizeAxes(el);
  const update = useElementUpdate();
  const size = (axis: "width" | "height") => (v: number) => {
    const cur = store.get().doc.elements.find((e) => e.Id === el.Id);
    const next = cur && fitsText(cur) ? sizedElement(cur, axis, v) : null;
    // a text box re-lays its lines out at the new width, as a box-width edit does
    if (next && fitsText(next))
      update.element(next, {
        StartX: next.StartX,
        StartY: next.StartY,
        Width: next.Width,
        BoxWidth: next.BoxWidth,
      });
    else store.send({ type: "element.size", id: el.Id, axis, size: v });
  };
  return (
    <fieldset className="ink-panel-group">
      <legend>{t(`editor.kind.${el.Type}`)}</legend>
      <label className="ink-field">
        <span>{t("editor.panel.name")}</span>
        <input
          key={el.Id}
          defaultValue={el.Name}
          maxLength={100}
          data-testid="panel-name"
          onBlur={(e) => {
            const v = e.target.value.trim();
            if (v && v !== el.Name) update.element(el, { Name: v });
            else e.target.value = el.Name;
          }}
        />
      </label>
      <PositionFields els={[el]} />
      <div className="ink-field-row">
        <LengthField
          labelKey="editor.panel.width"
          value={box.width}
          readOnly={!typed.width}
          onCommit={typed.width ? size("width") : undefined}
          testId="panel-width"
        />
        <LengthField
          labelKey="editor.panel.height"
          value={box.height}
          readOnly={!typed.height}
          onCommit={typed.height ? size("height") : undefined}
          testId="panel-height"
        />
      </div>
    </fieldset>
  );
}

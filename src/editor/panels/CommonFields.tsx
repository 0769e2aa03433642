// Fields every element kind shows: name, X/Y (editable, kept inside the label, refused when locked),
// Width/Height (read-only, spec §2).
import { useTranslation } from "react-i18next";
import { elementBox } from "../../model/geometry";
import { moveElements } from "../../model/ops/move";
import { updateElement } from "../../model/ops/update";
import type { LabelElement } from "../../model/types";
import { useEditorContext } from "../state/context";
import { NumberField } from "./NumberField";

/** Clamps a new top-left position so the element's box stays on the label (when it fits). */
export function clampPosition(value: number, size: number, labelSize: number): number {
  const max = Math.max(0, labelSize - size);
  return Math.min(max, Math.max(0, Number.isFinite(value) ? value : 0));
}

export function CommonFields({ el }: { readonly el: LabelElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const box = elementBox(el);
  const move = (axis: "x" | "y", v: number) => {
    const cur = store.get().doc;
    const to = clampPosition(
      v,
      axis === "x" ? box.width : box.height,
      axis === "x" ? cur.attrs.width : cur.attrs.height,
    );
    const d = to - box[axis];
    store.apply(moveElements(cur, [el.Id], axis === "x" ? d : 0, axis === "y" ? d : 0));
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
            if (v && v !== el.Name) store.apply(updateElement(store.get().doc, el.Id, { Name: v }));
            else e.target.value = el.Name;
          }}
        />
      </label>
      <div className="ink-field-row">
        <NumberField
          label={t("editor.panel.x")}
          value={box.x}
          testId="panel-x"
          onCommit={(v) => move("x", v)}
        />
        <NumberField
          label={t("editor.panel.y")}
          value={box.y}
          testId="panel-y"
          onCommit={(v) => move("y", v)}
        />
      </div>
      <div className="ink-field-row">
        <NumberField label={t("editor.panel.width")} value={box.width} readOnly testId="panel-width" />
        <NumberField label={t("editor.panel.height")} value={box.height} readOnly testId="panel-height" />
      </div>
    </fieldset>
  );
}

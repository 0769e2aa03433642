// Attribute panel of the shapes (spec §3 shapes, §5): pen width 0.3–10, dash, fill, and the corner
// radius 0–10 (step 0.5) of a rounded rectangle.
import { useTranslation } from "react-i18next";
import { useLength } from "../../app/ui/useLength";
import { BoundField, Check } from "../../editor/panels/fields/controls";
import { useElementUpdate } from "../../editor/panels/fields/useElementUpdate";
import type { ShapeElement } from "../../model/types";
import { dashPatch } from "../common/panelLogic";

export function ShapePanel({ el: shape }: { readonly el: ShapeElement }) {
  const { t } = useTranslation();
  const update = useElementUpdate();
  const len = useLength();
  return (
    <fieldset className="ink-panel-group">
      <legend>{t("elements.shape.title")}</legend>
      <BoundField
        label={len.label("elements.shape.penWidth")}
        bound="PenWidth"
        unit={len.unit}
        value={shape.PenWidth}
        testId="panel-pen-width"
        onCommit={(v) => update.element(shape, { PenWidth: v })}
      />
      <div className="ink-field-row">
        <Check
          label={t("elements.shape.dash")}
          checked={shape.Dash || shape.DashStyle === 1}
          testId="panel-dash"
          onChange={(v) => update.element(shape, dashPatch(v))}
        />
        <Check
          label={t("elements.shape.fill")}
          checked={shape.Fill}
          testId="panel-fill"
          onChange={(v) => update.element(shape, { Fill: v })}
        />
      </div>
      {shape.Type === "RoundRectangle" && (
        <BoundField
          label={len.label("elements.shape.cornerRadius")}
          bound="CornerRadius"
          unit={len.unit}
          value={shape.CornerRadius}
          testId="panel-corner-radius"
          onCommit={(v) => update.element(shape, { CornerRadius: v })}
        />
      )}
    </fieldset>
  );
}

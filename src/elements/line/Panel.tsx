// Attribute panel of the line kinds (spec §3 Line): direction (the free line only), pen width
// (at least 0.3), dash.
import { useTranslation } from "react-i18next";
import { useLength } from "../../app/ui/useLength";
import { BoundField, Check, Choice } from "../../editor/panels/fields/controls";
import { useElementUpdate } from "../../editor/panels/fields/useElementUpdate";
import type { LineElement } from "../../model/types";
import { dashPatch } from "../common/panelLogic";
import { LINE_DIRECTIONS, lineDirectionPatch } from "./direction";

export function LinePanel({ el: line }: { readonly el: LineElement }) {
  const { t } = useTranslation();
  const update = useElementUpdate();
  const len = useLength();
  return (
    <fieldset className="ink-panel-group">
      <legend>{t("elements.line.title")}</legend>
      {line.Type === "Line" && (
        <Choice
          label={t("elements.line.direction")}
          value={line.LineDirection}
          options={LINE_DIRECTIONS.map((d) => ({ value: d, label: t(`elements.line.${d}`) }))}
          testId="panel-line-direction"
          onChange={(d) => update.element(line, lineDirectionPatch(line, d))}
        />
      )}
      <BoundField
        label={len.label("elements.shape.penWidth")}
        bound="PenWidth"
        unit={len.unit}
        value={line.PenWidth}
        testId="panel-pen-width"
        onCommit={(v) => update.element(line, { PenWidth: v })}
      />
      <Check
        label={t("elements.shape.dash")}
        checked={line.Dash || line.DashStyle === 1}
        testId="panel-dash"
        onChange={(v) => update.element(line, dashPatch(v))}
      />
    </fieldset>
  );
}

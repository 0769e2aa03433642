// Attribute panel of a multi-selection (spec §2): the fields every selected element shares, showing the
// common value (empty where they differ); an edit applies to all of them as one history step.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLength } from "../../app/ui/useLength";
import { BoundField, Check, Choice } from "../../editor/panels/fields/controls";
import { useElementUpdate } from "../../editor/panels/fields/useElementUpdate";
import { shallowEqual, useEditorSelector } from "../../editor/state/context";
import type { SharedPatch } from "../../model/ops/kindUpdate";
import type { ImageElement, TextStyle } from "../../model/types";
import {
  dashPatch,
  penBound,
  type SharedField,
  sharedFields,
  sharedValue,
  TEXT_STYLE_FIELDS,
} from "./panelLogic";
import { type StyleValues, TextStyleFields } from "./TextStyleFields";

/** `children` (the editor's position and align fields) come first, under the one count title. */
export function MultiPanel({
  ids,
  children,
}: {
  readonly ids: readonly string[];
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  const els = useEditorSelector(
    (s) => ids.map((id) => s.doc.elements.find((e) => e.Id === id)).filter((e) => e !== undefined),
    shallowEqual,
  );
  const update = useElementUpdate();
  const len = useLength();
  const types = els.map((e) => e.Type);
  const fields = sharedFields(types);
  const has = (f: SharedField) => fields.includes(f);
  const val = (f: SharedField) => sharedValue(els, f);
  const set = (p: SharedPatch) => update.shared(ids, p);
  const style: StyleValues = Object.fromEntries(TEXT_STYLE_FIELDS.map((f) => [f, val(f)])) as StyleValues;
  return (
    <fieldset className="ink-panel-group" data-testid="panel-multi-fields">
      <legend data-testid="panel-multi">{t("elements.multi.title", { count: els.length })}</legend>
      {children}
      {has("FontSize") && <TextStyleFields value={style} onPatch={(p: Partial<TextStyle>) => set(p)} />}
      {has("AntiMirror") && (
        <Check
          label={t("elements.text.antiMirror")}
          checked={val("AntiMirror") === true}
          testId="panel-anti-mirror"
          onChange={(v) => set({ AntiMirror: v })}
        />
      )}
      {has("PenWidth") && (
        <BoundField
          label={len.label("elements.shape.penWidth")}
          bound={penBound(types)}
          unit={len.unit}
          value={val("PenWidth") as number | undefined}
          testId="panel-pen-width"
          onCommit={(v) => set({ PenWidth: v })}
        />
      )}
      {has("Dash") && (
        <Check
          label={t("elements.shape.dash")}
          checked={val("Dash") === true}
          testId="panel-dash"
          onChange={(v) => set(dashPatch(v))}
        />
      )}
      {has("Fill") && (
        <Check
          label={t("elements.shape.fill")}
          checked={val("Fill") === true}
          testId="panel-fill"
          onChange={(v) => set({ Fill: v })}
        />
      )}
      {has("CornerRadius") && (
        <BoundField
          label={len.label("elements.shape.cornerRadius")}
          bound="CornerRadius"
          unit={len.unit}
          value={val("CornerRadius") as number | undefined}
          testId="panel-corner-radius"
          onCommit={(v) => set({ CornerRadius: v })}
        />
      )}
      {has("ISParticipating") && (
        <Check
          label={t("elements.image.keepProportion")}
          checked={val("ISParticipating") === true}
          testId="panel-image-proportion"
          onChange={(v) => set({ ISParticipating: v })}
        />
      )}
      {has("imageDisplayMode") && (
        <Choice
          label={t("elements.image.displayMode")}
          value={val("imageDisplayMode") as ImageElement["imageDisplayMode"] | undefined}
          options={[
            { value: "COLORFUL", label: t("elements.image.colorful") },
            { value: "BLACKWHITE", label: t("elements.image.blackWhite") },
          ]}
          testId="panel-image-mode"
          onChange={(v: string) => set({ imageDisplayMode: v })}
        />
      )}
    </fieldset>
  );
}

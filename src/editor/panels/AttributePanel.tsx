// The right attribute panel: switches with the selection (spec §2). One element → its common fields
// and its kind's panel; several → one group titled with their count: their common box's X/Y and
// rotation, the align/distribute actions, and the fields they share; none → the label's summary.
import { useTranslation } from "react-i18next";
import { ALIGN_ACTIONS } from "../actions/registry";
import type { ActionContext } from "../actions/types";
import { KindPanel, useElementsUi } from "../kinds";
import { selectSelected, selectSelection, shallowEqual, useEditorSelector } from "../state/context";
import { ActionButton } from "../toolbar/ActionButton";
import { CommonFields } from "./CommonFields";
import { PositionFields } from "./PositionFields";

export function AttributePanel({ width, ctx }: { readonly width: number; readonly ctx: ActionContext }) {
  const { t } = useTranslation();
  const selection = useEditorSelector(selectSelection, shallowEqual);
  // the selected elements in z-order: a change of others does not render the panel again
  const selected = useEditorSelector(selectSelected, shallowEqual);
  const el = selection.length === 1 ? selected[0] : undefined;
  const { MultiPanel } = useElementsUi();
  return (
    <aside
      className="ink-panel"
      style={{ width }}
      aria-label={t("editor.panel.title")}
      data-testid="attribute-panel"
    >
      {el ? (
        <>
          <CommonFields el={el} />
          <KindPanel el={el} />
        </>
      ) : selection.length > 1 ? (
        <MultiPanel ids={selection}>
          <PositionFields els={selected} />
          <fieldset className="ink-toolbar ink-panel-align" aria-label={t("editor.menu.align")}>
            {ALIGN_ACTIONS.map((id) => (
              <ActionButton key={id} id={id} ctx={ctx} testId={`panel-${id}`} />
            ))}
          </fieldset>
        </MultiPanel>
      ) : (
        <p className="ink-panel-empty">{t("editor.panel.none")}</p>
      )}
    </aside>
  );
}

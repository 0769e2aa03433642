// The right attribute panel: switches with the selection (spec §2). One element → its common fields
// and its kind's panel; several → one group titled with their count: their common box's X/Y and
// rotation, the align/distribute actions, and the fields they share; none → the label's summary.
import { useTranslation } from "react-i18next";
import { ALIGN_ACTIONS } from "../actions/registry";
import type { ActionContext } from "../actions/types";
import { KindPanel, useElementsUi } from "../kinds";
import { useEditorSnapshot } from "../state/context";
import { ActionButton } from "../toolbar/ActionButton";
import { CommonFields } from "./CommonFields";
import { PositionFields } from "./PositionFields";

export function AttributePanel({ width, ctx }: { readonly width: number; readonly ctx: ActionContext }) {
  const { t } = useTranslation();
  const { doc, selection } = useEditorSnapshot();
  const el = selection.length === 1 ? doc.elements.find((e) => e.Id === selection[0]) : undefined;
  const { MultiPanel } = useElementsUi();
  const selected = doc.elements.filter((e) => selection.includes(e.Id));
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

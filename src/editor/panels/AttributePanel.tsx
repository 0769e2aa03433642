// The right attribute panel: switches with the selection (spec §2). One element → its common fields
// and its kind's panel; several → how many are selected; none → the label's summary.
import { useTranslation } from "react-i18next";
import { useEditorSnapshot } from "../state/context";
import { CommonFields } from "./CommonFields";
import { KIND_PANELS, MultiPanel } from "./registry";

export function AttributePanel({ width }: { readonly width: number }) {
  const { t } = useTranslation();
  const { doc, selection } = useEditorSnapshot();
  const el = selection.length === 1 ? doc.elements.find((e) => e.Id === selection[0]) : undefined;
  const Kind = el ? KIND_PANELS[el.Type] : undefined;
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
          {Kind && <Kind el={el} />}
        </>
      ) : selection.length > 1 ? (
        <>
          <p className="ink-panel-empty" data-testid="panel-multi">
            {t("editor.panel.multi", { count: selection.length })}
          </p>
          <MultiPanel ids={selection} />
        </>
      ) : (
        <p className="ink-panel-empty">{t("editor.panel.none")}</p>
      )}
    </aside>
  );
}

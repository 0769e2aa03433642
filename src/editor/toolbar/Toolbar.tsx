// The toolbar of spec §2, rendered from the action registry.
import { useTranslation } from "react-i18next";
import { TOOLBAR } from "../actions/registry";
import type { ActionContext } from "../actions/types";
import { ActionButton } from "./ActionButton";

export function Toolbar({ ctx }: { readonly ctx: ActionContext }) {
  const { t } = useTranslation();
  return (
    <div className="ink-toolbar" role="toolbar" aria-label={t("editor.toolbar.label")} data-testid="toolbar">
      {TOOLBAR.map((id, i) =>
        id === "|" ? (
          <span key={`sep${i}`} className="ink-toolbar-sep" aria-hidden="true" />
        ) : (
          <ActionButton key={id} id={id} ctx={ctx} />
        ),
      )}
    </div>
  );
}

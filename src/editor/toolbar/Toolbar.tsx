// The toolbar of spec §2, rendered from the action registry.
import { useTranslation } from "react-i18next";
import { TOOLBAR } from "../actions/registry";
import type { ActionContext } from "../actions/types";
import { ActionButton } from "./ActionButton";

/** Toolbar entries with stable keys (a separator is named after the button before it). */
const ITEMS = TOOLBAR.map((id, i) => ({ id, key: id === "|" ? `sep-${TOOLBAR[i - 1]}` : id }));

export function Toolbar({ ctx }: { readonly ctx: ActionContext }) {
  const { t } = useTranslation();
  return (
    <div className="ink-toolbar" role="toolbar" aria-label={t("editor.toolbar.label")} data-testid="toolbar">
      {ITEMS.map(({ id, key }) =>
        id === "|" ? (
          <span key={key} className="ink-toolbar-sep" aria-hidden="true" />
        ) : (
          <ActionButton key={key} id={id} ctx={ctx} />
        ),
      )}
    </div>
  );
}

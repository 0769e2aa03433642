// The toolbar of spec §2, rendered from the action registry.
import { useTranslation } from "react-i18next";
import { action, TOOLBAR } from "../actions/registry";
import { type ActionContext, kbdLabel } from "../actions/types";
import { Icon } from "./icons";

export function Toolbar({ ctx }: { readonly ctx: ActionContext }) {
  const { t } = useTranslation();
  return (
    <div className="ink-toolbar" role="toolbar" aria-label={t("editor.toolbar.label")} data-testid="toolbar">
      {TOOLBAR.map((id, i) => {
        if (id === "|") return <span key={`sep${i}`} className="ink-toolbar-sep" aria-hidden="true" />;
        const a = action(id);
        const enabled = a.predicate ? a.predicate(ctx) : true;
        const on = a.active?.(ctx);
        const label = t(a.labelKey);
        const kbd = a.kbd?.[0] ? ` (${kbdLabel(a.kbd[0])})` : "";
        return (
          <button
            key={id}
            type="button"
            className={`ink-tool${on ? " is-on" : ""}`}
            data-testid={`tool-${id}`}
            aria-label={label}
            aria-pressed={on === undefined ? undefined : on}
            title={label + kbd}
            disabled={!enabled}
            onClick={() => a.perform(ctx)}
          >
            <Icon name={a.icon ?? "settings"} />
          </button>
        );
      })}
    </div>
  );
}

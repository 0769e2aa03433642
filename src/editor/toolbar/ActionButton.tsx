// One registry action as an icon button (the toolbar and the multi-selection panel's align row).
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { action } from "../actions/registry";
import { type ActionContext, kbdLabel } from "../actions/types";
import { useActionState } from "../actions/useActionContext";
import { Icon } from "./icons";

// memo: the attribute panel renders with every move of the selection; its buttons only with their state
export const ActionButton = memo(function ActionButton({
  id,
  ctx,
  testId,
}: {
  readonly id: string;
  readonly ctx: ActionContext;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const a = action(id);
  const { enabled, on } = useActionState(a, ctx);
  const label = t(a.labelKey);
  const kbd = a.kbd?.[0] ? ` (${kbdLabel(a.kbd[0])})` : "";
  return (
    <button
      type="button"
      className={`ink-tool${on ? " is-on" : ""}`}
      data-testid={testId ?? `tool-${id}`}
      aria-label={label}
      aria-pressed={on === undefined ? undefined : on}
      title={label + kbd}
      disabled={!enabled}
      onClick={() => a.perform(ctx)}
    >
      <Icon name={a.icon ?? "settings"} />
    </button>
  );
});

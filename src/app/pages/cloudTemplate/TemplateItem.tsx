// One template of /cloudTemplate, as a grid card or a list row: its cover (a click opens it in the
// editor; it spans the card, so a click on the name does too), name, label size, last change (and
// its folder in a search), and its actions.
import { useTranslation } from "react-i18next";
import type { TemplateSummary } from "../../api/templates";
import { dateText } from "../../settings/dateText";
import { sizeText } from "../../settings/sizeText";
import { useUnit } from "../../settings/userSettings";
import { Thumb } from "../RecentLabels";

export const TEMPLATE_ACTIONS = ["rename", "move", "duplicate", "versions", "download", "delete"] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

interface Props {
  readonly item: TemplateSummary | undefined;
  readonly view: "grid" | "list";
  /** the folder's name, shown in a search across folders */
  readonly folder?: string;
  readonly canMove: boolean;
  readonly onOpen: (t: TemplateSummary) => void;
  readonly onAction: (action: TemplateAction, t: TemplateSummary) => void;
}

export function TemplateItem({ item, view, folder, canMove, onOpen, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const unit = useUnit();
  if (!item) return <div className={`tpl-item tpl-${view} is-placeholder`} aria-busy="true" />;
  const size = sizeText(t, item.width, item.height, unit);
  return (
    <div className={`tpl-item tpl-${view}`} data-testid="template-item">
      <button
        type="button"
        className="tpl-cover label-thumb"
        aria-label={t("app.templates.openNamed", { name: item.name })}
        title={item.name}
        onClick={() => onOpen(item)}
      >
        <Thumb t={item} box={view === "grid" ? [150, 96] : [56, 36]} />
      </button>
      <span className="tpl-text">
        <span className="tpl-name" data-testid="template-name" title={item.name}>
          {item.name}
        </span>
        <span className="tpl-meta muted">
          {size} · {dateText(i18n.language, item.updated)}
          {folder ? ` · ${folder}` : ""}
        </span>
      </span>
      <span className="tpl-actions">
        {TEMPLATE_ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            className="btn btn-ghost"
            aria-label={t(`app.templates.${action}Named`, { name: item.name })}
            data-testid={`template-${action}`}
            disabled={action === "move" && !canMove}
            onClick={() => onAction(action, item)}
          >
            {t(`app.templates.${action}`)}
          </button>
        ))}
      </span>
    </div>
  );
}

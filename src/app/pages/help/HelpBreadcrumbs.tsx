// Breadcrumbs: Help centre › category › article (the last one is the current page).
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

export interface Crumb {
  readonly label: string;
  readonly to?: string;
}

export function HelpBreadcrumbs({ crumbs }: { readonly crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t("help.title"), to: "/help" }, ...crumbs];
  return (
    <nav className="help-crumbs" aria-label={t("help.breadcrumbs")}>
      <ol>
        {all.map((c, i) =>
          c.to && i < all.length - 1 ? (
            <li key={c.label}>
              <Link to={c.to}>{c.label}</Link>
            </li>
          ) : (
            <li key={c.label} aria-current="page">
              {c.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

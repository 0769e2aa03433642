// The catalogue tree: categories and their articles, the current one marked.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { CategoryNode } from "../../../help/catalog";
import { articlePath } from "../../../help/links";

export function catalogPath(category: string): string {
  return `/helpCatalog?id=${encodeURIComponent(category)}`;
}

export function HelpTree({
  tree,
  current,
}: {
  readonly tree: readonly CategoryNode[];
  readonly current?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="help-tree" aria-label={t("help.catalog")}>
      <ul>
        {tree.map((c) => (
          <li key={c.id}>
            <Link
              to={catalogPath(c.id)}
              className="help-tree-category"
              aria-current={current === c.id ? "page" : undefined}
            >
              {t(`help.category.${c.id}`)}
            </Link>
            <ul>
              {c.articles.map((a) => (
                <li key={a.slug}>
                  <Link to={articlePath(a.slug)} aria-current={current === a.slug ? "page" : undefined}>
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// /helpCatalog?id=<category>: one category's articles beside the catalogue tree.
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { helpCatalog } from "../../../help/content";
import { articlePath } from "../../../help/links";
import { plainText } from "../../../help/markdown";
import { HelpBreadcrumbs } from "./HelpBreadcrumbs";
import { HelpTree } from "./HelpTree";
import { useHelpLanguage } from "./useHelpLanguage";

export default function HelpCatalogPage() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  const [params] = useSearchParams();
  const tree = helpCatalog.tree(lang);
  const category = tree.find((c) => c.id === params.get("id"));
  if (!category) return <Navigate to="/help" replace />;
  const name = t(`help.category.${category.id}`);
  return (
    <div className="help-columns">
      <HelpTree tree={tree} current={category.id} />
      <main className="help-main">
        <HelpBreadcrumbs crumbs={[{ label: name }]} />
        <h1>{name}</h1>
        <ul className="help-list">
          {category.articles.map((a) => (
            <li key={a.slug}>
              <Link to={articlePath(a.slug)}>{a.title}</Link>
              <p className="muted">{plainText(a.body).slice(0, 140)}…</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}

// /help: the whole catalogue, category by category.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { helpCatalog } from "../../../help/content";
import { articlePath } from "../../../help/links";
import { catalogPath } from "./HelpTree";
import { useHelpLanguage } from "./useHelpLanguage";

export default function HelpHomePage() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  return (
    <main className="help-main">
      <h1>{t("help.title")}</h1>
      <p className="muted">{t("help.intro")}</p>
      <div className="help-grid">
        {helpCatalog.tree(lang).map((c) => (
          <section key={c.id} className="card help-card" aria-labelledby={`help-cat-${c.id}`}>
            <h2 id={`help-cat-${c.id}`}>
              <Link to={catalogPath(c.id)}>{t(`help.category.${c.id}`)}</Link>
            </h2>
            <ul>
              {c.articles.map((a) => (
                <li key={a.slug}>
                  <Link to={articlePath(a.slug)}>{a.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}

// /helpSearch?q=<words>: the articles of the current language whose title or body has the words.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { helpSearch } from "../../../help/builtIndex";
import { articlePath } from "../../../help/links";
import type { HelpSearch } from "../../../help/search";
import { HelpBreadcrumbs } from "./HelpBreadcrumbs";
import { useHelpLanguage } from "./useHelpLanguage";

export default function HelpSearchPage() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  const [params] = useSearchParams();
  const query = params.get("q") ?? "";
  const [index, setIndex] = useState<HelpSearch | null>(null);
  useEffect(() => {
    let live = true;
    setIndex(null);
    void helpSearch(lang).then((s) => live && setIndex(s));
    return () => {
      live = false;
    };
  }, [lang]);
  const hits = useMemo(() => index?.search(query) ?? [], [index, query]);
  return (
    <main className="help-main help-narrow">
      <HelpBreadcrumbs crumbs={[{ label: t("help.search.results") }]} />
      <h1>{t("help.search.heading", { query })}</h1>
      {!index ? (
        <p className="muted" aria-busy="true">
          {t("app.common.loading")}
        </p>
      ) : hits.length === 0 ? (
        <p className="muted">{t("help.search.none")}</p>
      ) : (
        <ol className="help-list" aria-label={t("help.search.results")}>
          {hits.map((h) => (
            <li key={h.article.slug}>
              <Link to={articlePath(h.article.slug)}>{h.article.title}</Link>
              <p className="muted">{h.snippet}</p>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

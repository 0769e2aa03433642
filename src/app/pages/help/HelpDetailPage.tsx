// /helpDetail?id=<slug>: one article with breadcrumbs, "was this helpful", previous/next, and a note when it is shown in
// English because the interface language has no version of it.
import { type MouseEvent, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { helpCatalog } from "../../../help/content";
import { articlePath } from "../../../help/links";
import { renderMarkdown } from "../../../help/markdown";
import { HelpBreadcrumbs } from "./HelpBreadcrumbs";
import { HelpHelpful } from "./HelpHelpful";
import { catalogPath, HelpTree } from "./HelpTree";
import { useHelpLanguage } from "./useHelpLanguage";

export default function HelpDetailPage() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const slug = params.get("id") ?? "";
  const article = helpCatalog.article(lang, slug);
  const html = useMemo(() => (article ? renderMarkdown(article.body, article.lang) : ""), [article]);
  if (!article) return <Navigate to="/help" replace />;
  const { prev, next } = helpCatalog.neighbours(lang, slug);
  const categoryName = t(`help.category.${article.category}`);

  // links to other articles stay inside the app
  function follow(e: MouseEvent<HTMLDivElement>) {
    const a = (e.target as HTMLElement).closest("a[data-help-slug]");
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    navigate(articlePath(a.getAttribute("data-help-slug") ?? ""));
  }

  return (
    <div className="help-columns">
      <HelpTree tree={helpCatalog.tree(lang)} current={article.slug} />
      <main className="help-main">
        <HelpBreadcrumbs
          crumbs={[{ label: categoryName, to: catalogPath(article.category) }, { label: article.title }]}
        />
        <article lang={article.lang}>
          <h1>{article.title}</h1>
          {article.lang !== lang && (
            <p className="help-fallback" role="note">
              {t("help.fallback")}
            </p>
          )}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the clicks are the article's own links */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: links keep their keyboard behaviour */}
          <div
            className="help-article"
            onClick={follow}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it escapes raw HTML and refuses unsafe links
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
        <HelpHelpful slug={article.slug} lang={article.lang} />
        <nav className="help-pager" aria-label={t("help.pager")}>
          {prev ? (
            <Link to={articlePath(prev.slug)} rel="prev">
              ← {t("help.prev")}: {prev.title}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link to={articlePath(next.slug)} rel="next">
              {t("help.next")}: {next.title} →
            </Link>
          )}
        </nav>
      </main>
    </div>
  );
}

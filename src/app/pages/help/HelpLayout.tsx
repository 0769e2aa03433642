// The help centre's frame (/help, /helpCatalog, /helpDetail, /helpSearch): a header with the way home,
// the search box, feedback and the language switch, then the page (after a skip link to it).
import "../../../styles/help.css";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useNavigate, useSearchParams } from "react-router-dom";
import { FeedbackButton } from "../../feedback/FeedbackButton";
import { HOME_ROUTE } from "../../pageLinks";
import { useLoggedIn } from "../../router/RootLayout";
import { LanguageSwitcher } from "../../ui/LanguageSwitcher";
import { Logo } from "../../ui/Logo";
import { SkipLink } from "../../ui/SkipLink";

export default function HelpLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const [params] = useSearchParams();
  const shownQuery = params.get("q") ?? "";
  const [query, setQuery] = useState(shownQuery);
  useEffect(() => setQuery(shownQuery), [shownQuery]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = query.trim();
    if (q) navigate(`/helpSearch?q=${encodeURIComponent(q)}`);
  }

  return (
    <div className="shell help">
      <SkipLink />
      <header className="shell-header">
        <Link to="/help" className="brand-line">
          <Logo />
          <span className="brand-name">{t("help.title")}</span>
        </Link>
        <search className="help-search">
          <form onSubmit={submit}>
            <input
              type="search"
              aria-label={t("help.search.label")}
              placeholder={t("help.search.placeholder")}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              {t("help.search.submit")}
            </button>
          </form>
        </search>
        <div className="shell-tools">
          <FeedbackButton />
          <LanguageSwitcher />
          <Link to={loggedIn ? HOME_ROUTE : "/login"} className="btn btn-ghost">
            {loggedIn ? t("app.nav.home") : t("app.login.submit")}
          </Link>
        </div>
      </header>
      <div className="shell-body help-body">
        <Outlet />
      </div>
    </div>
  );
}

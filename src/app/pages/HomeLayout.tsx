// The shell of the /home children: the skip link to the page's <main>, then the header with the main
// navigation (src/app/nav), the help centre, feedback, the language and unit switches and the user
// menu (the personal entries, sign out).
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import { FeedbackButton } from "../feedback/FeedbackButton";
import { MainNav } from "../nav/MainNav";
import { UserMenu } from "../nav/UserMenu";
import { HOME_ROUTE, notePage } from "../pageLinks";
import { SpaceSwitcher } from "../teams/SpaceSwitcher";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Logo } from "../ui/Logo";
import { SkipLink } from "../ui/SkipLink";
import { UnitSwitch } from "../ui/UnitSwitch";

export default function HomeLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // the editor's back button returns to this page
  useEffect(() => notePage(pathname, search), [pathname, search]);

  return (
    <div className="shell">
      <SkipLink />
      <header className="shell-header">
        {/* named by its visible text (the name of the app), which the home page's link in the nav does not repeat */}
        <NavLink to={HOME_ROUTE} className="brand-line" title={t("app.nav.home")}>
          <Logo />
          <span className="brand-name">{t("app.name")}</span>
        </NavLink>
        <MainNav />
        <div className="shell-tools">
          <NavLink
            to="/help"
            className="btn btn-ghost shell-icon"
            data-testid="help-open"
            aria-label={t("help.title")}
            title={t("help.title")}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-1 11h2v2h-2zm1-9a3.5 3.5 0 0 1 1.8 6.5c-.6.4-.8.7-.8 1.5h-2c0-1.6.6-2.4 1.7-3.1A1.5 1.5 0 1 0 10.5 9.5h-2A3.5 3.5 0 0 1 12 6z"
              />
            </svg>
          </NavLink>
          <FeedbackButton icon />
          <LanguageSwitcher />
          <UnitSwitch />
          <SpaceSwitcher />
          <UserMenu />
        </div>
      </header>
      <div className="shell-body">
        <Outlet />
      </div>
    </div>
  );
}

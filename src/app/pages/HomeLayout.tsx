// The shell of the /home children: header with the navigation areas that exist (application.md §2;
// an area whose page is not built yet has no link), the help centre, feedback, the language and unit
// switches and the user menu (personal centre, sign out).
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useNavigate } from "react-router-dom";
import { logout } from "../api/account";
import { session } from "../auth/session";
import { FeedbackButton } from "../feedback/FeedbackButton";
import { HOME_ROUTE } from "../router/guard";
import { Avatar } from "../ui/Avatar";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Logo } from "../ui/Logo";
import { UnitSwitch } from "../ui/UnitSwitch";
import { useMembershipOn } from "./member/membershipStatus";

export default function HomeLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSyncExternalStore(session.subscribe, () => session.user()?.nickname ?? "");
  const headPic = useSyncExternalStore(session.subscribe, () => session.user()?.head_pic ?? "");
  // no member links where membership is switched off (INKLESS_MEMBERSHIP=off)
  const membership = useMembershipOn() === true;

  async function signOut() {
    await logout();
    navigate("/login", { replace: true });
  }

  return (
    <div className="shell">
      <header className="shell-header">
        <NavLink to={HOME_ROUTE} className="brand-line" aria-label={t("app.nav.home")}>
          <Logo />
          <span className="brand-name">{t("app.name")}</span>
        </NavLink>
        <nav className="shell-nav" aria-label={t("app.nav.main")} data-testid="main-nav">
          <NavLink to={HOME_ROUTE}>{t("app.nav.home")}</NavLink>
          <NavLink to="/industryTemplate">{t("app.nav.industryTemplate")}</NavLink>
          <NavLink to="/cloudTemplate">{t("app.nav.cloudTemplate")}</NavLink>
          <NavLink to="/cloudData">{t("app.nav.cloudData")}</NavLink>
          <NavLink to="/sharingTemplates">{t("app.nav.sharing")}</NavLink>
          <NavLink to="/printRecord">{t("app.nav.printRecord")}</NavLink>
          <NavLink to="/dataRecovery">{t("app.nav.dataRecovery")}</NavLink>
          <NavLink to="/user">{t("app.nav.user")}</NavLink>
          <NavLink to="/pdfPrint">{t("app.nav.pdfPrint")}</NavLink>
          {membership && <NavLink to="/member">{t("app.nav.member")}</NavLink>}
          <NavLink to="/myPrinter">{t("app.nav.myPrinter")}</NavLink>
          {/* print settings and more settings are sections of the personal centre */}
          <Link to="/user#print-settings">{t("app.nav.printSettings")}</Link>
          <Link to="/user#more-settings">{t("app.nav.moreSettings")}</Link>
        </nav>
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
          <NavLink to="/user" className="shell-user" aria-label={t("app.nav.user")}>
            <Avatar name={user} src={headPic} size={30} />
            <span className="shell-nickname">{user}</span>
          </NavLink>
          <button type="button" className="btn btn-ghost" onClick={signOut}>
            {t("app.nav.signOut")}
          </button>
        </div>
      </header>
      <div className="shell-body">
        <Outlet />
      </div>
    </div>
  );
}

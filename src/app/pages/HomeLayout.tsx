// The shell of the /home children: header with the navigation areas that exist, the language switch
// and the user menu (personal centre, sign out).
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useNavigate } from "react-router-dom";
import { logout } from "../api/account";
import { session } from "../auth/session";
import { Avatar } from "../ui/Avatar";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Logo } from "../ui/Logo";

export default function HomeLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSyncExternalStore(session.subscribe, () => session.user()?.nickname ?? "");
  const headPic = useSyncExternalStore(session.subscribe, () => session.user()?.head_pic ?? "");

  async function signOut() {
    await logout();
    navigate("/login", { replace: true });
  }

  return (
    <div className="shell">
      <header className="shell-header">
        <NavLink to="/index" className="brand-line" aria-label={t("app.nav.home")}>
          <Logo />
          <span className="brand-name">{t("app.name")}</span>
        </NavLink>
        <nav className="shell-nav" aria-label={t("app.nav.main")}>
          <NavLink to="/index">{t("app.nav.home")}</NavLink>
          <NavLink to="/cloudData">{t("app.nav.cloudData")}</NavLink>
          <NavLink to="/dataRecovery">{t("app.nav.dataRecovery")}</NavLink>
          <NavLink to="/user">{t("app.nav.user")}</NavLink>
          <NavLink to="/myPrinter">{t("app.nav.myPrinter")}</NavLink>
        </nav>
        <div className="shell-tools">
          <LanguageSwitcher />
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

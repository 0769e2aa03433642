// The user menu, opened from the avatar: who is signed in (nickname and account, shown in the menu so
// the header keeps its room for the main navigation), the personal entries of the navigation
// (personal centre, print records, data recovery…) and sign out.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useNavigate } from "react-router-dom";
import { logout } from "../api/account";
import { useMembershipOn } from "../auth/membership";
import { session } from "../auth/session";
import { routeExists } from "../router/routeExists";
import { currentSpace } from "../teams/space";
import { Avatar } from "../ui/Avatar";
import { MenuButton } from "../ui/MenuButton";
import { routedNav } from "./navEntries";

export function UserMenu() {
  const membership = useMembershipOn();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useSyncExternalStore(session.subscribe, () => session.user()?.nickname ?? "");
  const account = useSyncExternalStore(session.subscribe, () => session.user()?.account ?? "");
  const headPic = useSyncExternalStore(session.subscribe, () => session.user()?.head_pic ?? "");

  async function signOut() {
    await logout();
    navigate("/login", { replace: true });
  }

  return (
    <MenuButton
      label={t("app.nav.userMenu")}
      testId="user-menu"
      buttonClassName="shell-user"
      align="end"
      header={
        <div className="menu-head">
          <Avatar name={nickname} src={headPic} size={36} />
          <div className="menu-head-text">
            <strong>{nickname}</strong>
            <span className="muted">{account}</span>
          </div>
        </div>
      }
      items={
        <>
          {routedNav("user", routeExists, membership, currentSpace() !== null).map((e) => (
            <NavLink key={e.id} to={e.to} role="menuitem" tabIndex={-1} className="menu-item">
              {t(e.label)}
            </NavLink>
          ))}
          <hr className="menu-separator" />
          <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={signOut}>
            {t("app.nav.signOut")}
          </button>
        </>
      }
    >
      <Avatar name={nickname} src={headPic} size={30} />
      <svg aria-hidden="true" className="shell-caret" viewBox="0 0 24 24" width="16" height="16">
        <path fill="currentColor" d="M7 10l5 5 5-5z" />
      </svg>
    </MenuButton>
  );
}

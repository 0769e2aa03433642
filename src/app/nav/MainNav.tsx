// The home shell's main navigation: the bar's entries in a row when they fit, otherwise (narrow
// screens, long languages) a menu button that opens them all. The row stays laid out, hidden, so
// its natural width is measured at every size and language.
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { routeExists } from "../router/routeExists";
import { MenuButton } from "../ui/MenuButton";
import { useFits } from "../ui/useFits";
import { routedNav } from "./navEntries";

export function MainNav() {
  const { t } = useTranslation();
  const entries = routedNav("bar", routeExists);
  const bar = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLUListElement>(null);
  const compact = !useFits(bar, row);

  return (
    <nav
      className="shell-nav"
      aria-label={t("app.nav.main")}
      data-testid="main-nav"
      data-compact={compact || undefined}
    >
      {compact && (
        <MenuButton
          label={t("app.nav.menu")}
          testId="main-nav-menu"
          buttonClassName="btn btn-ghost shell-menu-button"
          items={entries.map((e) => (
            <NavLink key={e.id} to={e.to} role="menuitem" tabIndex={-1} className="menu-item">
              {t(e.label)}
            </NavLink>
          ))}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
          </svg>
          <span className="shell-menu-word">{t("app.nav.menu")}</span>
        </MenuButton>
      )}
      <div ref={bar} className="shell-nav-bar">
        <ul ref={row} className="shell-nav-row">
          {entries.map((e) => (
            <li key={e.id}>
              <NavLink to={e.to}>{t(e.label)}</NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

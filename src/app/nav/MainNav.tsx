// The home shell's main navigation: the bar's entries in a row as far as they fit, the rest in a
// "More" menu at its end; on narrow screens (or very long languages), when fewer than two would stay,
// one "Menu" button opens them all. A hidden copy of the row is laid out at its natural width, so the
// entries are measured again at every size, language and font load.
import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, NavLink, useLocation } from "react-router-dom";
import { useMembershipOn } from "../auth/membership";
import { routeExists } from "../router/routeExists";
import { MenuButton } from "../ui/MenuButton";
import { fitCount } from "./fitCount";
import { routedNav } from "./navEntries";

/** How many entries of the measured row (its last child: the "More" button) fit in `box`. */
function useFitCount(box: RefObject<HTMLElement | null>, measure: RefObject<HTMLElement | null>): number {
  const [count, setCount] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const b = box.current;
    const m = measure.current;
    if (!b || !m) return;
    const update = () => {
      const s = getComputedStyle(b);
      const room = b.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
      const widths = [...m.children].map((c) => c.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      setCount(fitCount(widths, Number.parseFloat(getComputedStyle(m).columnGap) || 0, room, more));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(b);
    observer.observe(m);
    return () => observer.disconnect();
  }, [box, measure]);
  return count;
}

const caret = (
  <svg aria-hidden="true" className="shell-caret" viewBox="0 0 24 24" width="16" height="16">
    <path fill="currentColor" d="M7 10l5 5 5-5z" />
  </svg>
);

export function MainNav() {
  const { t } = useTranslation();
  const entries = routedNav("bar", routeExists, useMembershipOn());
  const bar = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const shown = Math.min(useFitCount(bar, measure), entries.length);
  const rest = entries.slice(shown);
  const all = shown === 0;
  // the menu button is marked like the row's link when the current page is one of its entries
  const { pathname } = useLocation();
  const restActive = rest.some((e) => matchPath({ path: e.to, end: false }, pathname));

  return (
    <nav
      ref={bar}
      className="shell-nav"
      aria-label={t("app.nav.main")}
      data-testid="main-nav"
      data-compact={all || undefined}
    >
      <div className="shell-nav-clip" aria-hidden="true">
        <div ref={measure} className="shell-nav-row shell-nav-measure">
          {entries.map((e) => (
            <span key={e.id} className="shell-nav-link">
              {t(e.label)}
            </span>
          ))}
          <span className="btn shell-menu-button">
            {t("app.nav.more")}
            {caret}
          </span>
        </div>
      </div>
      {all || (
        <ul className="shell-nav-row">
          {entries.slice(0, shown).map((e) => (
            <li key={e.id}>
              <NavLink to={e.to} className="shell-nav-link">
                {t(e.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {rest.length > 0 && (
        <MenuButton
          label={t(all ? "app.nav.menu" : "app.nav.more")}
          testId="main-nav-menu"
          buttonClassName={`btn btn-ghost shell-menu-button${restActive ? " active" : ""}`}
          items={rest.map((e) => (
            <NavLink key={e.id} to={e.to} role="menuitem" tabIndex={-1} className="menu-item">
              {t(e.label)}
            </NavLink>
          ))}
        >
          {all ? (
            <>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
              </svg>
              <span className="shell-menu-word">{t("app.nav.menu")}</span>
            </>
          ) : (
            <>
              {t("app.nav.more")}
              {caret}
            </>
          )}
        </MenuButton>
      )}
    </nav>
  );
}

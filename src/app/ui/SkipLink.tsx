// "Skip to main content": the first stop of Tab on a page with a header before it, hidden until it
// has the focus (app.css .skip-link). It moves the focus to the page's <main> without changing the
// route (the address keeps no #fragment either).
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

function focusMain(e: MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector<HTMLElement>("main");
  if (!main) return;
  e.preventDefault();
  // focusable by script only, so Tab goes on from there into the page rather than stopping on <main>
  if (!main.hasAttribute("tabindex")) main.tabIndex = -1;
  main.focus();
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link (WCAG 2.4.1 bypass blocks); its click moves the focus itself so the address stays as it is
    <a href="#main" className="skip-link" onClick={focusMain}>
      {t("app.skipToMain")}
    </a>
  );
}

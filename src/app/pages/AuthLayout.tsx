// The frame of the login, register and change-password pages: a brand panel and a form card.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Logo } from "../ui/Logo";

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <div className="brand-line">
          <Logo size={36} />
          <span className="brand-name">{t("app.name")}</span>
        </div>
        <p className="auth-tagline">{t("app.tagline")}</p>
        <ul className="auth-points">
          <li>{t("app.auth.point1")}</li>
          <li>{t("app.auth.point2")}</li>
          <li>{t("app.auth.point3")}</li>
        </ul>
      </aside>
      <main className="auth-main">
        <div className="auth-top">
          <LanguageSwitcher />
        </div>
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}

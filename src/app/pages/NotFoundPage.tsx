// /404: the requested page does not exist, with a button back to login (spec §8); a signed-in user
// is offered the home page instead (issue 23 item 16).
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { HOME_ROUTE } from "../pageLinks";
import { useLoggedIn } from "../router/RootLayout";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Logo } from "../ui/Logo";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  return (
    <main className="notfound">
      <div className="notfound-top">
        <LanguageSwitcher />
      </div>
      <div className="notfound-body">
        <Logo size={56} />
        <p className="notfound-code" aria-hidden="true">
          404
        </p>
        <h1>{t("app.notFound.title")}</h1>
        <p className="muted">{t("app.notFound.text")}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate(loggedIn ? HOME_ROUTE : "/login")}
        >
          {t(loggedIn ? "app.notFound.home" : "app.notFound.back")}
        </button>
      </div>
    </main>
  );
}

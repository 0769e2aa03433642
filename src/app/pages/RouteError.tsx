// Shown when a page fails to render or its code chunk cannot be loaded (e.g. the editor after an
// update of the server): a clear message and a reload, instead of a blank screen.
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router-dom";
import { Logo } from "../ui/Logo";

export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : "";
  return (
    <main className="notfound" role="alert">
      <div className="notfound-body">
        <Logo size={56} />
        <h1>{t("app.error.title")}</h1>
        <p className="muted">{t("app.error.text")}</p>
        {detail ? <code className="error-detail">{detail}</code> : null}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("app.error.reload")}
        </button>
      </div>
    </main>
  );
}

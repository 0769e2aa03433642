// /prelogin: the sign-in methods this server offers: account and password always, and each
// OpenID Connect provider the operator configured, by name (application.md §2).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { type OidcProvider, oidcProviders } from "../api/oidc";
import { AuthLayout } from "./AuthLayout";

export default function PreloginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [providers, setProviders] = useState<OidcProvider[] | null>(null);
  useEffect(() => {
    oidcProviders().then(setProviders, () => setProviders([]));
  }, []);
  const redirect = params.get("redirect");
  const keep = redirect ? `redirect=${encodeURIComponent(redirect)}` : "";
  return (
    <AuthLayout title={t("app.prelogin.title")}>
      <ul className="signin-methods">
        <li>
          <Link className="btn btn-primary btn-block" to={keep ? `/login?${keep}` : "/login"}>
            {t("app.prelogin.password")}
          </Link>
        </li>
        {providers === null ? (
          <li role="status">{t("app.prelogin.loading")}</li>
        ) : (
          providers.map((p) => (
            <li key={p.id}>
              <Link
                className="btn btn-secondary btn-block"
                to={`/thirdLogin?provider=${encodeURIComponent(p.id)}${keep ? `&${keep}` : ""}`}
              >
                {t("app.prelogin.provider", { name: p.name })}
              </Link>
            </li>
          ))
        )}
      </ul>
      <p className="form-foot">
        {t("app.login.noAccount")} <Link to="/register">{t("app.login.toRegister")}</Link>
      </p>
    </AuthLayout>
  );
}

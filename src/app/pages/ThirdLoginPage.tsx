// /thirdLogin: both ends of a sign-in through an OpenID Connect provider. Opened with ?provider=<id>
// (from /prelogin) it starts the sign-in and goes to the provider; opened by the provider with its
// answer (?code=…&state=… or ?error=…) it hands the answer to the server, which signs a known
// identity straight in or keeps an unknown one for /bindings. Anything refused ends on /login with
// the server's translated reason (shown by the request client).
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { oidcCallback, oidcStart } from "../api/oidc";
import { safeRedirect } from "../router/guard";
import { message } from "../ui/message";
import { PageLoading } from "../ui/PageLoading";
import { AuthLayout } from "./AuthLayout";

/** The provider's answer carries one of these (RFC 6749 §4.1.2). */
const isAnswer = (q: URLSearchParams) => q.has("code") || q.has("error") || q.has("state");

export default function ThirdLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  // an answer can be used once: never send it twice (StrictMode runs effects twice in development)
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const q = new URLSearchParams(search);
    const toLogin = () => navigate("/login", { replace: true });
    void (async () => {
      try {
        if (isAnswer(q)) {
          const r = await oidcCallback(search);
          if (r.status === "bind") navigate("/bindings", { replace: true });
          else navigate(safeRedirect(r.redirect), { replace: true });
          return;
        }
        const provider = q.get("provider");
        if (!provider) {
          message.error(t("server.oidc.noFlow"));
          return toLogin();
        }
        window.location.assign(await oidcStart(provider, q.get("redirect")));
      } catch {
        // the request client has shown why
        toLogin();
      }
    })();
  }, [search, navigate, t]);
  return (
    <AuthLayout title={t("app.thirdLogin.working")}>
      <PageLoading />
    </AuthLayout>
  );
}

// /login: account (e-mail or phone) and password. On success the guard sends the now logged-in user
// on to the redirect query, or to /index.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { login } from "../api/account";
import { oidcProviders } from "../api/oidc";
import { message } from "../ui/message";
import { useFocusInvalid } from "../ui/useFocusInvalid";
import { normaliseAccount } from "../validation";
import { AuthLayout } from "./AuthLayout";
import { AccountField, CurrentPasswordField, loginErrors } from "./authForm";

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ account?: string | null; password?: string | null }>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusInvalid(formRef, errors);
  const [busy, setBusy] = useState(false);
  // other sign-in methods are offered only when the server has some (no link to an empty page)
  const [others, setOthers] = useState(false);
  useEffect(() => {
    oidcProviders().then(
      (p) => setOthers(p.length > 0),
      () => setOthers(false),
    );
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = loginErrors(account, password);
    setErrors(next);
    if (next.account || next.password) return;
    setBusy(true);
    // the error of an earlier attempt is stale now: it does not stay on screen after this one
    message.dismissKind("error");
    try {
      await login(normaliseAccount(account), password);
    } catch {
      // the request client has shown the reason
      setBusy(false);
    }
  }

  const redirect = params.get("redirect");
  return (
    <AuthLayout title={t("app.login.title")}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <AccountField
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          error={errors.account ? t(errors.account) : null}
        />
        <CurrentPasswordField
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password ? t(errors.password) : null}
        />
        <div className="form-links">
          <Link to="/forgetpwd">{t("app.login.forgot")}</Link>
        </div>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t("app.login.submit")}
        </button>
        {others ? (
          <Link
            className="btn btn-secondary btn-block"
            to={redirect ? `/prelogin?redirect=${encodeURIComponent(redirect)}` : "/prelogin"}
          >
            {t("app.login.otherMethods")}
          </Link>
        ) : null}
        <p className="form-foot">
          {t("app.login.noAccount")}{" "}
          <Link to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : "/register"}>
            {t("app.login.toRegister")}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

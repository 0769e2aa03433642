// /forgetpwd: change the password with a verification code sent to the account's e-mail or phone.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { changePassword, sendCode } from "../api/account";
import { Field } from "../ui/Field";
import { message } from "../ui/message";
import { useFocusInvalid } from "../ui/useFocusInvalid";
import { checkAccount, checkCode, checkPasswords, normaliseAccount, PASSWORD_MAX } from "../validation";
import { AuthLayout } from "./AuthLayout";

/** Seconds before another code can be requested. */
export const RESEND_SECONDS = 60;

type Errors = Partial<Record<"account" | "code" | "password" | "password2", string | null>>;

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ account: "", code: "", password: "", password2: "" });
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusInvalid(formRef, errors);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  useEffect(() => {
    if (wait <= 0) return;
    const h = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(h);
  }, [wait]);

  async function requestCode() {
    const accountErr = checkAccount(form.account);
    setErrors({ ...errors, account: accountErr });
    if (accountErr) return;
    try {
      await sendCode(normaliseAccount(form.account));
      message.success(t("app.forget.codeSent"));
      setWait(RESEND_SECONDS);
    } catch {
      // shown by the request client
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const pw = checkPasswords(form.password, form.password2);
    const next: Errors = {
      account: checkAccount(form.account),
      code: checkCode(form.code),
      password: pw && pw !== "app.validate.passwordMismatch" ? pw : null,
      password2: pw === "app.validate.passwordMismatch" ? pw : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword({ ...form, account: normaliseAccount(form.account), code: form.code.trim() });
      message.success(t("app.forget.done"));
      navigate("/login", { replace: true });
    } catch {
      setBusy(false);
    }
  }

  const err = (k: keyof Errors) => {
    const key = errors[k];
    return key ? t(key) : null;
  };
  return (
    <AuthLayout title={t("app.forget.title")}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <Field
          label={t("app.field.account")}
          name="account"
          autoComplete="username"
          placeholder={t("app.field.accountPlaceholder")}
          value={form.account}
          onChange={set("account")}
          error={err("account")}
        />
        <Field
          label={t("app.field.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.code}
          onChange={set("code")}
          error={err("code")}
          addon={
            <button type="button" className="btn btn-secondary" disabled={wait > 0} onClick={requestCode}>
              {wait > 0 ? t("app.forget.resendIn", { seconds: wait }) : t("app.forget.sendCode")}
            </button>
          }
        />
        <Field
          label={t("app.field.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder={t("app.field.passwordHint")}
          value={form.password}
          onChange={set("password")}
          error={err("password")}
        />
        <Field
          label={t("app.field.password2")}
          name="password2"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={form.password2}
          onChange={set("password2")}
          error={err("password2")}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t("app.forget.submit")}
        </button>
        <p className="form-foot">
          <Link to="/login">{t("app.forget.backToLogin")}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}

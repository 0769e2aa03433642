// /forgetpwd: change the password with a verification code sent to the account's e-mail or phone.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { changePassword, sendCode } from "../api/account";
import { Field } from "../ui/Field";
import { message } from "../ui/message";
import { checkAccount, checkCode, normaliseAccount } from "../validation";
import { AuthLayout } from "./AuthLayout";
import { AccountField, NewPasswordFields, strongPasswordErrors, useAuthForm } from "./authForm";

/** Seconds before another code can be requested. */
export const RESEND_SECONDS = 60;

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, set, errors, setErrors, err, busy, formRef, submitWith } = useAuthForm({
    account: "",
    code: "",
    password: "",
    password2: "",
  });
  const [wait, setWait] = useState(0);

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

  const submit = submitWith(
    async () => ({
      account: checkAccount(form.account),
      code: checkCode(form.code),
      ...(await strongPasswordErrors(form.password, form.password2, [form.account])),
    }),
    async () => {
      await changePassword({ ...form, account: normaliseAccount(form.account), code: form.code.trim() });
      message.success(t("app.forget.done"));
      navigate("/login", { replace: true });
    },
  );

  return (
    <AuthLayout title={t("app.forget.title")}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <AccountField value={form.account} onChange={set("account")} error={err("account")} />
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
        <NewPasswordFields
          label={t("app.field.newPassword")}
          password={{ value: form.password, onChange: set("password"), error: err("password") }}
          password2={{ value: form.password2, onChange: set("password2"), error: err("password2") }}
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

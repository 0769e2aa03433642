// /register: account (e-mail or phone), password twice, nickname, industry and the agreement.
// A successful registration signs the user in and opens the home page (or the redirect query).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { register } from "../api/account";
import { safeRedirect } from "../router/guard";
import { checkAccount, normaliseAccount } from "../validation";
import { AuthLayout } from "./AuthLayout";
import {
  AccountField,
  NewPasswordFields,
  NewProfileFields,
  profileErrors,
  strongPasswordErrors,
  useAuthForm,
} from "./authForm";

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, set, err, busy, formRef, submitWith } = useAuthForm({
    account: "",
    password: "",
    password2: "",
    nickname: "",
    industry: "",
  });
  const [agree, setAgree] = useState(false);

  const submit = submitWith(
    async () => ({
      account: checkAccount(form.account),
      ...(await strongPasswordErrors(form.password, form.password2, [form.account, form.nickname])),
      ...profileErrors(form.nickname, form.industry, agree),
    }),
    async () => {
      await register({
        ...form,
        account: normaliseAccount(form.account),
        nickname: form.nickname.trim(),
        agree,
      });
      navigate(safeRedirect(params.get("redirect")), { replace: true });
    },
  );

  return (
    <AuthLayout title={t("app.register.title")}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <AccountField value={form.account} onChange={set("account")} error={err("account")} />
        <NewPasswordFields
          label={t("app.field.password")}
          password={{ value: form.password, onChange: set("password"), error: err("password") }}
          password2={{ value: form.password2, onChange: set("password2"), error: err("password2") }}
        />
        <NewProfileFields
          nickname={{ value: form.nickname, onChange: set("nickname"), error: err("nickname") }}
          industry={{ value: form.industry, onChange: set("industry"), error: err("industry") }}
          agree={{ checked: agree, onChange: setAgree, error: err("agree") }}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t("app.register.submit")}
        </button>
        <p className="form-foot">
          {t("app.register.haveAccount")} <Link to="/login">{t("app.register.toLogin")}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}

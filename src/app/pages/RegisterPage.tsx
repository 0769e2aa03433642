// /register: account (e-mail or phone), password twice, nickname, industry and the agreement.
// A successful registration signs the user in and opens the home page (or the redirect query).
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { register } from "../api/account";
import { safeRedirect } from "../router/guard";
import { Field } from "../ui/Field";
import {
  checkAccount,
  checkAgree,
  checkIndustry,
  checkNickname,
  INDUSTRIES,
  NICKNAME_MAX,
  normaliseAccount,
} from "../validation";
import { AuthLayout } from "./AuthLayout";
import { AccountField, NewPasswordFields, passwordErrors, useAuthForm } from "./authForm";

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useId();
  const { form, set, errors, err, busy, formRef, submitWith } = useAuthForm({
    account: "",
    password: "",
    password2: "",
    nickname: "",
    industry: "",
  });
  const [agree, setAgree] = useState(false);

  const submit = submitWith(
    () => ({
      account: checkAccount(form.account),
      ...passwordErrors(form.password, form.password2),
      nickname: checkNickname(form.nickname),
      industry: checkIndustry(form.industry),
      agree: checkAgree(agree),
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
        <Field
          label={t("app.field.nickname")}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          value={form.nickname}
          onChange={set("nickname")}
          error={err("nickname")}
        />
        <div className={`field${errors.industry ? " field-invalid" : ""}`}>
          <label htmlFor={`${ids}-industry`}>{t("app.field.industry")}</label>
          <select
            id={`${ids}-industry`}
            name="industry"
            value={form.industry}
            onChange={set("industry")}
            aria-invalid={errors.industry ? true : undefined}
          >
            <option value="">{t("app.field.industryChoose")}</option>
            {INDUSTRIES.map((i) => (
              <option key={i} value={i}>
                {t(`app.industry.${i}`)}
              </option>
            ))}
          </select>
          {errors.industry ? <p className="field-error">{err("industry")}</p> : null}
        </div>
        <div className={`field field-check${errors.agree ? " field-invalid" : ""}`}>
          <label>
            <input
              type="checkbox"
              name="agree"
              checked={agree}
              aria-invalid={errors.agree ? true : undefined}
              onChange={(e) => setAgree(e.target.checked)}
            />
            <span>{t("app.register.agree")}</span>
          </label>
          <details className="agreement">
            <summary>{t("app.register.agreementTitle")}</summary>
            <p>{t("app.register.agreementText")}</p>
          </details>
          {errors.agree ? <p className="field-error">{err("agree")}</p> : null}
        </div>
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

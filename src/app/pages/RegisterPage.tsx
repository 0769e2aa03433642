// /register: account (e-mail or phone), password twice, nickname, industry and the agreement.
// A successful registration signs the user in and opens the home page (or the redirect query).
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { register } from "../api/account";
import { safeRedirect } from "../router/guard";
import { Field } from "../ui/Field";
import { useFocusInvalid } from "../ui/useFocusInvalid";
import {
  checkAccount,
  checkAgree,
  checkIndustry,
  checkNickname,
  checkPasswords,
  INDUSTRIES,
  NICKNAME_MAX,
  normaliseAccount,
  PASSWORD_MAX,
} from "../validation";
import { AuthLayout } from "./AuthLayout";

type Errors = Partial<
  Record<"account" | "password" | "password2" | "nickname" | "industry" | "agree", string | null>
>;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useId();
  const [form, setForm] = useState({ account: "", password: "", password2: "", nickname: "", industry: "" });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusInvalid(formRef, errors);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const pw = checkPasswords(form.password, form.password2);
    const next: Errors = {
      account: checkAccount(form.account),
      password: pw && pw !== "app.validate.passwordMismatch" ? pw : null,
      password2: pw === "app.validate.passwordMismatch" ? pw : null,
      nickname: checkNickname(form.nickname),
      industry: checkIndustry(form.industry),
      agree: checkAgree(agree),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await register({
        ...form,
        account: normaliseAccount(form.account),
        nickname: form.nickname.trim(),
        agree,
      });
      navigate(safeRedirect(params.get("redirect")), { replace: true });
    } catch {
      // the request client has shown the reason
      setBusy(false);
    }
  }

  const err = (k: keyof Errors) => {
    const key = errors[k];
    return key ? t(key) : null;
  };
  return (
    <AuthLayout title={t("app.register.title")}>
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
          label={t("app.field.password")}
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

// What the register, forgotten-password, login and bind-account forms share: form state with
// per-field error keys (translated when shown, focus moved to the first invalid field), the account
// field, the "new password twice" pair and a new account's profile (nickname, industry, agreement).
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordWeakness } from "../passwordStrength";
import { Field } from "../ui/Field";
import { message } from "../ui/message";
import { useFocusInvalid } from "../ui/useFocusInvalid";
import {
  checkAgree,
  checkIndustry,
  checkLoginAccount,
  checkNickname,
  checkPasswords,
  INDUSTRIES,
  NICKNAME_MAX,
  PASSWORD_MAX,
} from "../validation";

export type ErrorKeys<K extends string> = Partial<Record<K, string | null>>;

/**
 * Form values, error keys, busy flag and a submit wrapper: `submit(validate, send)` validates, shows
 * the errors, and runs `send` only when there are none; a failed `send` (the request client has
 * already shown why) re-enables the form.
 */
export function useAuthForm<F extends Record<string, string>>(initial: F) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ErrorKeys<string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusInvalid(formRef, errors);

  const set = (k: keyof F) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (k: string) => {
    const key = errors[k];
    return key ? t(key) : null;
  };
  const submitWith =
    (validate: () => ErrorKeys<string> | Promise<ErrorKeys<string>>, send: () => Promise<unknown>) =>
    async (e: FormEvent) => {
      e.preventDefault();
      const next = await validate();
      setErrors(next);
      if (Object.values(next).some(Boolean)) return;
      setBusy(true);
      // the error of an earlier attempt is stale now
      message.dismissKind("error");
      try {
        await send();
      } catch {
        // the request client has shown the reason
        setBusy(false);
      }
    };
  return { form, set, errors, setErrors, err, busy, formRef, submitWith };
}

/** Splits the two-password check into the field each message belongs to. */
export function passwordErrors(
  password: string,
  password2: string,
): { password: string | null; password2: string | null } {
  const pw = checkPasswords(password, password2);
  return {
    password: pw && pw !== "app.validate.passwordMismatch" ? pw : null,
    password2: pw === "app.validate.passwordMismatch" ? pw : null,
  };
}

/**
 * passwordErrors, then how guessable the new password is (the server's own estimator, loaded on
 * first use): the reason is shown beside the password field. `words`: the account and nickname.
 */
export async function strongPasswordErrors(
  password: string,
  password2: string,
  words: readonly string[] = [],
): Promise<{ password: string | null; password2: string | null }> {
  const errs = passwordErrors(password, password2);
  if (errs.password || !password) return errs;
  return { ...errs, password: await passwordWeakness(password, [...words]) };
}

interface InputBinding {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | null;
}

export function AccountField(props: InputBinding) {
  const { t } = useTranslation();
  return (
    <Field
      label={t("app.field.account")}
      name="account"
      autoComplete="username"
      placeholder={t("app.field.accountPlaceholder")}
      {...props}
    />
  );
}

/** An existing account's account and password, checked before they are sent (login, bind). */
export function loginErrors(
  account: string,
  password: string,
): { account: string | null; password: string | null } {
  return {
    account: checkLoginAccount(account),
    password: password ? null : "app.validate.passwordRequired",
  };
}

/** The password of an existing account. */
export function CurrentPasswordField(props: InputBinding & { name?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t("app.field.password")}
      name="password"
      type="password"
      autoComplete="current-password"
      {...props}
    />
  );
}

/** The new password and its confirmation; `label` names the first one ("Password" or "New password"). */
export function NewPasswordFields({
  label,
  password,
  password2,
}: {
  label: string;
  password: InputBinding;
  password2: InputBinding;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        placeholder={t("app.field.passwordHint")}
        {...password}
      />
      <Field
        label={t("app.field.password2")}
        name="password2"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        {...password2}
      />
    </>
  );
}

/** A new account's nickname, industry and agreement, checked (register, bind to a new account). */
export function profileErrors(
  nickname: string,
  industry: string,
  agree: boolean,
): { nickname: string | null; industry: string | null; agree: string | null } {
  return { nickname: checkNickname(nickname), industry: checkIndustry(industry), agree: checkAgree(agree) };
}

/** The nickname, industry and agreement fields of a new account. */
export function NewProfileFields({
  nickname,
  industry,
  agree,
}: {
  nickname: InputBinding;
  industry: InputBinding;
  agree: { checked: boolean; onChange: (v: boolean) => void; error: string | null };
}) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <>
      <Field
        label={t("app.field.nickname")}
        name="nickname"
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        {...nickname}
      />
      <div className={`field${industry.error ? " field-invalid" : ""}`}>
        <label htmlFor={`${ids}-industry`}>{t("app.field.industry")}</label>
        <select
          id={`${ids}-industry`}
          name="industry"
          value={industry.value}
          onChange={industry.onChange}
          aria-invalid={industry.error ? true : undefined}
        >
          <option value="">{t("app.field.industryChoose")}</option>
          {INDUSTRIES.map((i) => (
            <option key={i} value={i}>
              {t(`app.industry.${i}`)}
            </option>
          ))}
        </select>
        {industry.error ? <p className="field-error">{industry.error}</p> : null}
      </div>
      <div className={`field field-check${agree.error ? " field-invalid" : ""}`}>
        <label>
          <input
            type="checkbox"
            name="agree"
            checked={agree.checked}
            aria-invalid={agree.error ? true : undefined}
            onChange={(e) => agree.onChange(e.target.checked)}
          />
          <span>{t("app.register.agree")}</span>
        </label>
        <details className="agreement">
          <summary>{t("app.register.agreementTitle")}</summary>
          <p>{t("app.register.agreementText")}</p>
        </details>
        {agree.error ? <p className="field-error">{agree.error}</p> : null}
      </div>
    </>
  );
}

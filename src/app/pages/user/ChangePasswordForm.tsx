// The personal centre's "Change password" for a signed-in user (issue 34: it used to open the
// signed-out reset page): the current password, then the new one twice, each message beside its
// field; the new password is checked by the server's own strength estimator before it is sent.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { updatePassword } from "../../api/account";
import { ApiError } from "../../api/core";
import { message } from "../../ui/message";
import { CurrentPasswordField, NewPasswordFields, strongPasswordErrors, useAuthForm } from "../authForm";

/** The server's answer to a wrong current password. */
const WRONG_CREDENTIALS = 401;

export function ChangePasswordForm({ account, nickname }: { account: string; nickname: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { form, set, setErrors, err, busy, formRef, submitWith } = useAuthForm({
    old_password: "",
    password: "",
    password2: "",
  });
  const submit = submitWith(
    async () => ({
      old_password: form.old_password ? null : "app.validate.passwordRequired",
      ...(await strongPasswordErrors(form.password, form.password2, [account, nickname])),
    }),
    async () => {
      try {
        await updatePassword(form);
      } catch (e) {
        if (e instanceof ApiError && e.code === WRONG_CREDENTIALS)
          setErrors({ old_password: "app.user.password.wrongOld" });
        throw e;
      }
      message.success(t("app.user.password.changed"));
      setOpen(false);
    },
  );
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => setOpen(true)}
        data-testid="change-password"
      >
        {t("app.user.signIn.changePassword")}
      </button>
    );
  return (
    <form
      ref={formRef}
      className="form user-password-form"
      onSubmit={submit}
      noValidate
      aria-label={t("app.user.signIn.changePassword")}
      data-testid="change-password-form"
    >
      <CurrentPasswordField
        value={form.old_password}
        onChange={set("old_password")}
        error={err("old_password")}
        name="old_password"
        label={t("app.user.password.current")}
      />
      <NewPasswordFields
        label={t("app.field.newPassword")}
        password={{ value: form.password, onChange: set("password"), error: err("password") }}
        password2={{ value: form.password2, onChange: set("password2"), error: err("password2") }}
      />
      <div className="user-password-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {t("app.common.save")}
        </button>
        <button className="btn btn-secondary" type="button" onClick={() => setOpen(false)}>
          {t("app.user.password.cancel")}
        </button>
        <Link to="/forgetpwd">{t("app.user.password.forgot")}</Link>
      </div>
    </form>
  );
}

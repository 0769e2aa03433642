// /bindings: the first sign-in with a provider identity this server does not know yet. The user links
// it to an existing account (whose password is checked) or makes a new account for it; either way
// they are signed in, and the next sign-in with that identity goes straight through.
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { oidcBind, oidcBindNew, oidcPending, type PendingIdentity, type SignInResult } from "../api/oidc";
import { safeRedirect } from "../router/guard";
import { PageLoading } from "../ui/PageLoading";
import { checkAccount, normaliseAccount } from "../validation";
import { AuthLayout } from "./AuthLayout";
import {
  AccountField,
  CurrentPasswordField,
  loginErrors,
  NewProfileFields,
  profileErrors,
  useAuthForm,
} from "./authForm";

function useSignedIn() {
  const navigate = useNavigate();
  return (r: SignInResult) =>
    navigate(safeRedirect(r.status === "signedIn" ? r.redirect : null), { replace: true });
}

function ExistingAccount() {
  const { t } = useTranslation();
  const id = useId();
  const done = useSignedIn();
  const { form, set, err, busy, formRef, submitWith } = useAuthForm({ account: "", password: "" });
  const submit = submitWith(
    () => loginErrors(form.account, form.password),
    async () => done(await oidcBind(normaliseAccount(form.account), form.password)),
  );
  return (
    <section className="bindings-part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("app.bindings.existingTitle")}</h2>
      <form ref={formRef} className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
        <AccountField value={form.account} onChange={set("account")} error={err("account")} />
        <CurrentPasswordField value={form.password} onChange={set("password")} error={err("password")} />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t("app.bindings.existingSubmit")}
        </button>
      </form>
    </section>
  );
}

function NewAccount({ pending }: { pending: PendingIdentity }) {
  const { t } = useTranslation();
  const id = useId();
  const done = useSignedIn();
  const { form, set, err, busy, formRef, submitWith } = useAuthForm({
    account: pending.email,
    nickname: pending.name,
    industry: "",
  });
  const [agree, setAgree] = useState(false);
  const submit = submitWith(
    () => ({ account: checkAccount(form.account), ...profileErrors(form.nickname, form.industry, agree) }),
    async () =>
      done(
        await oidcBindNew({
          account: normaliseAccount(form.account),
          nickname: form.nickname.trim(),
          industry: form.industry,
          agree,
        }),
      ),
  );
  return (
    <section className="bindings-part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("app.bindings.newTitle")}</h2>
      <p className="bindings-note">{t("app.bindings.newNote", { provider: pending.provider })}</p>
      <form ref={formRef} className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
        <AccountField value={form.account} onChange={set("account")} error={err("account")} />
        <NewProfileFields
          nickname={{ value: form.nickname, onChange: set("nickname"), error: err("nickname") }}
          industry={{ value: form.industry, onChange: set("industry"), error: err("industry") }}
          agree={{ checked: agree, onChange: setAgree, error: err("agree") }}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t("app.bindings.newSubmit")}
        </button>
      </form>
    </section>
  );
}

export default function BindingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingIdentity | null>(null);
  useEffect(() => {
    // nothing waiting (expired, or opened directly): the request client says so, back to login
    oidcPending().then(setPending, () => navigate("/login", { replace: true }));
  }, [navigate]);
  return (
    <AuthLayout title={t("app.bindings.title")}>
      {pending ? (
        <>
          <p className="bindings-intro">
            {pending.email
              ? t("app.bindings.introEmail", { provider: pending.provider, email: pending.email })
              : t("app.bindings.intro", { provider: pending.provider })}{" "}
            {t("app.bindings.choose")}
          </p>
          <ExistingAccount />
          <NewAccount pending={pending} />
          <p className="form-foot bindings-part">
            <Link to="/login">{t("app.register.toLogin")}</Link>
          </p>
        </>
      ) : (
        <PageLoading />
      )}
    </AuthLayout>
  );
}

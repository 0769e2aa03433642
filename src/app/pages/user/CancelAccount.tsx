// "Cancel my account" (application.md §4: cancellation clears the data and requires registering
// again): a warning, then a dialog where the user types their account and their password (an
// account without a password confirms with a fresh sign-in through its provider instead). Afterwards
// the session is gone and the login page shows.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { ModalShell } from "../../../editor/save/ModalShell";
import { ApiError } from "../../api/client";
import { cancelAccount, EXPORT_DATA_URL, type SignInMethods } from "../../api/personal";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";
import { providerSignInHref } from "./SignInMethods";

export function CancelAccount({
  account,
  methods,
}: {
  readonly account: string;
  readonly methods: SignInMethods;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [reauth, setReauth] = useState(false);
  const matches = typed.trim().toLowerCase() === account.toLowerCase();
  const provider = methods.providers[0];

  const close = () => {
    setOpen(false);
    setTyped("");
    setPassword("");
  };

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!matches || busy || (methods.password && !password)) return;
    setBusy(true);
    try {
      await cancelAccount(typed.trim(), password);
      message.success(t("app.user.cancel.done"));
      navigate("/login", { replace: true });
    } catch (err) {
      // the request client has shown why; an account without a password signs in again first
      const data = err instanceof ApiError ? (err.response?.data as { reauth?: boolean } | null) : null;
      if (data?.reauth) setReauth(true);
      setBusy(false);
    }
  }

  return (
    <section className="card user-section user-danger" aria-labelledby="user-cancel-h">
      <h2 id="user-cancel-h">{t("app.user.cancel.title")}</h2>
      <p className="muted">{t("app.user.cancel.intro")}</p>
      <div>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => setOpen(true)}
          data-testid="user-cancel-open"
        >
          {t("app.user.cancel.open")}
        </button>
      </div>
      {open && (
        <ModalShell
          title={t("app.user.cancel.confirmTitle")}
          onClose={close}
          testId="user-cancel-dialog"
          describedByBody={false}
          footer={
            <>
              <button type="button" className="ink-btn" onClick={close}>
                {t("app.user.cancel.keep")}
              </button>
              <button
                type="button"
                className="ink-btn is-danger"
                disabled={busy || !matches || (methods.password && !password)}
                onClick={() => void submit()}
                data-testid="user-cancel-confirm"
              >
                {t("app.user.cancel.confirm")}
              </button>
            </>
          }
        >
          <form className="form" onSubmit={submit} noValidate>
            <p>{t("app.user.cancel.warning")}</p>
            <p>
              {t("app.user.cancel.exportFirst")}{" "}
              <a href={EXPORT_DATA_URL} download>
                {t("app.user.export.button")}
              </a>
            </p>
            <Field
              label={t("app.user.cancel.typeAccount", { account })}
              name="confirm"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            {methods.password ? (
              <Field
                label={t("app.field.password")}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            ) : (
              <p className="muted">{t("app.user.cancel.noPassword")}</p>
            )}
            {reauth && provider ? (
              <p role="status">
                <Link to={providerSignInHref(provider.id)}>
                  {t("app.user.cancel.signInAgain", { name: provider.name })}
                </Link>
              </p>
            ) : null}
            {/* Enter in a field submits */}
            <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          </form>
        </ModalShell>
      )}
    </section>
  );
}

// The personal centre's sign-in methods: the password (change it with the current one, or set it
// through a verification code), the accounts of other providers linked to this one, and a link for each provider not linked
// yet (it signs in there; an identity this server does not know goes to /bindings, where the user
// links it to this account with the password).
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { OidcProvider } from "../../api/oidc";
import type { SignInMethods } from "../../api/personal";
import { ChangePasswordForm } from "./ChangePasswordForm";

/** Signs in with a provider and comes back to the personal centre. */
export const providerSignInHref = (id: string) =>
  `/thirdLogin?provider=${encodeURIComponent(id)}&redirect=${encodeURIComponent("/user")}`;

export function SignInMethodsCard({
  methods,
  offered,
  account,
  nickname,
}: {
  readonly methods: SignInMethods;
  readonly offered: readonly OidcProvider[];
  /** the user's account and nickname: a new password must not be guessable from them */
  readonly account: string;
  readonly nickname: string;
}) {
  const { t } = useTranslation();
  const linked = new Set(methods.providers.map((p) => p.id));
  return (
    <section className="card user-section" aria-labelledby="user-signin-h" data-testid="user-signin">
      <h2 id="user-signin-h">{t("app.user.signIn.title")}</h2>
      <ul className="user-list">
        <li>
          <span>
            {t("app.field.password")}:{" "}
            <strong>
              {t(methods.password ? "app.user.signIn.passwordSet" : "app.user.signIn.passwordNone")}
            </strong>
          </span>
          {methods.password ? null : <Link to="/forgetpwd">{t("app.user.signIn.setPassword")}</Link>}
        </li>
        {methods.password ? (
          <li className="user-password">
            <ChangePasswordForm account={account} nickname={nickname} />
          </li>
        ) : null}
        {methods.providers.map((p) => (
          <li key={p.id} data-testid="user-signin-linked">
            <span>{t("app.user.signIn.linked", { name: p.name })}</span>
            {p.email ? <span className="muted">{p.email}</span> : null}
          </li>
        ))}
        {offered
          .filter((p) => !linked.has(p.id))
          .map((p) => (
            <li key={p.id}>
              <span className="muted">{t("app.user.signIn.notLinked", { name: p.name })}</span>
              <Link to={providerSignInHref(p.id)}>{t("app.user.signIn.link", { name: p.name })}</Link>
            </li>
          ))}
      </ul>
    </section>
  );
}

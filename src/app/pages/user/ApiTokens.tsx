// The personal centre's API tokens (issue 39): other software prints through the print API with a
// token (docs/api.md "Print API"). The user names a token, picks what it may do and how long it
// lives; its secret is shown once, right after creation, with a copy button (the server keeps only
// a hash). The list shows each token's scopes, dates and last use, and revokes one at once.
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { API_SCOPES, type ApiScope, TOKEN_DAYS, TOKEN_NAME_MAX } from "../../../model/apiTokens";
import { type ApiToken, createApiToken, listApiTokens, revokeApiToken } from "../../api/apiTokens";
import { copyText } from "../../ui/copyText";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";
import { ApiAudit } from "./ApiAudit";

const scopeKey = (s: ApiScope) => (s === "print" ? "app.user.api.scopePrint" : "app.user.api.scopeTemplates");

export function ApiTokensCard() {
  const { t } = useTranslation();
  const [tokens, setTokens] = useState<readonly ApiToken[]>([]);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<readonly ApiScope[]>(["print"]);
  const [days, setDays] = useState<number>(90);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the secret of the token just created: shown until the user leaves or creates another
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);

  const refresh = () => listApiTokens().then(setTokens, () => undefined);
  useEffect(() => {
    listApiTokens().then(setTokens, () => undefined);
  }, []);

  async function create(e: FormEvent) {
    e.preventDefault();
    const err = !name.trim()
      ? "app.user.api.nameRequired"
      : scopes.length === 0
        ? "app.user.api.scopesRequired"
        : null;
    setError(err);
    if (err || busy) return;
    setBusy(true);
    try {
      const made = await createApiToken(name.trim(), scopes, days);
      setSecret({ name: made.token.name, value: made.secret });
      setName("");
      await refresh();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  }

  async function revoke(tk: ApiToken) {
    try {
      await revokeApiToken(tk.id);
      message.success(t("app.user.api.revoked", { name: tk.name }));
      if (secret?.name === tk.name) setSecret(null);
      await refresh();
    } catch {
      // shown by the request client
    }
  }

  const toggle = (s: ApiScope, on: boolean) =>
    setScopes((cur) => API_SCOPES.filter((x) => (x === s ? on : cur.includes(x))));

  return (
    <section className="card user-section" aria-labelledby="user-api-h" data-testid="user-api">
      <h2 id="user-api-h">{t("app.user.api.title")}</h2>
      <p className="muted">{t("app.user.api.intro")}</p>
      <form className="form user-api-form" onSubmit={create} noValidate>
        <Field
          label={t("app.user.api.name")}
          name="api-token-name"
          maxLength={TOKEN_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error === "app.user.api.nameRequired" ? t(error) : null}
        />
        <fieldset className="user-api-scopes">
          <legend>{t("app.user.api.scopes")}</legend>
          {API_SCOPES.map((s) => (
            <label key={s}>
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => toggle(s, e.target.checked)}
              />{" "}
              {t(scopeKey(s))}
            </label>
          ))}
          {error === "app.user.api.scopesRequired" ? (
            <p className="field-error" role="alert">
              {t(error)}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor="api-token-days">{t("app.user.api.expiry")}</label>
          <select id="api-token-days" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {TOKEN_DAYS.map((d) => (
              <option key={d} value={d}>
                {t("app.user.api.days", { n: d })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("app.user.api.create")}
          </button>
        </div>
      </form>
      {secret ? (
        <div className="user-api-secret" role="status" data-testid="user-api-secret">
          <p>
            <strong>{t("app.user.api.copyNow", { name: secret.name })}</strong>
          </p>
          <div className="field-row">
            <input readOnly value={secret.value} aria-label={t("app.user.api.secret")} />
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => copyText(secret.value, t("app.share.copied"), t("app.share.copyFailed"))}
            >
              {t("app.user.api.copy")}
            </button>
          </div>
        </div>
      ) : null}
      {tokens.length === 0 ? (
        <p className="muted">{t("app.user.api.none")}</p>
      ) : (
        <ul className="user-list" data-testid="user-api-list">
          {tokens.map((tk) => (
            <li key={tk.id} className="user-api-token">
              <strong>{tk.name}</strong>
              <span className="muted">{tk.scopes.map((s) => t(scopeKey(s))).join(", ")}</span>
              <span className="muted">
                {tk.expired
                  ? t("app.user.api.expiredOn", { date: tk.expires })
                  : t("app.user.api.expiresOn", { date: tk.expires })}
              </span>
              <span className="muted">
                {tk.lastUsed
                  ? t("app.user.api.lastUsed", { date: tk.lastUsed })
                  : t("app.user.api.neverUsed")}
              </span>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t("app.user.api.revokeNamed", { name: tk.name })}
                onClick={() => void revoke(tk)}
              >
                {t("app.user.api.revoke")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ApiAudit />
    </section>
  );
}

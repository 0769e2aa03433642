// The personal centre's webhook card (issue 39; docs/api.md "Webhooks"), beside the API tokens:
// the user gives an https URL; the server answers a signing secret, shown here once with a copy
// button; the latest deliveries are listed in a table (event, job, state, tries, time).
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getWebhook, removeWebhook, saveWebhook, type WebhookState } from "../../api/webhooks";
import { copyText } from "../../ui/copyText";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";
import "../../ui/itemTable.css";

const URL_MAX = 500;

export function WebhookCard() {
  const { t } = useTranslation();
  const [state, setState] = useState<WebhookState>({ url: null, deliveries: [] });
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const refresh = () => getWebhook().then(setState, () => undefined);
  useEffect(() => {
    getWebhook().then(setState, () => undefined);
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    const err = /^https?:\/\/\S+$/i.test(url.trim()) ? null : t("app.user.webhook.urlRequired");
    setError(err);
    if (err || busy) return;
    setBusy(true);
    try {
      setSecret(await saveWebhook(url.trim()));
      setUrl("");
      await refresh();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      await removeWebhook();
      setSecret(null);
      message.success(t("app.user.webhook.removed"));
      await refresh();
    } catch {
      // shown by the request client
    }
  }

  return (
    <section className="card user-section" aria-labelledby="user-webhook-h" data-testid="user-webhook">
      <h2 id="user-webhook-h">{t("app.user.webhook.title")}</h2>
      <p className="muted">{t("app.user.webhook.intro")}</p>
      {state.url ? (
        <div className="field-row">
          <span data-testid="user-webhook-url">{t("app.user.webhook.current", { url: state.url })}</span>
          <button type="button" className="btn btn-ghost" onClick={() => void remove()}>
            {t("app.user.webhook.remove")}
          </button>
        </div>
      ) : null}
      <form className="form" onSubmit={save} noValidate>
        <Field
          label={t("app.user.webhook.url")}
          name="webhook-url"
          type="url"
          placeholder="https://"
          maxLength={URL_MAX}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={error}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("app.user.webhook.save")}
          </button>
        </div>
      </form>
      {secret ? (
        <div className="user-api-secret" role="status" data-testid="user-webhook-secret">
          <p>
            <strong>{t("app.user.webhook.copyNow")}</strong>
          </p>
          <div className="field-row">
            <input readOnly value={secret} aria-label={t("app.user.webhook.secret")} />
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => copyText(secret, t("app.share.copied"), t("app.share.copyFailed"))}
            >
              {t("app.user.webhook.copy")}
            </button>
          </div>
        </div>
      ) : null}
      {state.deliveries.length === 0 ? (
        <p className="muted">{t("app.user.webhook.none")}</p>
      ) : (
        <div className="item-table-scroll">
          <table className="item-table" data-testid="user-webhook-deliveries">
            <caption>{t("app.user.webhook.deliveries")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("app.user.webhook.event")}</th>
                <th scope="col">{t("app.user.webhook.job")}</th>
                <th scope="col">{t("app.user.webhook.state")}</th>
                <th scope="col">{t("app.user.webhook.tries")}</th>
                <th scope="col">{t("app.user.webhook.time")}</th>
              </tr>
            </thead>
            <tbody>
              {state.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{d.event}</td>
                  <td>{d.jobId}</td>
                  <td title={d.error || undefined}>{t(`app.user.webhook.status.${d.status}`)}</td>
                  <td>{d.attempts}</td>
                  <td>{d.created}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

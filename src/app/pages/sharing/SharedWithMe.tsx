// "Shared with me": add a share by its code ("share code must be entered" when empty; the server's
// message for an unknown, expired or revoked code), list the live shares with their templates, open
// one in the editor (type share: read-only, saving makes a copy in my folders), print it directly,
// remove a share from the list. A revoked or expired share is simply no longer listed.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { listReceived, type ReceivedShare, redeemShare, removeReceived } from "../../api/sharing";
import { sharedTemplateHref } from "../../labelLinks";
import { dateText } from "../../settings/dateText";
import { sizeText } from "../../settings/sizeText";
import { useUnit } from "../../settings/userSettings";
import { Field } from "../../ui/Field";
import { ConfirmDialog } from "../cloudData/ConfirmDialog";

export function SharedWithMe() {
  const { t, i18n } = useTranslation();
  const unit = useUnit();
  const navigate = useNavigate();
  const [items, setItems] = useState<ReceivedShare[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ReceivedShare | null>(null);

  const refresh = useCallback(async () => {
    try {
      setItems(await listReceived());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(t("app.share.codeRequired"));
      return;
    }
    setError(null);
    try {
      await redeemShare(code);
      setCode("");
      await refresh();
    } catch (err) {
      // the request client already showed the server's reason; keep it by the field too
      setError(err instanceof Error && err.message ? err.message : t("app.share.addFailed"));
    }
  }

  return (
    <div className="sharing-received">
      <form className="card sharing-form" onSubmit={add} aria-labelledby="share-add-title" noValidate>
        <h2 id="share-add-title">{t("app.share.addTitle")}</h2>
        <Field
          label={t("app.share.code")}
          value={code}
          error={error}
          autoComplete="off"
          spellCheck={false}
          data-testid="share-code-input"
          onChange={(e) => setCode(e.target.value)}
          addon={
            <button type="submit" className="btn btn-primary" data-testid="share-add">
              {t("app.share.add")}
            </button>
          }
        />
      </form>
      <section className="card sharing-list" aria-labelledby="share-received-title">
        <h2 id="share-received-title">{t("app.share.received")}</h2>
        {failed && (
          <p role="alert" className="error-note">
            {t("app.share.loadFailed")}
          </p>
        )}
        {items && items.length === 0 && <p className="empty-state">{t("app.share.receivedEmpty")}</p>}
        <ul className="sharing-received-list">
          {(items ?? []).map((s) => (
            <li key={s.id} className="sharing-received-item" data-testid="received-share" data-code={s.code}>
              <div className="sharing-received-head">
                <span>
                  {s.kind === "folder"
                    ? t("app.share.fromFolder", { owner: s.owner, folder: s.folder })
                    : t("app.share.from", { owner: s.owner })}
                </span>
                <span className="muted">
                  {t("app.share.until", { date: dateText(i18n.language, s.expires) })}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  data-testid="received-remove"
                  aria-label={t("app.share.removeNamed", { code: s.code })}
                  onClick={() => setRemoving(s)}
                >
                  {t("app.share.remove")}
                </button>
              </div>
              {s.templates.length === 0 ? (
                <p className="muted">{t("app.share.folderEmpty")}</p>
              ) : (
                <ul className="sharing-templates">
                  {s.templates.map((x) => (
                    <li key={x.id} data-testid="received-template">
                      <span className="sharing-template-name">{x.name}</span>
                      <span className="muted">{sizeText(t, x.width, x.height, unit)}</span>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        data-testid="received-open"
                        aria-label={t("app.share.openNamed", { name: x.name })}
                        onClick={() => navigate(sharedTemplateHref(x))}
                      >
                        {t("app.share.open")}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        data-testid="received-print"
                        aria-label={t("app.share.printNamed", { name: x.name })}
                        onClick={() => navigate(`${sharedTemplateHref(x)}&print=1`)}
                      >
                        {t("app.share.print")}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      {removing && (
        <ConfirmDialog
          title={t("app.share.removeTitle")}
          text={t("app.share.removeText", { code: removing.code })}
          confirmLabel={t("app.share.remove")}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const s = removing;
            setRemoving(null);
            removeReceived(s.id).then(refresh, () => undefined);
          }}
        />
      )}
    </div>
  );
}

// "My shares": share a template or a whole folder for 1, 7 or 30 days (7 and 30 are member-only:
// the server answers 402 and the membership prompt shows its message), list the shares with their
// expiry and use count, copy the code or the link, revoke; and the folder-sharing switch.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  createShare,
  folderSharing,
  listMyShares,
  type MyShare,
  revokeShare,
  SHARE_DAYS,
  type ShareDays,
  type ShareKind,
  setFolderSharing,
  shareLink,
} from "../../api/sharing";
import {
  folderTemplates,
  type TemplateFolder,
  type TemplateSummary,
  templateFolders,
} from "../../api/templates";
import { useMembershipOn } from "../../auth/membership";
import { session } from "../../auth/session";
import { dateText } from "../../settings/dateText";
import { copyText } from "../../ui/copyText";
import { message } from "../../ui/message";
import { ConfirmDialog } from "../cloudData/ConfirmDialog";
import { MembershipPrompt } from "../member/MembershipPrompt";

export function MyShares() {
  const { t, i18n } = useTranslation();
  const userId = useSyncExternalStore(session.subscribe, () => session.user()?.userid ?? "");
  const [shares, setShares] = useState<MyShare[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [folders, setFolders] = useState<TemplateFolder[]>([]);
  const [templates, setTemplates] = useState<TemplateSummary[]>([]);
  const [kind, setKind] = useState<ShareKind>("template");
  const [folderId, setFolderId] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [days, setDays] = useState<ShareDays>(1);
  // with membership off every validity is open: no member marks
  const membershipOn = useMembershipOn();
  // null until the server says: the switch must not show a guess the user could act on
  const [foldersOn, setFoldersOn] = useState<boolean | null>(null);
  const [prompt, setPrompt] = useState("");
  const [revoking, setRevoking] = useState<MyShare | null>(null);
  const [created, setCreated] = useState<MyShare | null>(null);

  // only the newest list request may set the list: an older one answering late (the list asked for
  // on opening, slow on a busy server) would hide a share just made
  const asked = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const list = await listMyShares();
      if (mine !== asked.current) return;
      setShares(list);
      setFailed(false);
    } catch {
      if (mine === asked.current) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
    folderSharing().then(setFoldersOn, () => undefined);
    if (!userId) return;
    templateFolders(userId).then(
      (list) => {
        setFolders(list);
        setFolderId((cur) => cur || list[0]?.id || "");
      },
      () => undefined,
    );
  }, [refresh, userId]);

  useEffect(() => {
    if (!userId || !folderId) return;
    let live = true;
    folderTemplates(userId, folderId).then(
      (list) => {
        if (!live) return;
        setTemplates(list);
        setTemplateId(list[0]?.id ?? "");
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, folderId]);

  async function share(e: React.FormEvent) {
    e.preventDefault();
    const id = kind === "template" ? templateId : folderId;
    if (!id) {
      message.warning(t("app.share.pickFirst"));
      return;
    }
    try {
      const made = await createShare(kind, id, days);
      setCreated(made);
      await refresh();
    } catch (err) {
      // 402 is silent in the request client: the membership prompt shows the server's message
      if (err instanceof ApiError && err.code === 402) setPrompt(err.message || t("app.share.memberOnly"));
    }
  }

  async function toggleFolders(on: boolean) {
    setFoldersOn(on);
    try {
      await setFolderSharing(on);
    } catch {
      setFoldersOn(!on); // the client showed why; the switch shows what the server holds
    }
  }

  return (
    <div className="sharing-mine">
      <form className="card sharing-form" onSubmit={share} aria-labelledby="share-new-title">
        <h2 id="share-new-title">{t("app.share.newTitle")}</h2>
        <fieldset className="sharing-kind">
          <legend>{t("app.share.what")}</legend>
          {(["template", "folder"] as const).map((k) => (
            <label key={k}>
              <input
                type="radio"
                name="share-kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                data-testid={`share-kind-${k}`}
              />
              {t(k === "template" ? "app.share.kindTemplate" : "app.share.kindFolder")}
            </label>
          ))}
        </fieldset>
        <div className="sharing-pickers">
          <div className="field">
            <label htmlFor="share-folder">{t("app.share.folder")}</label>
            <select
              id="share-folder"
              data-testid="share-folder"
              value={folderId}
              onChange={(e) => setFolderId(e.target.value)}
            >
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </div>
          {kind === "template" && (
            <div className="field">
              <label htmlFor="share-template">{t("app.share.template")}</label>
              <select
                id="share-template"
                data-testid="share-template"
                value={templateId}
                onChange={(e) => setTemplateId(e.target.value)}
              >
                {templates.length === 0 && <option value="">{t("app.share.noTemplates")}</option>}
                {templates.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="share-days">{t("app.share.validity")}</label>
            <select
              id="share-days"
              data-testid="share-days"
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as ShareDays)}
            >
              {SHARE_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 1
                    ? t("app.share.days1")
                    : t(membershipOn === false ? "app.share.daysOpen" : "app.share.daysMember", { days: d })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="btn btn-primary" data-testid="share-create">
          {t("app.share.create")}
        </button>
        {created && (
          <output className="sharing-created" data-testid="share-created">
            {t("app.share.created", { name: created.name })}{" "}
            <strong className="sharing-code">{created.code}</strong>
          </output>
        )}
        <label className="sharing-switch">
          <input
            type="checkbox"
            checked={foldersOn ?? false}
            disabled={foldersOn === null}
            data-testid="share-folder-switch"
            onChange={(e) => void toggleFolders(e.target.checked)}
          />
          {t("app.share.folderSwitch")}
        </label>
        <p className="muted sharing-hint">{t("app.share.folderSwitchHint")}</p>
      </form>

      <section className="card sharing-list" aria-labelledby="share-mine-title">
        <h2 id="share-mine-title">{t("app.share.mine")}</h2>
        {failed && (
          <p role="alert" className="error-note">
            {t("app.share.loadFailed")}
          </p>
        )}
        {shares && shares.length === 0 && <p className="empty-state">{t("app.share.mineEmpty")}</p>}
        {shares && shares.length > 0 && (
          <table className="sharing-table">
            <thead>
              <tr>
                <th scope="col">{t("app.share.colName")}</th>
                <th scope="col">{t("app.share.colCode")}</th>
                <th scope="col">{t("app.share.colExpires")}</th>
                <th scope="col">{t("app.share.colUses")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("app.share.colActions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shares.map((s) => (
                <tr key={s.id} data-testid="my-share" data-code={s.code}>
                  <td>
                    {s.name}{" "}
                    <span className="muted">
                      ({t(s.kind === "folder" ? "app.share.kindFolder" : "app.share.kindTemplate")})
                    </span>
                  </td>
                  <td className="sharing-code">{s.code}</td>
                  <td>
                    {s.expired ? (
                      <span className="sharing-expired">{t("app.share.expired")}</span>
                    ) : (
                      dateText(i18n.language, s.expires)
                    )}
                  </td>
                  <td>{s.uses}</td>
                  <td className="sharing-actions">
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t("app.share.copyCodeNamed", { name: s.name })}
                      onClick={() => void copyText(s.code, t("app.share.copied"), t("app.share.copyFailed"))}
                    >
                      {t("app.share.copyCode")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t("app.share.copyLinkNamed", { name: s.name })}
                      onClick={() =>
                        void copyText(shareLink(s.code), t("app.share.copied"), t("app.share.copyFailed"))
                      }
                    >
                      {t("app.share.copyLink")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      data-testid="share-revoke"
                      aria-label={t("app.share.revokeNamed", { name: s.name })}
                      onClick={() => setRevoking(s)}
                    >
                      {t("app.share.revoke")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {prompt && <MembershipPrompt text={prompt} onClose={() => setPrompt("")} />}
      {revoking && (
        <ConfirmDialog
          title={t("app.share.revokeTitle")}
          text={t("app.share.revokeText", { name: revoking.name, code: revoking.code })}
          confirmLabel={t("app.share.revoke")}
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            const s = revoking;
            setRevoking(null);
            revokeShare(s.id).then(
              () => {
                if (created?.id === s.id) setCreated(null);
                return refresh();
              },
              () => undefined,
            );
          }}
        />
      )}
    </div>
  );
}

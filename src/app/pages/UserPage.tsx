// /user (personal centre): the avatar, the nickname, the account (e-mail or phone), the sign-in
// methods, the membership state (where membership is sold; with the purchase records' link), print
// settings and more settings, "Export my data", the print API's tokens and account cancellation.
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { editUserInfo, getUserInfo } from "../api/account";
import { ApiError } from "../api/client";
import { type OidcProvider, oidcProviders } from "../api/oidc";
import { EXPORT_DATA_URL, type SignInMethods, signInMethods } from "../api/personal";
import { session } from "../auth/session";
import { Avatar } from "../ui/Avatar";
import { toAvatarDataUrl } from "../ui/avatarImage";
import { Field } from "../ui/Field";
import { message } from "../ui/message";
import { useFilePicker } from "../ui/useFilePicker";
import { checkNickname, NICKNAME_MAX } from "../validation";
import { MembershipPrompt } from "./member/MembershipPrompt";
import { MoreSettings } from "./settings/MoreSettings";
import { PrintSettings } from "./settings/PrintSettings";
import { ApiTokensCard } from "./user/ApiTokens";
import { CancelAccount } from "./user/CancelAccount";
import { MembershipCard } from "./user/MembershipCard";
import { SignInMethodsCard } from "./user/SignInMethods";
import { WebhookCard } from "./user/Webhook";
import "../../editor/editor.css";
import "./user/user.css";

function useUser() {
  const raw = useSyncExternalStore(session.subscribe, () => JSON.stringify(session.user()));
  return JSON.parse(raw) as ReturnType<typeof session.user>;
}

export default function UserPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [nickname, setNickname] = useState(user?.nickname ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the server's 402 (changing the nickname is a member feature): the membership prompt's message
  const [prompt, setPrompt] = useState("");
  // Counts saves; a refresh that started before a save must not overwrite what was saved.
  const edits = useRef(0);
  const typed = useRef(false);

  const [methods, setMethods] = useState<SignInMethods | null>(null);
  const [offered, setOffered] = useState<OidcProvider[]>([]);
  useEffect(() => {
    signInMethods().then(setMethods, () => undefined);
    oidcProviders().then(setOffered, () => undefined);
  }, []);

  useEffect(() => {
    // Refresh from the server: another device may have changed the nickname or avatar.
    const at = edits.current;
    let live = true;
    getUserInfo()
      .then((u) => {
        if (!u || !live || edits.current !== at) return;
        session.update(u);
        if (!typed.current) setNickname(u.nickname);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    const err = checkNickname(nickname);
    setError(err);
    if (err || !user) return;
    edits.current += 1;
    setBusy(true);
    try {
      await editUserInfo({ nickname: nickname.trim(), head_pic: user.head_pic });
      message.success(t("app.user.saved"));
    } catch (e) {
      // 402: the request client leaves it to us; the typed nickname stays in the field.
      // Other errors are shown by the request client.
      if (e instanceof ApiError && e.code === 402) setPrompt(e.message || t("server.error.nicknameMember"));
    } finally {
      setBusy(false);
    }
  }

  async function pickAvatar(file: File) {
    if (!user) return;
    let dataUrl: string;
    try {
      dataUrl = await toAvatarDataUrl(file);
    } catch {
      message.error(t("app.user.avatarType"));
      return;
    }
    edits.current += 1;
    try {
      await editUserInfo({ nickname: user.nickname, head_pic: dataUrl });
      message.success(t("app.user.saved"));
    } catch {
      // shown by the request client
    }
  }

  async function removeAvatar() {
    if (!user) return;
    edits.current += 1;
    try {
      await editUserInfo({ nickname: user.nickname, head_pic: "" });
      message.success(t("app.user.saved"));
    } catch {
      // shown by the request client
    }
  }

  // the navigation's "print settings" and "more settings" land on their sections
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hash]);

  const avatarPicker = useFilePicker({
    accept: "image/png,image/jpeg",
    label: t("app.user.changeAvatar"),
    onFiles: ([f]) => void pickAvatar(f),
  });

  if (!user) return null;
  return (
    <main className="user-page">
      <h1>{t("app.user.title")}</h1>
      <section className="card user-card">
        <div className="user-avatar">
          <Avatar name={user.nickname} src={user.head_pic} size={96} />
          <button type="button" className="btn btn-secondary" onClick={avatarPicker.open}>
            {t("app.user.changeAvatar")}
          </button>
          {user.head_pic ? (
            <button type="button" className="btn btn-ghost" onClick={removeAvatar}>
              {t("app.user.removeAvatar")}
            </button>
          ) : null}
          {avatarPicker.input}
        </div>
        <div className="user-form">
          <dl className="user-facts">
            <dt>{t(user.account.includes("@") ? "app.user.email" : "app.user.phone")}</dt>
            <dd data-testid="user-account">{user.account}</dd>
          </dl>
          <form className="form" onSubmit={save} noValidate>
            <Field
              label={t("app.field.nickname")}
              name="nickname"
              maxLength={NICKNAME_MAX}
              value={nickname}
              onChange={(e) => {
                typed.current = true;
                setNickname(e.target.value);
              }}
              error={error && t(error)}
            />
            <div>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t("app.common.save")}
              </button>
            </div>
          </form>
        </div>
      </section>
      <MembershipCard />
      {methods && user && (
        <SignInMethodsCard
          methods={methods}
          offered={offered}
          account={user.account}
          nickname={user.nickname}
        />
      )}
      <PrintSettings />
      <MoreSettings />
      <section className="card user-section" aria-labelledby="user-export-h">
        <h2 id="user-export-h">{t("app.user.export.title")}</h2>
        <p className="muted">{t("app.user.export.intro")}</p>
        <div>
          <a className="btn btn-secondary" href={EXPORT_DATA_URL} download data-testid="user-export">
            {t("app.user.export.button")}
          </a>
        </div>
      </section>
      <ApiTokensCard />
      <WebhookCard />
      {methods && <CancelAccount account={user.account} methods={methods} />}
      {prompt && <MembershipPrompt text={prompt} onClose={() => setPrompt("")} />}
    </main>
  );
}

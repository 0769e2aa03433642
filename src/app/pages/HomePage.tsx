// /index: a greeting, the "New label" entry and the user's recent labels; on a user's first visit,
// the home tour (HomeTour, its own chunk).
import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LazyAiDialog } from "../ai/LazyAiDialog";
import { session } from "../auth/session";
import { loadChunk } from "../router/lazyPage";
import { bytesText } from "../settings/bytesText";
import { refreshSpace, useSpace } from "../settings/userSettings";
import { SpinnerOverlay } from "../ui/LoadingOverlay";
import { message } from "../ui/message";
import { loadCreateDialog, loadedCreateDialog } from "./createDialogChunk";
import { homeTourSeen } from "./homeTourKey";
import { RecentLabels } from "./RecentLabels";

const preloadCreateDialog = () => void loadCreateDialog().catch(() => undefined);

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

export default function HomePage() {
  const { t } = useTranslation();
  const space = useSpace();
  useEffect(() => {
    // what the sign-in answered may be old: ask again (the request client reports failures)
    refreshSpace().catch(() => undefined);
  }, []);
  const [creating, setCreating] = useState(false);
  // the creation dialog, once its chunk is here (fetched when the page is idle: see createDialogChunk)
  const [CreateLabelDialog, setDialog] = useState(loadedCreateDialog);
  const openDialog = () => {
    setCreating(true);
    const ready = CreateLabelDialog ?? loadedCreateDialog();
    if (ready) {
      setDialog(() => ready);
      return;
    }
    loadCreateDialog().then(
      (m) => setDialog(() => m.default),
      () => {
        setCreating(false);
        message.error(t("app.error.text"));
      },
    );
  };
  const nickname = useSyncExternalStore(session.subscribe, () => session.user()?.nickname ?? "");
  useEffect(() => whenIdle(preloadCreateDialog), []);
  const userid = useSyncExternalStore(session.subscribe, () => session.user()?.userid ?? "");
  const [Tour, setTour] = useState<ComponentType<{ userid: string }> | null>(null);
  useEffect(() => {
    if (!userid || homeTourSeen(userid)) return;
    let live = true;
    // no tour when its chunk cannot load: the page works without it
    loadChunk(() => import("./HomeTour")).then(
      (m) => live && setTour(() => m.default),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userid]);
  return (
    <main className="home">
      <section className="home-hero">
        <div>
          <h1>{t("app.home.greeting", { name: nickname })}</h1>
          <p className="muted">{t("app.home.intro")}</p>
        </div>
        <div className="home-actions">
          <Link to="/industryTemplate" className="btn btn-secondary btn-lg">
            {t("app.nav.industryTemplate")}
          </Link>
          <Link to="/cloudTemplate" className="btn btn-secondary btn-lg">
            {t("app.nav.cloudTemplate")}
          </Link>
          <Link to="/cloudData" className="btn btn-secondary btn-lg">
            {t("app.nav.cloudData")}
          </Link>
          <button
            type="button"
            className="btn btn-primary btn-lg"
            data-testid="new-label"
            onPointerEnter={preloadCreateDialog}
            onFocus={preloadCreateDialog}
            onClick={openDialog}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
            </svg>
            {t("app.home.newLabel")}
          </button>
        </div>
      </section>
      {space && (
        <section className="home-space" aria-label={t("app.home.spaceTitle")}>
          <p data-testid="home-space">
            {t("app.home.space", { used: bytesText(t, space.used), total: bytesText(t, space.total) })}
          </p>
          <progress value={space.used} max={space.total} aria-label={t("app.home.spaceTitle")} />
        </section>
      )}
      <RecentLabels />
      {Tour && <Tour userid={userid} />}
      {creating &&
        (CreateLabelDialog ? (
          <CreateLabelDialog onClose={() => setCreating(false)} AiDialog={LazyAiDialog} />
        ) : (
          // the chunk is still coming: feedback from the click on
          <SpinnerOverlay testId="new-label-loading" instant />
        ))}
    </main>
  );
}

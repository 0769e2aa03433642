// /index: a greeting, the "New label" entry and the user's recent labels.
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { session } from "../auth/session";
import { RecentLabels } from "./RecentLabels";

// the label creation dialog (create mode of the editor's settings dialog), loaded on first use
const CreateLabelDialog = lazy(() => import("../../editor/labelSettings/CreateLabelDialog"));

export default function HomePage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const nickname = useSyncExternalStore(session.subscribe, () => session.user()?.nickname ?? "");
  return (
    <main className="home">
      <section className="home-hero">
        <div>
          <h1>{t("app.home.greeting", { name: nickname })}</h1>
          <p className="muted">{t("app.home.intro")}</p>
        </div>
        <div className="home-actions">
          <Link to="/cloudData" className="btn btn-secondary btn-lg">
            {t("app.nav.cloudData")}
          </Link>
          <button
            type="button"
            className="btn btn-primary btn-lg"
            data-testid="new-label"
            onClick={() => setCreating(true)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
            </svg>
            {t("app.home.newLabel")}
          </button>
        </div>
      </section>
      <RecentLabels />
      {creating && (
        <Suspense fallback={null}>
          <CreateLabelDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </main>
  );
}

// /sharingTemplates (spec §1, §2, §6): "My shares" (share a template or a folder by code, copy the
// code or link, revoke, the folder-sharing switch) and "Shared with me" (add a code, open, print,
// remove). The tab is kept in the query (?tab=received), so a folder share link can land on it.
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { MyShares } from "./MyShares";
import { SharedWithMe } from "./SharedWithMe";
import "../cloudData/cloudData.css";
import "./sharing.css";

const TABS = ["mine", "received"] as const;
type Tab = (typeof TABS)[number];

export default function SharingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "received" ? "received" : "mine";
  return (
    <main className="user-page sharing-page">
      <h1>{t("app.share.title")}</h1>
      <div role="tablist" aria-label={t("app.share.title")} className="cloud-tabs">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`share-tab-${k}`}
            aria-selected={tab === k}
            aria-controls="share-panel"
            className={`cloud-tab${tab === k ? " is-active" : ""}`}
            data-testid={`share-tab-${k}`}
            onClick={() => setParams(k === "mine" ? {} : { tab: k }, { replace: true })}
          >
            {t(k === "mine" ? "app.share.mine" : "app.share.received")}
          </button>
        ))}
      </div>
      <div id="share-panel" role="tabpanel" aria-labelledby={`share-tab-${tab}`}>
        {tab === "mine" ? <MyShares /> : <SharedWithMe />}
      </div>
    </main>
  );
}

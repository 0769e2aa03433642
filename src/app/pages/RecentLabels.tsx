// The user's recent labels on the home page; a click opens the label in the editor.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { recentTemplates, type TemplateSummary } from "../api/templates";
import { session } from "../auth/session";
import { editTemplateHref } from "../labelLinks";
import { sizeText } from "../settings/sizeText";
import { useUnit } from "../settings/userSettings";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; items: TemplateSummary[] };

/** A template's cover: its preview picture, or a blank label in its proportions within `box` px. */
export function Thumb({ t, box = [150, 116] }: { t: TemplateSummary; box?: readonly [number, number] }) {
  if (t.image) return <img src={t.image} alt="" loading="lazy" />;
  const ratio = t.width > 0 && t.height > 0 ? t.width / t.height : 1.25;
  const [bw, bh] = box;
  const w = Math.min(bw, Math.round(bh * ratio));
  return <span className="label-thumb-blank" style={{ width: w, height: Math.round(w / ratio) }} />;
}

export function RecentLabels() {
  const { t } = useTranslation();
  const unit = useUnit();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const user = session.user();
    if (!user) return;
    let live = true;
    recentTemplates(user.userid)
      .then((items) => live && setState({ status: "ready", items }))
      .catch(() => live && setState({ status: "error" }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-labelledby="recent-title" data-testid="recent-labels">
      <div className="section-head">
        <h2 id="recent-title">{t("app.home.recent")}</h2>
      </div>
      {state.status === "loading" ? (
        <p className="muted">{t("app.common.loading")}</p>
      ) : state.status === "error" ? (
        <div className="empty-state">{t("app.home.recentError")}</div>
      ) : state.items.length === 0 ? (
        <div className="empty-state">{t("app.home.recentEmpty")}</div>
      ) : (
        <ul className="label-grid">
          {state.items.map((item) => (
            <li key={item.id}>
              <button type="button" className="label-card" onClick={() => navigate(editTemplateHref(item))}>
                <span className="label-thumb">
                  <Thumb t={item} />
                </span>
                <span className="label-meta">
                  <span className="label-name">{item.name}</span>
                  <span className="label-size">{sizeText(t, item.width, item.height, unit)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

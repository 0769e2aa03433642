// /industryTemplate (application.md §1, §2; issue 16): the industry template library. Industries as
// tabs (and "all"), a name search, covers in a grid; a card opens a preview with "use this template",
// which opens the label in the editor as a copy (type common: saving puts it in the user's folders).
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { Dialog } from "../../../editor/dialogs/Dialog";
import {
  filterTemplates,
  type Industry,
  type IndustryTemplate,
  listIndustryTemplates,
} from "../../api/industry";
import { commonTemplateHref } from "../../labelLinks";
import { Thumb } from "../RecentLabels";
import "../../../editor/editor.css";
import "../cloudData/cloudData.css";
import "../cloudTemplate/cloudTemplate.css";
import "./industryTemplate.css";
import { sizeText } from "../../settings/sizeText";
import { useUnit } from "../../settings/userSettings";

type State =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; industries: Industry[]; templates: IndustryTemplate[] };

export default function IndustryTemplatePage() {
  const { t, i18n } = useTranslation();
  const unit = useUnit();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: "loading" });
  const [industry, setIndustry] = useState("");
  const [search, setSearch] = useState("");
  const [preview, setPreview] = useState<IndustryTemplate | null>(null);

  // names come from the server in the page's language: load again when it changes
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the trigger
  useEffect(() => {
    let live = true;
    listIndustryTemplates().then(
      (r) => live && setState({ status: "ready", ...r }),
      () => live && setState({ status: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [i18n.language]);

  const shown = useMemo(
    () => (state.status === "ready" ? filterTemplates(state.templates, industry, search) : []),
    [state, industry, search],
  );
  const size = (x: IndustryTemplate) => sizeText(t, x.width, x.height, unit);

  return (
    <main className="user-page industry-page" data-testid="industry-page">
      <div className="tpl-head">
        <h1>{t("app.route.industryTemplate")}</h1>
        <input
          type="search"
          className="tpl-search"
          aria-label={t("industry.search")}
          placeholder={t("industry.search")}
          value={search}
          data-testid="industry-search"
          onChange={(e) => {
            setSearch(e.target.value);
            // a search looks through every industry: the All tab shows what it found
            if (e.target.value.trim()) setIndustry("");
          }}
        />
      </div>
      {state.status === "loading" && <p className="muted">{t("app.common.loading")}</p>}
      {state.status === "failed" && <p role="alert">{t("industry.loadFailed")}</p>}
      {state.status === "ready" && (
        <>
          <div role="tablist" aria-label={t("industry.categories")} className="cloud-tabs industry-tabs">
            {[{ id: "", name: t("industry.all"), count: state.templates.length }, ...state.industries].map(
              (i) => (
                <button
                  key={i.id || "all"}
                  type="button"
                  role="tab"
                  aria-selected={industry === i.id}
                  aria-controls="industry-panel"
                  className={`cloud-tab${industry === i.id ? " is-active" : ""}`}
                  data-testid={`industry-tab-${i.id || "all"}`}
                  onClick={() => setIndustry(i.id)}
                >
                  {i.name} <span className="muted">{i.count}</span>
                </button>
              ),
            )}
          </div>
          <section
            id="industry-panel"
            role="tabpanel"
            aria-label={t("industry.count", { count: shown.length })}
          >
            {shown.length === 0 ? (
              <p className="muted">{t("industry.empty")}</p>
            ) : (
              <ul className="industry-grid">
                {shown.map((x) => (
                  <li key={x.id} className="tpl-item tpl-grid" data-testid="industry-item">
                    <button
                      type="button"
                      className="tpl-cover label-thumb"
                      aria-label={t("industry.preview", { name: x.name })}
                      onClick={() => setPreview(x)}
                    >
                      <Thumb t={x} box={[170, 110]} />
                    </button>
                    <span className="tpl-text">
                      <span className="tpl-name" title={x.name} data-testid="industry-name">
                        {x.name}
                      </span>
                      <span className="tpl-meta muted">{size(x)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {preview && (
        <Dialog
          title={preview.name}
          onClose={() => setPreview(null)}
          testId="industry-preview"
          wide
          footer={
            <>
              <button type="button" className="ink-btn" onClick={() => setPreview(null)}>
                {t("app.common.close")}
              </button>
              <button
                type="button"
                className="ink-btn is-primary"
                data-testid="industry-use"
                onClick={() => navigate(commonTemplateHref(preview))}
              >
                {t("industry.use")}
              </button>
            </>
          }
        >
          <div className="industry-preview">
            {preview.image ? (
              <img src={preview.image} alt={preview.name} />
            ) : (
              <Thumb t={preview} box={[480, 320]} />
            )}
          </div>
          <p className="muted" data-testid="industry-preview-size">
            {size(preview)}
          </p>
        </Dialog>
      )}
    </main>
  );
}

// The web app sites this print assistant trusts (its paired origins), each with Remove. Only a
// trusted site can ask for the list (the assistant's main socket). Removing this app's own site
// unpairs it, so that one asks first; afterwards the page shows the pairing form again (onUnpaired).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AssistantClient, AssistantError } from "../../printing/assistantClient";
import { message } from "../../ui/message";

export function TrustedSites({ client, onUnpaired }: { client: AssistantClient; onUnpaired: () => void }) {
  const { t, i18n } = useTranslation();
  const [sites, setSites] = useState<string[] | null>(null);
  const here = window.location.origin;

  useEffect(() => {
    let live = true;
    client
      .command("listSites", { lang: i18n.language })
      .then((d) => live && setSites(Array.isArray(d) ? d.map(String) : []))
      .catch(() => live && setSites(null));
    return () => {
      live = false;
    };
  }, [client, i18n.language]);

  const remove = async (site: string) => {
    if (site === here && !window.confirm(t("printer.sites.removeSelfConfirm", { site }))) return;
    try {
      const d = await client.command("forgetSite", { site, lang: i18n.language });
      setSites(Array.isArray(d) ? d.map(String) : []);
      message.success(t("printer.sites.removed", { site }));
      if (site === here) onUnpaired();
    } catch (e) {
      message.error(e instanceof AssistantError && e.code !== 0 ? e.message : t("tip.tip93"));
    }
  };

  if (!sites) return null;
  return (
    <>
      <h3 id="assistant-sites-title">{t("printer.sites.title")}</h3>
      <p className="muted">{t("printer.sites.intro")}</p>
      {sites.length === 0 && <p className="muted">{t("printer.sites.none")}</p>}
      <ul className="assistant-list" data-testid="assistant-sites" aria-labelledby="assistant-sites-title">
        {sites.map((site) => (
          <li key={site} data-testid="assistant-site">
            <strong>{site}</strong>
            {site === here && <span className="muted">{t("printer.sites.this")}</span>}
            <span className="assistant-actions">
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t("printer.sites.removeName", { site })}
                onClick={() => void remove(site)}
              >
                {t("printer.net.remove")}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

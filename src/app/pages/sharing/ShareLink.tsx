// The share link (/editLabel?share=CODE): adds the code to "Shared with me", then opens the shared
// template in the editor (type share), or the "Shared with me" tab for a folder. The code is held in
// session storage under the spec's shareTempQuery key while on editLabel (the guard clears it on any
// other navigation); a logged-out visitor gets here through the login redirect, which keeps the query.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { redeemShare } from "../../api/sharing";
import { sharedTemplateHref } from "../../labelLinks";
import { SHARE_QUERY_KEY } from "../../router/guard";
import { PageLoading } from "../../ui/PageLoading";

function hold(code: string) {
  try {
    sessionStorage.setItem(SHARE_QUERY_KEY, `share=${encodeURIComponent(code)}`);
  } catch {
    // storage disabled: the URL still has the code
  }
}

export function ShareLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    hold(code);
    redeemShare(code).then(
      (entry) => {
        const only = entry?.kind === "template" ? entry.templates[0] : undefined;
        navigate(only ? sharedTemplateHref(only) : "/sharingTemplates?tab=received", { replace: true });
      },
      // the request client showed why (unknown, expired, revoked…): the list is where to go next
      () => navigate("/sharingTemplates?tab=received", { replace: true }),
    );
  }, [code, navigate]);
  return (
    <div aria-live="polite">
      <span className="visually-hidden">{t("app.share.opening")}</span>
      <PageLoading />
    </div>
  );
}

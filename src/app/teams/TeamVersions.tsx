// A team's template versions on the team page (issue 40): the space its kept versions use (every
// member sees it) and, for owners, how many versions each template keeps and for how many days
// (applied from each template's next save; 0 days: no age limit).
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_VERSIONS_DAYS_MAX, TEMPLATE_VERSIONS_KEPT_MAX } from "../../model/constants";
import * as api from "../api/teams";
import { bytesText } from "../settings/bytesText";
import { message } from "../ui/message";
import "../../editor/dialogs/controls.css";

export function TeamVersions({ teamId, owner }: { teamId: string; owner: boolean }) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<api.TeamVersions | null>(null);
  const [kept, setKept] = useState("");
  const [days, setDays] = useState("");
  const load = useCallback(() => {
    api.teamVersions(teamId).then(
      (v) => {
        setInfo(v);
        setKept(String(v.kept));
        setDays(String(v.days));
      },
      () => setInfo(null),
    );
  }, [teamId]);
  useEffect(load, [load]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    api.setVersionRetention(teamId, Number(kept), Number(days)).then(
      () => {
        message.success(t("app.team.retentionSaved"));
        load();
      },
      () => undefined, // the request client has shown the server's message
    );
  };

  if (!info) return null;
  return (
    <section className="team-versions" aria-label={t("app.team.versions")} data-testid="team-versions">
      <h3>{t("app.team.versions")}</h3>
      <p data-testid="team-versions-space">
        {t("app.team.versionsSpace", { n: info.versions, size: bytesText(t, info.bytes) })}
      </p>
      {owner ? (
        <form className="team-retention" onSubmit={save}>
          <label className="ink-field">
            <span>{t("app.team.versionsKept")}</span>
            <input
              type="number"
              min={1}
              max={TEMPLATE_VERSIONS_KEPT_MAX}
              step={1}
              required
              value={kept}
              data-testid="team-versions-kept"
              onChange={(e) => setKept(e.target.value)}
            />
          </label>
          <label className="ink-field">
            <span>{t("app.team.versionsDays")}</span>
            <input
              type="number"
              min={0}
              max={TEMPLATE_VERSIONS_DAYS_MAX}
              step={1}
              required
              value={days}
              data-testid="team-versions-days"
              onChange={(e) => setDays(e.target.value)}
            />
          </label>
          <button type="submit" className="btn" data-testid="team-versions-save">
            {t("app.team.retentionSave")}
          </button>
        </form>
      ) : (
        <p className="muted">{t("app.team.retentionIs", { kept: info.kept, days: info.days })}</p>
      )}
    </section>
  );
}

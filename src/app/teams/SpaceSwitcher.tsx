// The header's space switch (issue 40): the personal space or one of the user's teams. Switching
// reloads the page so every list, the editor and printing act in the new space.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { listTeams, type Team } from "../api/teams";
import { currentSpace, switchSpace, TEAMS_CHANGED } from "./space";
import "./spaceSwitch.css";

export function SpaceSwitcher() {
  const { t } = useTranslation();
  const [teams, setTeams] = useState<Team[]>([]);
  const current = currentSpace();
  const currentId = current?.id ?? "";
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const bump = () => setChanges((n) => n + 1);
    window.addEventListener(TEAMS_CHANGED, bump);
    return () => window.removeEventListener(TEAMS_CHANGED, bump);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` asks for the list again
  useEffect(() => {
    listTeams()
      .then((list) => {
        setTeams(list);
        // a team the user left or was removed from falls back to the personal space
        if (currentId && !list.some((x) => x.id === currentId)) {
          switchSpace(null);
          window.location.reload();
        }
      })
      .catch(() => setTeams([]));
  }, [currentId, changes]);
  if (!teams.length && !current) return null;
  return (
    <select
      className="space-switch"
      aria-label={t("app.team.space")}
      data-testid="space-switch"
      value={currentId}
      onChange={(e) => {
        const team = teams.find((x) => x.id === e.target.value);
        switchSpace(team ? { id: team.id, name: team.name, role: team.role } : null);
        window.location.reload();
      }}
    >
      <option value="">{t("app.team.personal")}</option>
      {teams.map((x) => (
        <option key={x.id} value={x.id}>
          {x.name} · {t(`team.role.${x.role}`)}
        </option>
      ))}
    </select>
  );
}

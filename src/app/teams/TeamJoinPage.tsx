// /team/join?token=… (issue 40): what an invitation link offers (team and role), and joining it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { Role } from "../../model/teamRoles";
import * as api from "../api/teams";
import "./team.css";

/** /team/join?token=…: what the link offers, and joining. */
export default function TeamJoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get("token") ?? "";
  const [offer, setOffer] = useState<{ team_name: string; role: Role } | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    api.linkInfo(token).then(setOffer, () => setGone(true));
  }, [token]);
  return (
    <main className="user-page team-page">
      <h1>{t("app.team.title")}</h1>
      {offer && (
        <p>
          {t("app.team.invitedTo", { team: offer.team_name, role: t(`team.role.${offer.role}`) })}{" "}
          <button
            type="button"
            className="btn btn-primary"
            data-testid="join-accept"
            onClick={() =>
              api.acceptInvite({ token }).then(
                () => navigate("/team"),
                () => undefined,
              )
            }
          >
            {t("app.team.accept")}
          </button>
        </p>
      )}
      {gone && <p role="alert">{t("server.error.inviteGone")}</p>}
    </main>
  );
}

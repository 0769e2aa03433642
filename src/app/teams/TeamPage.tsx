// /team (issue 40): invitations waiting for this account, new teams, and each team's members: an
// owner invites by account or link, changes roles, removes members and buys seats (SeatsPanel);
// every member may leave.
// Invitation links land on TeamJoinPage. Rules and refusals are the server's.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ROLES, type Role } from "../../model/teamRoles";
import * as api from "../api/teams";
import { SeatsPanel } from "./SeatsPanel";
import { currentSpace, switchSpace, teamsChanged } from "./space";
import { TeamAudit } from "./TeamAudit";
import "./team.css";
import { TeamVersions } from "./TeamVersions";

function RoleSelect(props: { value: Role; onChange: (r: Role) => void; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={props.label}
      data-testid={props.testId}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`team.role.${r}`)}
        </option>
      ))}
    </select>
  );
}

function TeamCard({ team, onChange }: { team: api.Team; onChange: () => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<api.TeamDetail | null>(null);
  const [account, setAccount] = useState("");
  const [role, setRoleValue] = useState<Role>("designer");
  const [linkRole, setLinkRole] = useState<Role>("operator");
  const [link, setLink] = useState("");
  const load = useCallback(() => {
    api.teamDetail(team.id).then(setDetail, () => setDetail(null));
  }, [team.id]);
  useEffect(load, [load]);
  const owner = team.role === "owner";
  const act = (p: Promise<unknown>) => p.then(load, () => undefined);
  const invite = (e: FormEvent) => {
    e.preventDefault();
    act(api.inviteAccount(team.id, account.trim(), role).then(() => setAccount("")));
  };
  const leave = () =>
    api.leaveTeam(team.id).then(
      () => {
        if (currentSpace()?.id === team.id) switchSpace(null);
        onChange();
      },
      () => undefined,
    );
  return (
    <section className="team-card" aria-label={team.name} data-testid={`team-${team.name}`}>
      <h2>
        {team.name} <span className="team-role">{t(`team.role.${team.role}`)}</span>
      </h2>
      <table className="team-members">
        <caption>{t("app.team.members")}</caption>
        <tbody>
          {detail?.members.map((m) => (
            <tr key={m.user_id} data-testid={`member-${m.account}`}>
              <td>{m.nickname}</td>
              <td>{m.account}</td>
              <td>
                {owner ? (
                  <RoleSelect
                    value={m.role}
                    label={t("app.team.roleOf", { name: m.nickname })}
                    onChange={(r) => act(api.setRole(team.id, m.user_id, r))}
                  />
                ) : (
                  t(`team.role.${m.role}`)
                )}
              </td>
              <td>
                {owner && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t("app.team.removeOf", { name: m.nickname })}
                    onClick={() => act(api.removeMember(team.id, m.user_id))}
                  >
                    {t("app.team.remove")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {detail && <SeatsPanel teamId={team.id} detail={detail} />}
      {owner && (
        <>
          <form className="team-row" onSubmit={invite}>
            <input
              type="text"
              required
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              aria-label={t("app.team.inviteAccount")}
              placeholder={t("app.team.inviteAccount")}
              data-testid="invite-account"
            />
            <RoleSelect
              value={role}
              onChange={setRoleValue}
              label={t("app.team.inviteRole")}
              testId="invite-role"
            />
            <button type="submit" className="btn btn-primary" data-testid="invite-send">
              {t("app.team.invite")}
            </button>
          </form>
          <div className="team-row">
            <RoleSelect value={linkRole} onChange={setLinkRole} label={t("app.team.linkRole")} />
            <button
              type="button"
              className="btn"
              onClick={() => act(api.inviteLink(team.id, linkRole, 7).then((r) => setLink(r.url)))}
            >
              {t("app.team.makeLink")}
            </button>
            {link && (
              <input readOnly value={link} aria-label={t("app.team.link")} data-testid="invite-link" />
            )}
          </div>
          {detail && detail.invites.length > 0 && (
            <ul className="team-invites" aria-label={t("app.team.openInvites")}>
              {detail.invites.map((i) => (
                <li key={i.id}>
                  {i.account || t("app.team.link")} · {t(`team.role.${i.role}`)} · {i.expires_at}{" "}
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => act(api.withdrawInvite(team.id, i.id))}
                  >
                    {t("app.team.withdraw")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {owner && <TeamAudit team={team} members={detail?.members ?? []} />}
      <TeamVersions teamId={team.id} owner={owner} />
      <button type="button" className="btn btn-ghost" onClick={leave} data-testid="team-leave">
        {t("app.team.leave")}
      </button>
    </section>
  );
}

export default function TeamPage() {
  const { t } = useTranslation();
  const [teams, setTeams] = useState<api.Team[]>([]);
  const [invites, setInvites] = useState<api.Invite[]>([]);
  const [name, setName] = useState("");
  const load = useCallback(() => {
    api.listTeams().then(
      (list) => {
        setTeams(list);
        teamsChanged();
      },
      () => setTeams([]),
    );
    api.myInvites().then(setInvites, () => setInvites([]));
  }, []);
  useEffect(load, [load]);
  const create = (e: FormEvent) => {
    e.preventDefault();
    api.createTeam(name.trim()).then(
      () => {
        setName("");
        load();
      },
      () => undefined,
    );
  };
  // back from the payment provider's checkout (?paid=<order>): the seats come with its confirmation
  const paid = new URLSearchParams(window.location.search).has("paid");
  return (
    <main className="user-page team-page">
      <h1>{t("app.team.title")}</h1>
      {paid && (
        <p role="status" data-testid="seats-pending">
          {t("app.team.seatsPending")}
        </p>
      )}
      {invites.length > 0 && (
        <section aria-label={t("app.team.invitesForMe")}>
          <h2>{t("app.team.invitesForMe")}</h2>
          <ul>
            {invites.map((i) => (
              <li key={i.id} data-testid={`invite-${i.team_name}`}>
                {t("app.team.invitedTo", { team: i.team_name, role: t(`team.role.${i.role}`) })}{" "}
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => api.acceptInvite({ invite: i.id }).then(load, () => undefined)}
                >
                  {t("app.team.accept")}
                </button>{" "}
                <button
                  type="button"
                  className="btn"
                  onClick={() => api.declineInvite(i.id).then(load, () => undefined)}
                >
                  {t("app.team.decline")}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className="team-row" onSubmit={create}>
        <input
          type="text"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label={t("app.team.newName")}
          placeholder={t("app.team.newName")}
          data-testid="team-name"
        />
        <button type="submit" className="btn btn-primary" data-testid="team-create">
          {t("app.team.create")}
        </button>
      </form>
      {teams.length === 0 && <p>{t("app.team.none")}</p>}
      {teams.map((x) => (
        <TeamCard key={x.id} team={x} onChange={load} />
      ))}
    </main>
  );
}

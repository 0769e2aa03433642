// A team's audit log on /team (issue 40), for owners: who saved, deleted, printed, invited or changed
// what, and when; filtered by member, action and dates, 50 events a page, and the filtered log saved
// as CSV. The server decides who may read it and writes the CSV (routes/teamAudit.ts).
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadBlob } from "../../editor/save/localFiles";
import * as api from "../api/teams";
import { Pager } from "../ui/Pager";

/** The actions the log records (server: services/teamEvents.ts TEAM_ACTIONS). */
const ACTIONS = [
  "template.saved",
  "template.restored",
  "template.approved",
  "template.rejected",
  "template.deleted",
  "label.printed",
  "member.invited",
  "member.joined",
  "member.role",
  "member.removed",
  "member.left",
  "team.renamed",
] as const;
const PAGE_SIZE = 50;
const NO_FILTER: api.TeamEventFilter = { member: "", action: "", from: "", to: "" };

export function TeamAudit({ team, members }: { team: api.Team; members: readonly api.Member[] }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<api.TeamEventFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [events, setEvents] = useState<api.TeamEvent[]>([]);
  const [count, setCount] = useState(0);
  const load = useCallback(() => {
    api.teamAudit(team.id, filter, page, PAGE_SIZE).then(
      (r) => {
        setEvents(r.list);
        setCount(r.count);
      },
      () => undefined,
    );
  }, [team.id, filter, page]);
  // members joining, leaving or changing role are events too: read the log again when they change
  // biome-ignore lint/correctness/useExhaustiveDependencies: members is the trigger, not an input
  useEffect(load, [load, members]);
  const set = (key: keyof api.TeamEventFilter) => (value: string) => {
    setFilter((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const saveCsv = () =>
    api.teamAuditCsv(team.id, filter).then(
      (r) => downloadBlob(new Blob([`\uFEFF${r.csv}`], { type: "text/csv" }), `${team.name}-audit.csv`),
      () => undefined,
    );
  const headingId = `team-audit-${team.id}`;
  return (
    <section className="team-audit" aria-labelledby={headingId} data-testid="team-audit">
      <h3 id={headingId}>{t("team.audit.title")}</h3>
      <div className="team-row">
        <select
          aria-label={t("team.audit.col.member")}
          value={filter.member}
          onChange={(e) => set("member")(e.target.value)}
          data-testid="audit-member"
        >
          <option value="">{t("team.audit.anyMember")}</option>
          {members.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {m.nickname} ({m.account})
            </option>
          ))}
        </select>
        <select
          aria-label={t("team.audit.col.action")}
          value={filter.action}
          onChange={(e) => set("action")(e.target.value)}
          data-testid="audit-action"
        >
          <option value="">{t("team.audit.anyAction")}</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`team.audit.action.${a}`)}
            </option>
          ))}
        </select>
        <label>
          {t("team.audit.from")}
          <input type="date" value={filter.from} onChange={(e) => set("from")(e.target.value)} />
        </label>
        <label>
          {t("team.audit.to")}
          <input type="date" value={filter.to} onChange={(e) => set("to")(e.target.value)} />
        </label>
        <button type="button" className="btn" onClick={saveCsv} data-testid="audit-csv">
          {t("team.audit.csv")}
        </button>
      </div>
      {events.length === 0 ? (
        <p>{t("team.audit.empty")}</p>
      ) : (
        <table className="team-members" data-testid="audit-table">
          <thead>
            <tr>
              {(["time", "member", "action", "subject", "detail"] as const).map((k) => (
                <th key={k} scope="col">
                  {t(`team.audit.col.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td>{e.time}</td>
                <td>{e.member}</td>
                <td>{t(`team.audit.action.${e.action}`)}</td>
                <td>{e.subject}</td>
                <td>{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          label={t("team.audit.pages")}
          prev={t("team.audit.newer")}
          next={t("team.audit.older")}
          status={t("team.audit.page", { page, pages })}
        />
      )}
    </section>
  );
}

// Reading a team's audit log (issue 40; docs/server.md "Team audit log"; written by teamEvents.ts):
// owners read it, filtered by member, action and dates, a page at a time or whole as CSV (fields
// escaped so a spreadsheet never runs a name as a formula).
import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import { roleAllows } from "../../model/teamRoles";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import { formatTime } from "../validate";
import { csvLine } from "./exportData";
import type { TeamAction, TeamEventDetail } from "./teamEvents";
import { roleIn } from "./teams";

/** The most rows one CSV export writes. */
export const TEAM_AUDIT_CSV_MAX = 100_000;

export interface TeamEventFilter {
  /** a member's user id */
  readonly actor?: string;
  readonly action?: TeamAction;
  /** inclusive bounds, ISO dates or times */
  readonly from?: string;
  readonly to?: string;
}

export interface TeamEventRow {
  id: string;
  actor_id: string | null;
  actor: string;
  action: TeamAction;
  subject: string;
  detail: TeamEventDetail;
  created_at: Date;
}

/** Only an owner reads the log; anyone else in the team is refused, someone outside finds nothing. */
async function requireReader(q: Queryable, userId: string, teamId: string): Promise<void> {
  if (!roleAllows(await roleIn(q, userId, teamId), "manage"))
    throw new ApiError(Code.forbidden, "server.error.teamRole");
}

function whereOf(teamId: string, f: TeamEventFilter): { sql: string; args: unknown[] } {
  const args: unknown[] = [teamId];
  let sql = "team_id = $1";
  const add = (clause: string, v: unknown) => {
    args.push(v);
    sql += ` AND ${clause.replace("?", `$${args.length}`)}`;
  };
  if (f.actor) add("actor_id = ?", f.actor);
  if (f.action) add("action = ?", f.action);
  if (f.from) add("created_at >= ?::timestamptz", f.from);
  // a bare date means the whole day
  if (f.to) add("created_at < (?::date + 1)::timestamptz", f.to);
  return { sql, args };
}

const parseDetail = (raw: string): TeamEventDetail => {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as TeamEventDetail) : {};
  } catch {
    return {};
  }
};

type RawRow = Omit<TeamEventRow, "detail"> & { detail: string };

async function select(
  q: Queryable,
  teamId: string,
  f: TeamEventFilter,
  limit: number,
  offset: number,
): Promise<TeamEventRow[]> {
  const { sql, args } = whereOf(teamId, f);
  const rows = await q.query<RawRow>(
    `SELECT id::text AS id, actor_id, actor, action, subject, detail, created_at FROM team_events
      WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    args,
  );
  return rows.map((r) => ({ ...r, detail: parseDetail(r.detail) }));
}

/** A page of the log, newest first, with the number of events that match. */
export async function listTeamEvents(
  q: Queryable,
  userId: string,
  teamId: string,
  f: TeamEventFilter,
  page: number,
  size: number,
): Promise<{ rows: TeamEventRow[]; total: number }> {
  await requireReader(q, userId, teamId);
  const { sql, args } = whereOf(teamId, f);
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM team_events WHERE ${sql}`,
    args,
  );
  return { rows: await select(q, teamId, f, size, (page - 1) * size), total: n };
}

/** An event's detail in words ("v3", "12 labels · Zebra", the role's name). */
export function detailText(row: Pick<TeamEventRow, "detail">, lang: Language): string {
  const d = row.detail;
  const parts: string[] = [];
  if (d.role) parts.push(translate(`team.role.${d.role}`, {}, lang));
  if (typeof d.version === "number") parts.push(`v${d.version}`);
  if (typeof d.labels === "number") parts.push(translate("team.audit.labels", { count: d.labels }, lang));
  if (d.printer) parts.push(d.printer);
  return parts.join(" · ");
}

/** The whole filtered log as CSV (up to TEAM_AUDIT_CSV_MAX rows), headed in the caller's language. */
export async function teamEventsCsv(
  q: Queryable,
  userId: string,
  teamId: string,
  f: TeamEventFilter,
  lang: Language,
): Promise<string> {
  await requireReader(q, userId, teamId);
  const rows = await select(q, teamId, f, TEAM_AUDIT_CSV_MAX, 0);
  const head = ["time", "member", "action", "subject", "detail"].map((k) =>
    translate(`team.audit.col.${k}`, {}, lang),
  );
  let out = csvLine(head);
  for (const r of rows)
    out += csvLine([
      formatTime(r.created_at),
      r.actor,
      translate(`team.audit.action.${r.action}`, {}, lang),
      r.subject,
      detailText(r, lang),
    ]);
  return out;
}

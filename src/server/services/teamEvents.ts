// A team's audit log, the writing side (issue 40; docs/server.md "Team audit log"): the services
// that change, print or manage something call `recordTeamEvent` with the space they acted for, in
// the same transaction; in a personal space (no team of that id) it records nothing, so a caller
// need not ask first. Read by teamAudit.ts.
import type { Queryable } from "../db";

export const TEAM_ACTIONS = [
  "team.renamed",
  "member.invited",
  "member.joined",
  "member.role",
  "member.removed",
  "member.left",
  "template.saved",
  "template.restored",
  "template.approved",
  "template.rejected",
  "template.deleted",
  "label.printed",
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];
export const isTeamAction = (v: string): v is TeamAction => (TEAM_ACTIONS as readonly string[]).includes(v);

/** What an event carries beyond its subject (shown translated): a role, a version, labels, a printer. */
export interface TeamEventDetail {
  readonly role?: string;
  readonly version?: number;
  readonly labels?: number;
  readonly printer?: string;
}

/** The longest subject kept (a template or account name). */
const SUBJECT_MAX = 200;

/**
 * Records that `actorId` did `action` on `subject` (a name, or a user whose account is kept) in the
 * space `spaceId`, when that space is a team the actor belongs to (one statement; nothing in a
 * personal space). Accounts are kept as they are now.
 */
export async function recordTeamEvent(
  q: Queryable,
  spaceId: string,
  actorId: string,
  action: TeamAction,
  subject: string | { readonly user: string },
  detail: TeamEventDetail = {},
): Promise<void> {
  const text = typeof subject === "string" ? subject.slice(0, SUBJECT_MAX) : "";
  const user = typeof subject === "string" ? null : subject.user;
  await q.query(
    `INSERT INTO team_events (team_id, actor_id, actor, action, subject, detail)
     SELECT t.id, $2, COALESCE((SELECT account FROM users WHERE id = $2), ''), $3,
            COALESCE((SELECT account FROM users WHERE id = $6), $4), $5
       FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = $2 WHERE t.id = $1`,
    [spaceId, actorId, action, text, JSON.stringify(detail), user],
  );
}

/**
 * Records a print of the template `templateId` by `actorId` in the template's team, when it is a team
 * template and the actor a member (a print record names any template id it likes: one of another
 * team is not written into that team's log).
 */
export async function recordTeamPrint(
  q: Queryable,
  actorId: string,
  templateId: string,
  detail: Pick<TeamEventDetail, "labels" | "printer" | "version">,
): Promise<void> {
  if (!templateId) return;
  await q.query(
    `INSERT INTO team_events (team_id, actor_id, actor, action, subject, detail)
     SELECT t.user_id, $2, COALESCE((SELECT account FROM users WHERE id = $2), ''), 'label.printed', t.name, $3
       FROM templates t JOIN team_members m ON m.team_id = t.user_id AND m.user_id = $2 WHERE t.id = $1`,
    [templateId, actorId, JSON.stringify(detail)],
  );
}

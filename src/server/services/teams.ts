// Teams (issue 40): a team's space is a users row of its own (migration 25), so its folders,
// templates, data files and devices are ordinary rows owned by the team's id and every existing
// object-level check holds. This file is the one place that decides what a member may do there:
// `actingSpace` maps (signed-in user, space asked for, action) to the owner id the services filter
// by, or refuses. Members, roles and invitations are managed here too. Routes: routes/teams.ts.
import { createHash, randomBytes } from "node:crypto";
import { newRecordId } from "../../model/ids";
import { ROLES, type Role, roleAllows, type SpaceAction } from "../../model/teamRoles";
import type { SessionUser } from "../auth/sessions";
import type { Queryable } from "../db";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { requireSeat, type Seats, teamSeats } from "./seats";
import { recordTeamEvent } from "./teamEvents";

/** How long an invitation by account stays open. */
export const INVITE_DAYS = 7;
/** The longest a link invitation may be given. */
export const INVITE_LINK_MAX_DAYS = 30;

const roleRefused = () => new ApiError(Code.forbidden, "server.error.teamRole");
const hashInvite = (token: string) => createHash("sha256").update(token).digest("hex");

/** A role named by a request; anything else is refused. */
export function parseRole(raw: string): Role {
  if (!(ROLES as readonly string[]).includes(raw)) throw new ApiError(Code.failed, "server.error.badRole");
  return raw as Role;
}

/** The user's role in the team; not a member (or no such team) reads as "not found" (code 209), so
 * team ids cannot be probed. */
export async function roleIn(q: Queryable, userId: string, teamId: string): Promise<Role> {
  const [m] = await q.query<{ role: Role }>(
    "SELECT role FROM team_members WHERE team_id = $1 AND user_id = $2",
    [teamId, userId],
  );
  if (!m) throw itemNotFound();
  return m.role;
}

/** A space to act in: its owner id (`id`), the caller's role there (null: personal) and the caller. */
export type Space = SessionUser & { role: Role | null; actor: string };

/**
 * The owner the content services act for: the user itself in the personal space (`teamId` ""), the
 * team when the user's role there allows `action` (code 403 `server.error.teamRole` otherwise).
 * The answer keeps the caller's session (upload tokens stay tied to it) with the team's id and
 * membership fields.
 */
export async function actingSpace(
  q: Queryable,
  user: SessionUser,
  teamId: string,
  action: SpaceAction,
): Promise<Space> {
  if (!teamId) return { ...user, role: null, actor: user.id };
  const role = await roleIn(q, user.id, teamId);
  if (!roleAllows(role, action)) throw roleRefused();
  const [t] = await q.query<{
    account: string;
    nickname: string;
    is_member: boolean;
    member_expire: Date | null;
  }>("SELECT account, nickname, is_member, member_expire FROM users WHERE id = $1 AND is_team", [teamId]);
  if (!t) throw itemNotFound();
  return { ...user, ...t, id: teamId, head_pic: "", role, actor: user.id };
}

/** `actingSpace` for a call made with a personal access token (no session): the token's owner is
 * read from the users table. */
export async function tokenSpace(
  q: Queryable,
  userId: string,
  teamId: string,
  action: SpaceAction,
): Promise<Space> {
  const [u] = await q.query<Omit<SessionUser, "tokenHash" | "expiresAt">>(
    "SELECT id, account, nickname, head_pic, is_member, member_expire FROM users WHERE id = $1",
    [userId],
  );
  if (!u) throw itemNotFound();
  return actingSpace(q, { ...u, tokenHash: "", expiresAt: new Date(0) }, teamId, action);
}

/** Refuses unless the user owns the team. */
export async function requireOwner(q: Queryable, userId: string, teamId: string): Promise<void> {
  if ((await roleIn(q, userId, teamId)) !== "owner") throw roleRefused();
}

/** A new team owned by `userId` with `seats` included (INKLESS_TEAM_SEATS); its id. The caller seeds its default folders (no samples). */
export async function createTeam(q: Queryable, userId: string, name: string, seats = 5): Promise<string> {
  const id = newRecordId();
  await q.query(
    `INSERT INTO users (id, account, password_hash, nickname, industry, is_team) VALUES ($1, $2, '', $3, '', true)`,
    [id, `team:${id}`, name],
  );
  await q.query("INSERT INTO teams (id, name, seats) VALUES ($1, $2, $3)", [id, name, seats]);
  await q.query("INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')", [id, userId]);
  // a team starts with empty default folders, not the personal sample labels
  await q.query("INSERT INTO meta (key, value) VALUES ($1, $2)", [`samples:${id}`, new Date().toISOString()]);
  return id;
}

export async function renameTeam(q: Queryable, userId: string, teamId: string, name: string): Promise<void> {
  await requireOwner(q, userId, teamId);
  await q.query("UPDATE teams SET name = $2 WHERE id = $1", [teamId, name]);
  await q.query("UPDATE users SET nickname = $2 WHERE id = $1 AND is_team", [teamId, name]);
  await recordTeamEvent(q, teamId, userId, "team.renamed", name);
}

export interface TeamRow {
  id: string;
  name: string;
  role: Role;
  members: number;
}

/** The teams the user belongs to, by name. */
export function listTeams(q: Queryable, userId: string): Promise<TeamRow[]> {
  return q.query<TeamRow>(
    `SELECT t.id, t.name, m.role,
            (SELECT count(*)::int FROM team_members x WHERE x.team_id = t.id) AS members
       FROM team_members m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 ORDER BY lower(t.name), t.id`,
    [userId],
  );
}

export interface MemberRow {
  user_id: string;
  account: string;
  nickname: string;
  role: Role;
}

/** A team's members (any member may see them) and, for an owner, its open invitations. */
export async function teamDetail(q: Queryable, userId: string, teamId: string) {
  const role = await roleIn(q, userId, teamId);
  const [team] = await q.query<{ name: string }>("SELECT name FROM teams WHERE id = $1", [teamId]);
  const members = await q.query<MemberRow>(
    `SELECT u.id AS user_id, u.account, u.nickname, m.role FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 ORDER BY m.created_at, u.id`,
    [teamId],
  );
  const invites =
    role === "owner"
      ? await q.query<{ id: string; account: string; role: Role; expires_at: Date }>(
          `SELECT id, account, role, expires_at FROM team_invites
            WHERE team_id = $1 AND expires_at > now() ORDER BY created_at, id`,
          [teamId],
        )
      : [];
  const seats: Seats = await teamSeats(q, teamId);
  return { id: teamId, name: team.name, role, members, invites, seats };
}

/** An owner invites an account (e-mail or phone, as registered) with a role: the invitation waits
 * for that account (shown when it signs in) and takes a seat (refused when none is left: call in a
 * transaction); answers the team's name for the message sent. */
export async function inviteAccount(
  q: Queryable,
  userId: string,
  teamId: string,
  account: string,
  role: Role,
): Promise<{ id: string; teamName: string }> {
  await requireOwner(q, userId, teamId);
  const already = await q.query(
    "SELECT 1 FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND u.account = $2",
    [teamId, account],
  );
  if (already.length) throw new ApiError(Code.failed, "server.error.alreadyMember");
  const replaced = await q.query(
    "SELECT 1 FROM team_invites WHERE team_id = $1 AND account = $2 AND expires_at > now()",
    [teamId, account],
  );
  await requireSeat(q, teamId, replaced.length);
  // a second invitation replaces the first (its role and expiry)
  await q.query("DELETE FROM team_invites WHERE team_id = $1 AND account = $2", [teamId, account]);
  const id = newRecordId();
  await q.query(
    `INSERT INTO team_invites (id, team_id, account, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + interval '${INVITE_DAYS} days')`,
    [id, teamId, account, role, userId],
  );
  await recordTeamEvent(q, teamId, userId, "member.invited", account, { role });
  const [t] = await q.query<{ name: string }>("SELECT name FROM teams WHERE id = $1", [teamId]);
  return { id, teamName: t.name };
}

/** An owner makes an invitation link (anyone holding it may join with `role` until it expires);
 * only its hash is kept. Answers the secret for the link. */
export async function inviteLink(
  q: Queryable,
  userId: string,
  teamId: string,
  role: Role,
  days: number,
): Promise<{ id: string; token: string }> {
  await requireOwner(q, userId, teamId);
  if (!Number.isInteger(days) || days < 1 || days > INVITE_LINK_MAX_DAYS)
    throw new ApiError(Code.failed, "server.error.inviteDays", { max: INVITE_LINK_MAX_DAYS });
  const id = newRecordId();
  const token = randomBytes(24).toString("base64url");
  await q.query(
    `INSERT INTO team_invites (id, team_id, token_hash, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6::int))`,
    [id, teamId, hashInvite(token), role, userId, days],
  );
  await recordTeamEvent(q, teamId, userId, "member.invited", "", { role });
  return { id, token };
}

/** An owner withdraws an invitation (by account or link). */
export async function withdrawInvite(
  q: Queryable,
  userId: string,
  teamId: string,
  id: string,
): Promise<void> {
  await requireOwner(q, userId, teamId);
  await q.query("DELETE FROM team_invites WHERE id = $1 AND team_id = $2", [id, teamId]);
}

/** The open invitations for the user's account. */
export function invitesFor(q: Queryable, account: string) {
  return q.query<{ id: string; team_id: string; team_name: string; role: Role; expires_at: Date }>(
    `SELECT i.id, i.team_id, t.name AS team_name, i.role, i.expires_at FROM team_invites i
       JOIN teams t ON t.id = i.team_id WHERE i.account = $1 AND i.expires_at > now() ORDER BY i.created_at, i.id`,
    [account],
  );
}

/** What an invitation link offers (team name and role), for the page that asks to join. */
export async function linkInvite(q: Queryable, token: string) {
  const [i] = await q.query<{ id: string; team_id: string; team_name: string; role: Role }>(
    `SELECT i.id, i.team_id, t.name AS team_name, i.role FROM team_invites i JOIN teams t ON t.id = i.team_id
      WHERE i.token_hash = $1 AND i.expires_at > now()`,
    [hashInvite(token)],
  );
  if (!i) throw new ApiError(Code.failed, "server.error.inviteGone");
  return i;
}

/** Accepts an invitation: one for the user's account (by id, used up) or a link (by its secret,
 * open to others until it expires). A member already keeps their role. Answers the team id. */
export async function acceptInvite(
  q: Queryable,
  user: { id: string; account: string },
  by: { id: string } | { token: string },
): Promise<string> {
  const [i] =
    "token" in by
      ? await q.query<{ id: string; team_id: string; role: Role }>(
          "SELECT id, team_id, role FROM team_invites WHERE token_hash = $1 AND expires_at > now()",
          [hashInvite(by.token)],
        )
      : await q.query<{ id: string; team_id: string; role: Role }>(
          "SELECT id, team_id, role FROM team_invites WHERE id = $1 AND account = $2 AND expires_at > now()",
          [by.id, user.account],
        );
  if (!i) throw new ApiError(Code.failed, "server.error.inviteGone");
  // an invitation by account already holds its seat; a link takes one when used
  const member = await q.query("SELECT 1 FROM team_members WHERE team_id = $1 AND user_id = $2", [
    i.team_id,
    user.id,
  ]);
  if ("token" in by && member.length === 0) await requireSeat(q, i.team_id);
  await q.query(
    "INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (team_id, user_id) DO NOTHING",
    [i.team_id, user.id, i.role],
  );
  await recordTeamEvent(q, i.team_id, user.id, "member.joined", { user: user.id }, { role: i.role });
  if (!("token" in by)) await q.query("DELETE FROM team_invites WHERE id = $1", [i.id]);
  return i.team_id;
}

/** Declines an invitation for the user's account. */
export async function declineInvite(q: Queryable, account: string, id: string): Promise<void> {
  const rows = await q.query("DELETE FROM team_invites WHERE id = $1 AND account = $2 RETURNING id", [
    id,
    account,
  ]);
  if (!rows.length) throw new ApiError(Code.failed, "server.error.inviteGone");
}

/** Refuses a change that would leave the team without an owner (the team row is locked so two
 * owners stepping down together cannot both pass). */
async function keepAnOwner(q: Queryable, teamId: string, leaving: string): Promise<void> {
  await q.query("SELECT id FROM teams WHERE id = $1 FOR UPDATE", [teamId]);
  const [o] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM team_members WHERE team_id = $1 AND role = 'owner' AND user_id <> $2",
    [teamId, leaving],
  );
  if (o.n < 1) throw new ApiError(Code.failed, "server.error.lastOwner");
}

/** An owner changes a member's role (an owner may step down while another owner remains). */
export async function setRole(
  q: Queryable,
  userId: string,
  teamId: string,
  memberId: string,
  role: Role,
): Promise<void> {
  await requireOwner(q, userId, teamId);
  const was = await roleIn(q, memberId, teamId);
  if (was === "owner" && role !== "owner") await keepAnOwner(q, teamId, memberId);
  await q.query("UPDATE team_members SET role = $3 WHERE team_id = $1 AND user_id = $2", [
    teamId,
    memberId,
    role,
  ]);
  await recordTeamEvent(q, teamId, userId, "member.role", { user: memberId }, { role });
}

/** An owner removes a member, or a member leaves (memberId = userId). */
export async function removeMember(
  q: Queryable,
  userId: string,
  teamId: string,
  memberId: string,
): Promise<void> {
  if (memberId !== userId) await requireOwner(q, userId, teamId);
  if ((await roleIn(q, memberId, teamId)) === "owner") await keepAnOwner(q, teamId, memberId);
  // recorded first: the log takes events of members only, and one who leaves is one no more
  const action = memberId === userId ? "member.left" : "member.removed";
  await recordTeamEvent(q, teamId, userId, action, { user: memberId });
  await q.query("DELETE FROM team_members WHERE team_id = $1 AND user_id = $2", [teamId, memberId]);
}

/** Teams whose only owner is `userId` (deleted with the account: a team always has an owner). */
export async function teamsOnlyOwnedBy(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q.query<{ team_id: string }>(
    `SELECT m.team_id FROM team_members m WHERE m.user_id = $1 AND m.role = 'owner'
        AND NOT EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = m.team_id AND o.role = 'owner' AND o.user_id <> $1)`,
    [userId],
  );
  return rows.map((r) => r.team_id);
}

/** True when `key` lies in the folder of a team the user belongs to (any role reads). */
export async function readableInTeam(q: Queryable, userId: string, key: string): Promise<boolean> {
  const owner = key.split("/", 1)[0];
  const rows = await q.query("SELECT 1 FROM team_members WHERE team_id = $1 AND user_id = $2", [
    owner,
    userId,
  ]);
  return rows.length > 0;
}

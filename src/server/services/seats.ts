// Team seats (issue 40, migration 28): a team has the seats included with it (teams.seats) plus the
// seats its paid seat orders bought, while they run (not refunded, valid_until ahead). Members and
// open invitations by account each take a seat; an invitation or a link join beyond them is refused
// with a message pointing the owner to buying seats on the team page.
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";

export interface Seats {
  included: number;
  bought: number;
  total: number;
  /** members plus open invitations by account */
  used: number;
}

export async function teamSeats(q: Queryable, teamId: string): Promise<Seats> {
  const [row] = await q.query<{ included: number; bought: number; members: number; invites: number }>(
    `SELECT t.seats AS included,
            (SELECT COALESCE(sum(quantity), 0)::int FROM payment_orders o
              WHERE o.team_id = t.id AND o.kind = 'seat' AND o.status = 2 AND o.valid_until > now()) AS bought,
            (SELECT count(*)::int FROM team_members m WHERE m.team_id = t.id) AS members,
            (SELECT count(*)::int FROM team_invites i
              WHERE i.team_id = t.id AND i.account <> '' AND i.expires_at > now()) AS invites
       FROM teams t WHERE t.id = $1`,
    [teamId],
  );
  if (!row) return { included: 0, bought: 0, total: 0, used: 0 };
  return {
    included: row.included,
    bought: row.bought,
    total: row.included + row.bought,
    used: row.members + row.invites,
  };
}

/**
 * Refuses (code 209, `server.error.noSeats`) unless the team has a seat for one more person. The
 * team row is locked first (call inside a transaction) so two invitations cannot take the last seat
 * together. `freed`: seats the change gives back first (an invitation it replaces).
 */
export async function requireSeat(q: Queryable, teamId: string, freed = 0): Promise<void> {
  await q.query("SELECT id FROM teams WHERE id = $1 FOR UPDATE", [teamId]);
  const s = await teamSeats(q, teamId);
  if (s.used - freed >= s.total) throw new ApiError(Code.failed, "server.error.noSeats", { seats: s.total });
}

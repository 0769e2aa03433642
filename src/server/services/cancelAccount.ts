// Account cancellation (application.md §4: "Account cancellation clears the data and requires
// registering again"). Every row of the user goes in one transaction (the users row, and with it by
// ON DELETE CASCADE its folders, templates, data files, shares given and added, print records, use
// counts, devices and their jobs, linked sign-ins, tours, sessions and upload tokens); rows keyed by
// the account (verification codes, sign-in attempt counters) go by name; a team the user alone is in
// goes too (one with other members refuses: services/teams.ts keeps an owner); feedback the user sent stays
// with the operator without the account or contact. Then every stored file under `<userid>/`.
import type { Db, Queryable } from "../db";
import type { FileStore } from "../files/store";
import { ApiError, Code } from "../http/envelope";
import { teamsOnlyOwnedBy } from "./teams";

/** An account without a password (made through another provider) confirms cancellation by signing
 * in again: its session must be at most this old. */
export const CANCEL_REAUTH_MS = 10 * 60_000;

/** True when the session (by its token hash) began at most CANCEL_REAUTH_MS before `now`. */
export async function signedInRecently(q: Queryable, tokenHash: string, now = Date.now()): Promise<boolean> {
  const [s] = await q.query<{ created_at: Date }>("SELECT created_at FROM sessions WHERE token_hash = $1", [
    tokenHash,
  ]);
  return Boolean(s) && now - new Date(s.created_at).getTime() <= CANCEL_REAUTH_MS;
}

/** Deletes the user and everything of theirs; returns how many stored files were removed. */
export async function deleteAccount(
  db: Db,
  files: FileStore,
  userId: string,
  account: string,
): Promise<number> {
  const teams = await db.tx(async (q) => {
    // a team keeps an owner: one the user alone owns goes with them when nobody else is in it,
    // else cancellation waits until another member is made an owner
    const teams = await teamsOnlyOwnedBy(q, userId);
    for (const t of teams) {
      const others = await q.query("SELECT 1 FROM team_members WHERE team_id = $1 AND user_id <> $2", [
        t,
        userId,
      ]);
      if (others.length) throw new ApiError(Code.failed, "server.error.lastOwner");
      await q.query("DELETE FROM users WHERE id = $1 AND is_team", [t]);
    }
    await q.query("UPDATE feedback SET account = '', contact = '' WHERE user_id = $1", [userId]);
    await q.query("DELETE FROM verification_codes WHERE account = $1", [account]);
    await q.query("DELETE FROM rate_limits WHERE starts_with(key, $1)", [`login:${account}|`]);
    await q.query("DELETE FROM users WHERE id = $1", [userId]);
    return teams;
  });
  // after the commit: a failure here leaves files nobody can reach (no row points to them), never rows
  let removed = 0;
  for (const owner of [userId, ...teams])
    for (const f of await files.list(`${owner}/`))
      if (await files.delete(f.key).catch(() => false)) removed++;
  return removed;
}

// Account cancellation (application.md §4: "Account cancellation clears the data and requires
// registering again"). Every row of the user goes in one transaction (the users row, and with it by
// ON DELETE CASCADE its folders, templates, data files, shares given and added, print records, use
// counts, devices and their jobs, linked sign-ins, tours, sessions and upload tokens); rows keyed by
// the account (verification codes, sign-in attempt counters) go by name; feedback the user sent stays
// with the operator without the account or contact. Then every stored file under `<userid>/`.
import type { Db, Queryable } from "../db";
import type { FileStore } from "../files/store";

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
  await db.tx(async (q) => {
    await q.query("UPDATE feedback SET account = '', contact = '' WHERE user_id = $1", [userId]);
    await q.query("DELETE FROM verification_codes WHERE account = $1", [account]);
    await q.query("DELETE FROM rate_limits WHERE starts_with(key, $1)", [`login:${account}|`]);
    await q.query("DELETE FROM users WHERE id = $1", [userId]);
  });
  // after the commit: a failure here leaves files nobody can reach (no row points to them), never rows
  let removed = 0;
  for (const f of await files.list(`${userId}/`)) if (await files.delete(f.key).catch(() => false)) removed++;
  return removed;
}

// Accounts: new users, the password check under the login limits, verification codes and the
// password they reset, and profile changes. Routes: src/server/routes/accounts.ts (and oidc.ts,
// personal.ts for the password check and new accounts). Limits: docs/security.md.
import { createHash, randomInt } from "node:crypto";
import type { Language } from "../../model/constants";
import { newRecordId } from "../../model/ids";
import { dummyHash, verifyPassword } from "../auth/password";
import { clearFailures, refundAttempt, takeAttempt } from "../auth/rateLimit";
import type { Queryable } from "../db";
import type { Services } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { ensureUserContent } from "../seed/seed";

const fail = (key: string) => new ApiError(Code.failed, key);

/** Failed logins one IP may make per minute, whatever the account names (docs/security.md). */
export const LOGIN_PER_IP = 30;
/** Verification codes one IP may ask for per minute. */
export const SEND_CODE_PER_IP = 5;
/** Wrong codes an account's verification code survives. */
const CODE_ATTEMPTS = 5;

export interface UserRow {
  id: string;
  account: string;
  nickname: string;
  head_pic: string;
}

/**
 * The user of `account` when `password` is theirs, checked under the login limits (counted before
 * the password check, atomically, so parallel attempts cannot race past them: per IP for rotating
 * account names, and per account and IP); else 401. Unknown accounts cost the same (a dummy hash).
 */
export async function checkPassword(
  q: Queryable,
  ip: string,
  account: string,
  password: string,
): Promise<UserRow> {
  const ipKey = `login-ip:${ip}`;
  const limitKey = `login:${account}|${ip}`;
  if (!(await takeAttempt(q, ipKey, LOGIN_PER_IP))) throw fail("server.error.tooFrequent");
  if (!(await takeAttempt(q, limitKey))) throw fail("server.error.tooFrequent");
  const rows = await q.query<UserRow & { password_hash: string }>(
    "SELECT id, account, nickname, head_pic, password_hash FROM users WHERE account = $1",
    [account],
  );
  const user = rows[0];
  const good = await verifyPassword(password, user?.password_hash ?? dummyHash());
  if (!user || !good) throw new ApiError(Code.unauthorized, "server.error.wrongCredentials");
  await clearFailures(q, limitKey);
  await refundAttempt(q, ipKey);
  const { password_hash: _, ...row } = user;
  return row;
}

/**
 * A new account with its default folders and sample labels; "already registered" when the account
 * is taken. `passwordHash` is empty for an account made through another provider (no password
 * matches it until the user sets one with a verification code).
 */
export async function createUser(
  s: Services,
  lang: Language,
  u: { account: string; passwordHash: string; nickname: string; industry: string },
): Promise<UserRow> {
  const rows = await s.db.query<UserRow>(
    `INSERT INTO users (id, account, password_hash, nickname, industry) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account) DO NOTHING RETURNING id, account, nickname, head_pic`,
    [newRecordId(), u.account, u.passwordHash, u.nickname, u.industry],
  );
  if (!rows[0]) throw fail("server.error.accountExists");
  await ensureUserContent(s, rows[0].id, lang);
  return rows[0];
}

/** Deletes an account (one made for a sign-in that another request finished first). */
export async function deleteUser(q: Queryable, userId: string): Promise<void> {
  await q.query("DELETE FROM users WHERE id = $1", [userId]);
}

const codeHash = (account: string, code: string) =>
  createHash("sha256").update(`${account}\n${code}`).digest("hex");

/**
 * A new 6-digit verification code for `account` (10 minutes, one a minute per account and
 * SEND_CODE_PER_IP a minute per IP, since rotating account names would otherwise write and mail
 * without end). Stored the same whether or not the account exists, so the call cannot list
 * accounts; answers the code to send, or null when there is no such account (send nothing).
 */
export async function newVerificationCode(q: Queryable, ip: string, account: string): Promise<string | null> {
  if (!(await takeAttempt(q, `sendcode-ip:${ip}`, SEND_CODE_PER_IP))) throw fail("server.error.tooFrequent");
  const recent = await q.query(
    "SELECT 1 FROM verification_codes WHERE account = $1 AND sent_at > now() - interval '1 minute'",
    [account],
  );
  if (recent.length > 0) throw fail("server.error.tooFrequent");
  const exists = await q.query("SELECT 1 FROM users WHERE account = $1", [account]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await q.query(
    `INSERT INTO verification_codes (account, code_hash, sent_at, expires_at, attempts)
     VALUES ($1, $2, now(), now() + interval '10 minutes', 0)
     ON CONFLICT (account) DO UPDATE SET code_hash = $2, sent_at = now(),
       expires_at = now() + interval '10 minutes', attempts = 0`,
    [account, codeHash(account, exists.length ? code : `${code}-none`)],
  );
  return exists.length ? code : null;
}

/** Sets the account's password (already hashed) when `code` is its live verification code (spent
 * then); a wrong code counts towards CODE_ATTEMPTS. Answers the user's id. */
export async function resetPassword(
  q: Queryable,
  account: string,
  code: string,
  passwordHash: () => Promise<string>,
): Promise<string> {
  const rows = await q.query<{ code_hash: string }>(
    `SELECT code_hash FROM verification_codes WHERE account = $1 AND expires_at > now() AND attempts < ${CODE_ATTEMPTS}`,
    [account],
  );
  if (!rows[0] || rows[0].code_hash !== codeHash(account, code)) {
    await q.query("UPDATE verification_codes SET attempts = attempts + 1 WHERE account = $1", [account]);
    throw fail("server.error.codeInvalid");
  }
  const users = await q.query<{ id: string }>(
    "UPDATE users SET password_hash = $2 WHERE account = $1 RETURNING id",
    [account, await passwordHash()],
  );
  await q.query("DELETE FROM verification_codes WHERE account = $1", [account]);
  if (!users[0]) throw fail("server.error.codeInvalid");
  return users[0].id;
}

/**
 * A signed-in user's new password (already checked), when `oldPassword` is their current one: checked
 * under the login limits (wrong ones count like failed logins), else 401. Answers nothing; the caller
 * ends the other sessions.
 */
export async function changeOwnPassword(
  q: Queryable,
  ip: string,
  account: string,
  oldPassword: string,
  newHash: () => Promise<string>,
): Promise<void> {
  const user = await checkPassword(q, ip, account, oldPassword);
  await q.query("UPDATE users SET password_hash = $2 WHERE id = $1", [user.id, await newHash()]);
}

export async function updateProfile(
  q: Queryable,
  userId: string,
  nickname: string,
  headPic: string,
): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    "UPDATE users SET nickname = $2, head_pic = $3 WHERE id = $1 RETURNING id, account, nickname, head_pic",
    [userId, nickname, headPic],
  );
  return rows[0];
}

/** False for an account made through another provider that never set a password. */
export async function hasPassword(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [
    userId,
  ]);
  return Boolean(row?.password_hash);
}

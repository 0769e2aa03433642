// Accounts (ours, not in the spec): register, login, logout, verification code, password change,
// personal info, and the spec's call 1 (/api/apiservice/apiroute, fun hmUserInfo).
import { createHash, randomInt } from "node:crypto";
import { translate } from "../../i18n/messages";
import { newRecordId } from "../../model/ids";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../auth/password";
import { clearFailures, refundAttempt, takeAttempt } from "../auth/rateLimit";
import { createSession, deleteSession, deleteUserSessions } from "../auth/sessions";
import { bool, type Fields, secret, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { clearSessionCookie, sessionCookie } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { ensureUserContent } from "../seed/seed";
import { requireMember } from "../services/membership";
import { signInState } from "../services/settings";
import { checkNewPassword, checkVisible, parseAccount } from "../validate";
import { saveAvatar } from "./avatar";

const fail = (key: string) => new ApiError(Code.failed, key);

/** Failed logins one IP may make per minute, whatever the account names (docs/security.md). */
export const LOGIN_PER_IP = 30;
/** Verification codes one IP may ask for per minute. */
export const SEND_CODE_PER_IP = 5;

export interface UserRow {
  id: string;
  account: string;
  nickname: string;
  head_pic: string;
}

/** The userInfo the client stores (spec §3: userid, nickname, head_pic, phone, email; plus account). */
export function userInfo(u: UserRow) {
  const email = u.account.includes("@") ? u.account : "";
  return {
    userid: u.id,
    nickname: u.nickname,
    account: u.account,
    head_pic: u.head_pic,
    email,
    phone: email ? "" : u.account,
  };
}

const secure = (ctx: Ctx) => ctx.origin.startsWith("https:");

/**
 * The account and password of the request's `account` and `password` fields, checked under the
 * login limits (counted before the password check, atomically, so parallel attempts cannot race
 * past them: per IP for rotating account names, and per account and IP): the user, or 401.
 */
export async function checkCredentials(ctx: Ctx): Promise<UserRow> {
  const { account } = parseAccount(str(ctx.fields, "account", 254));
  const password = secret(ctx.fields, "password");
  if (!password) throw fail("server.validation.passwordEmpty");
  const ipKey = `login-ip:${ctx.ip}`;
  const limitKey = `login:${account}|${ctx.ip}`;
  if (!(await takeAttempt(ctx.db, ipKey, LOGIN_PER_IP))) throw fail("server.error.tooFrequent");
  if (!(await takeAttempt(ctx.db, limitKey))) throw fail("server.error.tooFrequent");
  const rows = await ctx.db.query<UserRow & { password_hash: string }>(
    "SELECT id, account, nickname, head_pic, password_hash FROM users WHERE account = $1",
    [account],
  );
  const user = rows[0];
  const good = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !good) throw new ApiError(Code.unauthorized, "server.error.wrongCredentials");
  await clearFailures(ctx.db, limitKey);
  await refundAttempt(ctx.db, ipKey);
  const { password_hash: _, ...row } = user;
  return row;
}

/** A new account's nickname and industry, and its agreement to the terms (register, bind). */
export function newProfile(f: Fields): { nickname: string; industry: string } {
  const nickname = checkVisible(str(f, "nickname", 32));
  if (!nickname) throw fail("server.validation.username");
  const industry = str(f, "industry", 64);
  if (!industry) throw fail("server.validation.industry");
  if (!bool(f, "agree")) throw fail("server.validation.agreement");
  return { nickname, industry };
}

/**
 * A new account with its default folders and sample labels; "already registered" when the account
 * is taken. `passwordHash` is empty for an account made through another provider (no password
 * matches it until the user sets one with a verification code).
 */
export async function createUser(
  ctx: Ctx,
  u: { account: string; passwordHash: string; nickname: string; industry: string },
): Promise<UserRow> {
  const rows = await ctx.db.query<UserRow>(
    `INSERT INTO users (id, account, password_hash, nickname, industry) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account) DO NOTHING RETURNING id, account, nickname, head_pic`,
    [newRecordId(), u.account, u.passwordHash, u.nickname, u.industry],
  );
  if (!rows[0]) throw fail("server.error.accountExists");
  await ensureUserContent(ctx, rows[0].id, ctx.lang);
  return rows[0];
}

/** Replaces whatever session the browser had (e.g. another account's) with a new one. */
export async function startSession(ctx: Ctx, userId: string): Promise<void> {
  if (ctx.session) {
    await deleteSession(ctx.db, ctx.session.tokenHash);
    ctx.sessions.delete(ctx.session.tokenHash);
    ctx.session = null;
  }
  const token = await createSession(ctx.db, userId);
  ctx.setCookie(sessionCookie(token, secure(ctx)));
}

const codeHash = (account: string, code: string) =>
  createHash("sha256").update(`${account}\n${code}`).digest("hex");

export const accountRoutes: Routes = {
  "/api/user/register": {
    auth: false,
    async handle(ctx) {
      const f = ctx.fields;
      const { account } = parseAccount(str(f, "account", 254));
      checkNewPassword(secret(f, "password"), secret(f, "password2"), account);
      const profile = newProfile(f);
      const user = await createUser(ctx, {
        account,
        passwordHash: await hashPassword(secret(f, "password")),
        ...profile,
      });
      await startSession(ctx, user.id);
      return ok({ ...userInfo(user), ...(await signInState(ctx, user.id)) });
    },
  },

  "/api/user/login": {
    auth: false,
    async handle(ctx) {
      const user = await checkCredentials(ctx);
      await ensureUserContent(ctx, user.id, ctx.lang);
      await startSession(ctx, user.id);
      return ok({ ...userInfo(user), ...(await signInState(ctx, user.id)) });
    },
  },

  "/api/user/logout": {
    auth: false,
    async handle(ctx) {
      if (ctx.session) {
        await deleteSession(ctx.db, ctx.session.tokenHash);
        ctx.sessions.delete(ctx.session.tokenHash);
      }
      ctx.session = null;
      ctx.setCookie(clearSessionCookie(secure(ctx)));
      return ok(null);
    },
  },

  "/api/user/sendCode": {
    auth: false,
    async handle(ctx) {
      const { account, channel } = parseAccount(str(ctx.fields, "account", 254));
      // per IP too: rotating account names would otherwise write (and mail) without end
      if (!(await takeAttempt(ctx.db, `sendcode-ip:${ctx.ip}`, SEND_CODE_PER_IP)))
        throw fail("server.error.tooFrequent");
      const recent = await ctx.db.query(
        "SELECT 1 FROM verification_codes WHERE account = $1 AND sent_at > now() - interval '1 minute'",
        [account],
      );
      if (recent.length > 0) throw fail("server.error.tooFrequent");
      // Same answer whether or not the account exists, so the call cannot list accounts.
      const exists = await ctx.db.query("SELECT 1 FROM users WHERE account = $1", [account]);
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      await ctx.db.query(
        `INSERT INTO verification_codes (account, code_hash, sent_at, expires_at, attempts)
         VALUES ($1, $2, now(), now() + interval '10 minutes', 0)
         ON CONFLICT (account) DO UPDATE SET code_hash = $2, sent_at = now(),
           expires_at = now() + interval '10 minutes', attempts = 0`,
        [account, codeHash(account, exists.length ? code : `${code}-none`)],
      );
      if (exists.length) {
        await ctx.sender.send({
          to: account,
          channel,
          subject: translate("server.mail.codeSubject", {}, ctx.lang),
          text: translate("server.mail.codeText", { code }, ctx.lang),
        });
      }
      return ok(null);
    },
  },

  "/api/user/changePassword": {
    auth: false,
    async handle(ctx) {
      const f = ctx.fields;
      const { account } = parseAccount(str(f, "account", 254));
      const code = str(f, "code", 12);
      if (!code) throw fail("server.validation.code");
      const password = secret(f, "password");
      checkNewPassword(password, secret(f, "password2"), account);
      const rows = await ctx.db.query<{ code_hash: string }>(
        "SELECT code_hash FROM verification_codes WHERE account = $1 AND expires_at > now() AND attempts < 5",
        [account],
      );
      if (!rows[0] || rows[0].code_hash !== codeHash(account, code)) {
        await ctx.db.query("UPDATE verification_codes SET attempts = attempts + 1 WHERE account = $1", [
          account,
        ]);
        throw fail("server.error.codeInvalid");
      }
      const hash = await hashPassword(password);
      const users = await ctx.db.query<{ id: string }>(
        "UPDATE users SET password_hash = $2 WHERE account = $1 RETURNING id",
        [account, hash],
      );
      await ctx.db.query("DELETE FROM verification_codes WHERE account = $1", [account]);
      if (!users[0]) throw fail("server.error.codeInvalid");
      // A new password ends every open session, including this browser's.
      await deleteUserSessions(ctx.db, users[0].id);
      ctx.sessions.deleteUser(users[0].id);
      ctx.session = null;
      ctx.setCookie(clearSessionCookie(secure(ctx)));
      return ok(null);
    },
  },

  "/api/user/getUserInfo": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(userInfo(userOf(ctx)));
    },
  },

  "/api/user/editUserInfo": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const f = ctx.fields;
      let nickname = u.nickname;
      if ("nickname" in f) {
        nickname = checkVisible(str(f, "nickname", 32));
        if (!nickname) throw fail("server.validation.nickname");
        // application.md §6: changing the nickname is a member feature (402 and the prompt)
        if (nickname !== u.nickname) requireMember(u, "server.error.nicknameMember");
      }
      let headPic = u.head_pic;
      if ("head_pic" in f && f.head_pic !== u.head_pic) headPic = await saveAvatar(ctx, u, f.head_pic);
      const rows = await ctx.db.query<UserRow>(
        "UPDATE users SET nickname = $2, head_pic = $3 WHERE id = $1 RETURNING id, account, nickname, head_pic",
        [u.id, nickname, headPic],
      );
      ctx.sessions.deleteUser(u.id);
      return ok(userInfo(rows[0]));
    },
  },

  // Spec call 1: signed user-info call; the session identifies the user, fun selects the answer.
  "/api/apiservice/apiroute": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      if (str(ctx.fields, "fun", 64) !== "hmUserInfo") throw fail("server.error.unsupportedFun");
      return ok({ nickname: u.nickname, head_pic: u.head_pic, userid: u.id });
    },
  },
};

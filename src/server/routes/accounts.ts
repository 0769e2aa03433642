// Accounts (ours, not in the spec): register, login, logout, verification code, password change,
// personal info, and the spec's call 1 (/api/apiservice/apiroute, fun hmUserInfo).
import { translate } from "../../i18n/messages";
import { hashPassword } from "../auth/password";
import { createSession, deleteSession, deleteUserSessions } from "../auth/sessions";
import { bool, type Fields, secret, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { clearSessionCookie, sessionCookie } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { ensureUserContent } from "../seed/seed";
import {
  changeOwnPassword,
  checkPassword,
  createUser,
  newVerificationCode,
  resetPassword,
  type UserRow,
  updateProfile,
} from "../services/accounts";
import { requireMember } from "../services/membership";
import { signInState } from "../services/settings";
import { checkNewPassword, checkVisible, parseAccount } from "../validate";
import { saveAvatar } from "./avatar";

const fail = (key: string) => new ApiError(Code.failed, key);

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
  return checkPassword(ctx.db, ctx.ip, account, password);
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

export const accountRoutes: Routes = {
  "/api/user/register": {
    auth: false,
    async handle(ctx) {
      const f = ctx.fields;
      const { account } = parseAccount(str(f, "account", 254));
      await checkNewPassword(secret(f, "password"), secret(f, "password2"), account, [
        str(f, "nickname", 64),
      ]);
      const profile = newProfile(f);
      const user = await createUser(ctx, ctx.lang, {
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
      // Same answer whether or not the account exists, so the call cannot list accounts.
      const code = await newVerificationCode(ctx.db, ctx.ip, account);
      if (code) {
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
      await checkNewPassword(password, secret(f, "password2"), account);
      const userId = await resetPassword(ctx.db, account, code, () => hashPassword(password));
      // A new password ends every open session, including this browser's.
      await deleteUserSessions(ctx.db, userId);
      ctx.sessions.deleteUser(userId);
      ctx.session = null;
      ctx.setCookie(clearSessionCookie(secure(ctx)));
      return ok(null);
    },
  },

  // A signed-in user changes the password from the personal centre: old_password, password,
  // password2. Every other session ends; this browser gets a new one.
  "/api/user/updatePassword": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const f = ctx.fields;
      const old = secret(f, "old_password");
      if (!old) throw fail("server.validation.passwordEmpty");
      const password = secret(f, "password");
      await checkNewPassword(password, secret(f, "password2"), u.account, [u.nickname]);
      if (password === old) throw fail("server.validation.passwordSame");
      await changeOwnPassword(ctx.db, ctx.ip, u.account, old, () => hashPassword(password));
      await deleteUserSessions(ctx.db, u.id);
      ctx.sessions.deleteUser(u.id);
      ctx.session = null;
      await startSession(ctx, u.id);
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
      const row = await updateProfile(ctx.db, u.id, nickname, headPic);
      ctx.sessions.deleteUser(u.id);
      return ok(userInfo(row));
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

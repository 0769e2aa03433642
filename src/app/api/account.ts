// Account calls (our own API, documented in docs/api.md): register, login, logout, verification
// code, password change and personal information.
import { session, type UserInfo } from "../auth/session";
import { applySignIn, userSettings } from "../settings/userSettings";
import { interfaceApi } from "./client";
import { asText, withId } from "./read";

export interface RegisterForm {
  account: string;
  password: string;
  password2: string;
  nickname: string;
  industry: string;
  agree: boolean;
}

export function asUser(v: unknown): UserInfo | null {
  const listed = withId(v, "userid");
  if (!listed) return null;
  const { o, id } = listed;
  return {
    userid: id,
    nickname: asText(o.nickname),
    account: asText(o.account),
    head_pic: asText(o.head_pic),
  };
}

export async function login(account: string, password: string): Promise<UserInfo> {
  const data = await interfaceApi.post("/api/user/login", { account, password });
  const user = asUser(data);
  if (!user) throw new Error("login answer without userid");
  session.login(user);
  applySignIn(data);
  return user;
}

/** Registers and signs the new user in (the server may already have opened a session). */
export async function register(form: RegisterForm): Promise<UserInfo> {
  const data = await interfaceApi.post("/api/user/register", form);
  const user = asUser(data);
  if (user) {
    session.login(user);
    applySignIn(data);
    return user;
  }
  return login(form.account, form.password);
}

/** Ends the session on the server; the local authorisation is removed whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await interfaceApi.post("/api/user/logout", {}, { loading: false });
  } catch {
    // already logged out on the server, or offline: the local state is what the user sees
  } finally {
    session.clear();
    userSettings.reset();
  }
}

export function sendCode(account: string): Promise<unknown> {
  return interfaceApi.post("/api/user/sendCode", { account });
}

export function changePassword(form: {
  account: string;
  code: string;
  password: string;
  password2: string;
}): Promise<unknown> {
  return interfaceApi.post("/api/user/changePassword", form);
}

/** A signed-in user's new password (the personal centre): the current one, then the new one twice. */
export function updatePassword(form: {
  old_password: string;
  password: string;
  password2: string;
}): Promise<unknown> {
  return interfaceApi.post("/api/user/updatePassword", form);
}

/** The user's current info on the server (the caller decides whether it is still fresh to store). */
export async function getUserInfo(): Promise<UserInfo | null> {
  const data = await interfaceApi.post("/api/user/getUserInfo", {}, { loading: false });
  return asUser(data);
}

/** Saves nickname and avatar; head_pic may be a data URL, the server answers with its file URL. */
export async function editUserInfo(patch: { nickname: string; head_pic: string }): Promise<UserInfo | null> {
  const data = await interfaceApi.post("/api/user/editUserInfo", patch);
  const user = asUser(data);
  if (user) session.update(user);
  return user;
}

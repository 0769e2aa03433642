// The stored userInfo and the 24 h authorisation window (spec §3, §4).
import { describe, expect, it } from "vitest";
import {
  createSession,
  type KeyValueStore,
  TOKEN_EXPIRES_KEY,
  USER_INFO_KEY,
} from "../../src/app/auth/session";

function store(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
const user = { userid: "u1", nickname: "Ana", account: "a@b.co", head_pic: "" };
const H = 3600_000;

describe("session", () => {
  it("stores userInfo with userid at login and is logged in for 24 h", () => {
    const s = store();
    const session = createSession(s);
    expect(session.isLoggedIn(0)).toBe(false);
    session.login(user, 1000);
    expect(JSON.parse(s.data.get(USER_INFO_KEY) ?? "")).toEqual(user);
    expect(session.isLoggedIn(1000 + 24 * H - 1)).toBe(true);
    expect(session.isLoggedIn(1000 + 24 * H)).toBe(false);
  });
  it("renews to 24 h from now", () => {
    const session = createSession(store());
    session.login(user, 0);
    session.renew(20 * H);
    expect(session.isLoggedIn(43 * H)).toBe(true);
    expect(session.isLoggedIn(44 * H)).toBe(false);
  });
  it("renewing without a user does not log anyone in", () => {
    const s = store();
    createSession(s).renew(0);
    expect(s.data.has(TOKEN_EXPIRES_KEY)).toBe(false);
  });
  it("clear removes the authorisation and notifies", () => {
    const s = store();
    const session = createSession(s);
    let n = 0;
    session.subscribe(() => n++);
    session.login(user, 0);
    session.clear();
    expect(session.isLoggedIn(0)).toBe(false);
    expect(s.data.size).toBe(0);
    expect(n).toBe(2);
  });
  it("ignores malformed stored values", () => {
    for (const bad of ["{", "null", "[]", '{"nickname":"x"}', '{"userid":""}', '"__proto__"']) {
      const s = store();
      s.data.set(USER_INFO_KEY, bad);
      s.data.set(TOKEN_EXPIRES_KEY, String(Date.now() + H));
      const session = createSession(s);
      expect(session.user()).toBeNull();
      expect(session.isLoggedIn()).toBe(false);
    }
    const s = store();
    s.data.set(USER_INFO_KEY, JSON.stringify(user));
    s.data.set(TOKEN_EXPIRES_KEY, "soon");
    expect(createSession(s).isLoggedIn()).toBe(false);
  });
  it("update keeps the userid", () => {
    const session = createSession(store());
    session.login(user, 0);
    session.update({ nickname: "Bea", userid: "hacker" });
    expect(session.user()).toEqual({ ...user, nickname: "Bea" });
  });
});

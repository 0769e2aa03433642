// Accounts API: validation messages, login/logout, rate limit, codes by outbox, sessions, profile.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { translate } from "../../src/i18n/messages";
import { hashToken, lookupSession, SessionCache, type SessionUser } from "../../src/server/auth/sessions";
import type { Queryable } from "../../src/server/db";
import { Client, ENGINES, newUser, startServer, type TestServer, uniqueEmail } from "./helpers";

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe.each(ENGINES)("accounts on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const valid = () => ({
    account: uniqueEmail("reg"),
    password: "abc-12345-xy",
    password2: "abc-12345-xy",
    nickname: "Ann",
    industry: "retail",
    agree: true,
  });

  it.each([
    [{ account: "" }, "server.validation.account"],
    [{ account: "not-an-account" }, "server.validation.accountFormat"],
    [{ account: "a@b" }, "server.validation.accountFormat"],
    [{ password: "" }, "server.validation.password"],
    [{ password2: "" }, "server.validation.password"],
    [{ password: "abc", password2: "abc" }, "server.validation.passwordLength"],
    [{ password2: "abc12346" }, "server.validation.passwordMismatch"],
    [{ nickname: "  " }, "server.validation.username"],
    [{ industry: "" }, "server.validation.industry"],
    [{ agree: false }, "server.validation.agreement"],
  ])("register refuses %j with its message (code 209)", async (patch, key) => {
    const c = new Client(s.base, "es");
    const r = await c.call("/api/user/register", { ...valid(), ...patch });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(209);
    expect(r.body.Reason).toBe(translate(key, {}, "es"));
    expect(r.body.msg).toBe(r.body.Reason);
    expect(c.cookie).toBe("");
  });

  it("registers by phone, logs in, reads info, logs out", async () => {
    const c = new Client(s.base);
    const phone = `+86 138${String(Date.now()).slice(-8)}`;
    const reg = await c.call("/api/user/register", { ...valid(), account: phone });
    expect(reg.body.code).toBe(200);
    expect(reg.body.data).toMatchObject({ nickname: "Ann", account: phone.replace(/\s/g, ""), head_pic: "" });
    expect(reg.body.data.userid).toMatch(/^\d{10}[A-Za-z0-9]{20}$/);
    const setCookie = reg.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/token=[^;]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);

    const dup = await new Client(s.base).call("/api/user/register", { ...valid(), account: phone });
    expect(dup.body).toMatchObject({ code: 209, Reason: translate("server.error.accountExists") });

    const out = await c.call("/api/user/logout");
    expect(out.body.code).toBe(200);
    expect(c.cookie).toBe("");
    expect((await c.call("/api/user/getUserInfo")).body.code).toBe(301);

    const login = await c.call("/api/user/login", { account: phone, password: "abc-12345-xy" });
    expect(login.body.code).toBe(200);
    expect(login.body.data.userid).toBe(reg.body.data.userid);
    const info = await c.call("/api/user/getUserInfo");
    expect(info.body.data).toMatchObject({
      userid: reg.body.data.userid,
      nickname: "Ann",
      phone: phone.replace(/\s/g, ""),
    });
    // Logging out ends the session on the server, not only in the browser.
    const stolen = c.cookie;
    await c.call("/api/user/logout");
    c.cookie = stolen;
    expect((await c.call("/api/user/getUserInfo")).body.code).toBe(301);
  });

  it("logging in over another account's session switches to the new account", async () => {
    const a = await newUser(s.base, "swa");
    const b = await newUser(s.base, "swb");
    const oldCookie = a.client.cookie;
    const r = await a.client.call("/api/user/login", { account: b.user.account, password: b.password });
    expect(r.body.code).toBe(200);
    expect(r.headers.getSetCookie()).toHaveLength(1);
    expect((await a.client.call("/api/user/getUserInfo")).body.data.userid).toBe(b.user.userid);
    a.client.cookie = oldCookie;
    expect((await a.client.call("/api/user/getUserInfo")).body.code).toBe(301);
  });

  it("keeps passwords exactly as typed (no trimming)", async () => {
    const c = new Client(s.base);
    const account = uniqueEmail("sp");
    const reg = await c.call("/api/user/register", {
      ...valid(),
      account,
      password: " pad pass ",
      password2: " pad pass ",
    });
    expect(reg.body.code).toBe(200);
    expect((await c.call("/api/user/login", { account, password: "pad pass" })).body.code).toBe(401);
    expect(
      (await c.call("/api/user/login", { account: account.toUpperCase(), password: " pad pass " })).body.code,
    ).toBe(200);
  });

  it("answers 401 on a wrong password and 301 without a session, translated", async () => {
    const { user } = await newUser(s.base, "wp");
    const c = new Client(s.base, "zh");
    const r = await c.call("/api/user/login", { account: user.account, password: "wrong-password" });
    expect(r.body).toMatchObject({ code: 401, Reason: translate("server.error.wrongCredentials", {}, "zh") });
    const none = await new Client(s.base, "pt").call("/api/tem.app_public/getUserClassList");
    expect(none.body).toMatchObject({ code: 301, Reason: translate("server.error.notLoggedIn", {}, "pt") });
  });

  it("rate-limits failed logins per account and IP", async () => {
    const { user, password } = await newUser(s.base, "rl");
    const c = new Client(s.base);
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.call("/api/user/login", { account: user.account, password: "bad-pass" })).body.code,
      ).toBe(401);
    }
    const blocked = await c.call("/api/user/login", { account: user.account, password });
    expect(blocked.body).toMatchObject({ code: 209, Reason: "Request too frequent, retry after 1 minute" });
    // After the minute passes (simulated), the right password works again.
    await s.app.services.db.query("UPDATE rate_limits SET blocked_until = now() - interval '1 second'");
    expect((await c.call("/api/user/login", { account: user.account, password })).body.code).toBe(200);
  });

  it("expires sessions (code 301) and renews them to 24 h on success", async () => {
    const { client, user } = await newUser(s.base, "ses");
    const db = s.app.services.db;
    await db.query("UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE user_id = $1", [
      user.userid,
    ]);
    s.app.services.sessions.clear(); // the in-process lookup cache would hide the direct database change
    const r = await client.call("/api/tem.app_public/getUserClassList");
    expect(r.body.code).toBe(200);
    expect(r.headers.getSetCookie().join()).toMatch(/Max-Age=86400/);
    const [row] = await db.query<{ left: number }>(
      "SELECT extract(epoch FROM expires_at - now())::float AS left FROM sessions WHERE user_id = $1",
      [user.userid],
    );
    expect(row.left).toBeGreaterThan(24 * 3600 - 120);
    // A failed call does not renew.
    await db.query("UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE user_id = $1", [
      user.userid,
    ]);
    s.app.services.sessions.clear(); // the in-process lookup cache would hide the direct database change
    const bad = await client.call("/api/tem.app_public/editUserClass", { id: "nope", name: "x" });
    expect(bad.body.code).toBe(209);
    expect(bad.headers.getSetCookie()).toEqual([]);
    // Expired: 301.
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      user.userid,
    ]);
    s.app.services.sessions.clear(); // the in-process lookup cache would hide the direct database change
    const expired = await client.call("/api/tem.app_public/getUserClassList");
    expect(expired.body.code).toBe(301);
    // The HttpOnly cookie is cleared by the server (the page cannot do it).
    expect(expired.headers.getSetCookie().join()).toMatch(/token=; Path=\/; Max-Age=0; HttpOnly/);
    expect(client.cookie).toBe("");
  });

  it("a session revoked in the database (as by another API process) is noticed once the cache lapses", async () => {
    const { client, user } = await newUser(s.base, "cache");
    expect((await client.call("/api/user/getUserInfo")).body.code).toBe(200);
    await s.app.services.db.query("DELETE FROM sessions WHERE user_id = $1", [user.userid]);
    // how late at most is the SessionCache test's business (its own clock); here: it is noticed
    await vi.waitFor(async () => expect((await client.call("/api/user/getUserInfo")).body.code).toBe(301), {
      timeout: 20_000,
      interval: 100,
    });
  });

  it("changes the password with a code from the outbox and ends old sessions", async () => {
    const { client, user } = await newUser(s.base, "cp");
    const other = new Client(s.base, "ru");
    expect((await other.call("/api/user/sendCode", { account: user.account })).body.code).toBe(200);
    const again = await other.call("/api/user/sendCode", { account: user.account });
    expect(again.body.Reason).toBe(translate("server.error.tooFrequent", {}, "ru"));
    const outbox = join(s.dataDir, "outbox");
    const file = readdirSync(outbox).find((f) => f.includes(user.account.split("@")[0]));
    expect(file).toBeDefined();
    const mail = JSON.parse(readFileSync(join(outbox, file as string), "utf8"));
    expect(mail.subject).toBe(translate("server.mail.codeSubject", {}, "ru"));
    const code = /(\d{6})/.exec(mail.text)?.[1] as string;
    expect(s.logs.some((l) => l.includes(code))).toBe(true);

    const req = { account: user.account, code, password: "new-pass-1", password2: "new-pass-1" };
    expect((await other.call("/api/user/changePassword", { ...req, code: "" })).body.Reason).toBe(
      translate("server.validation.code", {}, "ru"),
    );
    expect((await other.call("/api/user/changePassword", { ...req, password2: "other-1" })).body.Reason).toBe(
      translate("server.validation.passwordMismatch", {}, "ru"),
    );
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await other.call("/api/user/changePassword", { ...req, code: wrong })).body.code).toBe(209);
    expect((await other.call("/api/user/changePassword", req)).body.code).toBe(200);
    // The code is single-use and the old session is gone.
    expect((await other.call("/api/user/changePassword", req)).body.code).toBe(209);
    expect((await client.call("/api/user/getUserInfo")).body.code).toBe(301);
    expect(
      (await other.call("/api/user/login", { account: user.account, password: "s3cret-pass" })).body.code,
    ).toBe(401);
    expect(
      (await other.call("/api/user/login", { account: user.account, password: "new-pass-1" })).body.code,
    ).toBe(200);
  });

  it("sendCode answers the same for unknown accounts but sends nothing", async () => {
    const account = uniqueEmail("ghost");
    const r = await new Client(s.base).call("/api/user/sendCode", { account });
    expect(r.body.code).toBe(200);
    expect(s.logs.some((l) => l.includes(account))).toBe(false);
  });

  it("changing the nickname is for members (402 with the prompt's message); the same nickname is not a change", async () => {
    const { client, user } = await newUser(s.base, "nick");
    const before = (await client.call("/api/user/getUserInfo")).body.data.nickname;
    const refused = await client.call("/api/user/editUserInfo", { nickname: "Bea" });
    expect(refused.body).toMatchObject({ code: 402, msg: translate("server.error.nicknameMember") });
    expect((await client.call("/api/user/getUserInfo")).body.data.nickname).toBe(before);
    // the avatar alone (sent with the unchanged nickname, as the personal centre does) stays open
    const same = await client.call("/api/user/editUserInfo", {
      nickname: before,
      head_pic: `data:image/png;base64,${PNG_1PX}`,
    });
    expect(same.body).toMatchObject({ code: 200, data: { nickname: before } });
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [user.userid]);
    s.app.services.sessions.clear();
    expect((await client.call("/api/user/editUserInfo", { nickname: "Bea" })).body).toMatchObject({
      code: 200,
      data: { nickname: "Bea" },
    });
  });

  it("edits nickname and avatar (data URL → own file), refuses bad input", async () => {
    const { client, user } = await newUser(s.base, "ed");
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [user.userid]);
    s.app.services.sessions.clear();
    const empty = await client.call("/api/user/editUserInfo", { nickname: " " });
    expect(empty.body.Reason).toBe(translate("server.validation.nickname"));
    const r = await client.call("/api/user/editUserInfo", {
      nickname: "Bea",
      head_pic: `data:image/png;base64,${PNG_1PX}`,
    });
    expect(r.body.code).toBe(200);
    expect(r.body.data.nickname).toBe("Bea");
    expect(r.body.data.head_pic).toMatch(new RegExp(`^/files/${user.userid}/avatar/`));
    const img = await client.raw(r.body.data.head_pic);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await img.arrayBuffer()).toString("base64")).toBe(PNG_1PX);
    // Not an image, however it is labelled.
    const fake = await client.call("/api/user/editUserInfo", {
      head_pic: `data:image/png;base64,${Buffer.from("<script>").toString("base64")}`,
    });
    expect(fake.body).toMatchObject({ code: 209, Reason: translate("server.error.badImage") });
    const foreign = await client.call("/api/user/editUserInfo", { head_pic: "https://evil.example/x.png" });
    expect(foreign.body.code).toBe(209);
    // Spec call 1 reads nickname and head_pic.
    const call1 = await client.call("/api/apiservice/apiroute", {
      fun: "hmUserInfo",
      requestType: "User",
      timestamp: 1,
    });
    expect(call1.body.data).toMatchObject({ nickname: "Bea", head_pic: r.body.data.head_pic });
    expect((await client.call("/api/apiservice/apiroute", { fun: "other" })).body.code).toBe(209);
  });

  it("serves the same handlers under /interface, /hanma and /net", async () => {
    const { client } = await newUser(s.base, "px");
    for (const prefix of ["/interface", "/hanma", "/net"]) {
      const c = new Client(s.base, "en", prefix);
      c.cookie = client.cookie;
      expect((await c.call("/api/tem.app_member/getMemberUser")).body.data.is_member).toBe(false);
    }
  });
});

describe("SessionCache", () => {
  it("reuses a lookup for at most its time to live, and never past the session's expiry", () => {
    let now = 1_000_000;
    const cache = new SessionCache(2000, 10, () => now);
    const user = (tokenHash: string, expiresIn: number): SessionUser => ({
      id: "u1",
      account: "a@example.com",
      nickname: "a",
      head_pic: "",
      is_member: false,
      member_expire: null,
      tokenHash,
      expiresAt: new Date(now + expiresIn),
    });
    cache.set(user("t1", 60_000));
    cache.set(user("t2", 1000));
    now += 1000;
    expect(cache.get("t1")?.tokenHash).toBe("t1");
    expect(cache.get("t2")).toBeNull(); // the session itself ended
    now += 1000;
    expect(cache.get("t1")?.tokenHash).toBe("t1"); // exactly the time to live: still served
    now += 1;
    expect(cache.get("t1")).toBeNull();
    const off = new SessionCache(0, 10, () => now);
    off.set(user("t3", 60_000));
    expect(off.get("t3")).toBeNull(); // a time to live of 0 turns the cache off
  });

  it("tells the other processes' caches what it drops: one session, or all of a user's", () => {
    const now = 1_000_000;
    const other = new SessionCache(60_000, 10, () => now);
    const told: string[] = [];
    const here = new SessionCache(
      60_000,
      10,
      () => now,
      (m) => {
        told.push(m);
        other.heard(m);
      },
    );
    const user = (id: string, tokenHash: string): SessionUser => ({
      id,
      account: `${id}@example.com`,
      nickname: id,
      head_pic: "",
      is_member: false,
      member_expire: null,
      tokenHash,
      expiresAt: new Date(now + 3600_000),
    });
    for (const c of [here, other])
      for (const s of [user("u1", "t1"), user("u1", "t2"), user("u2", "t3")]) c.set(s);
    here.delete("t1");
    expect(other.get("t1")).toBeNull();
    expect(other.get("t2")?.id).toBe("u1");
    here.deleteUser("u1");
    expect(other.get("t2")).toBeNull();
    expect(other.get("t3")?.id).toBe("u2");
    expect(told).toEqual(["t:t1", "u:u1"]);
    other.heard("x:nonsense"); // anything else is ignored
    expect(other.get("t3")?.id).toBe("u2");
  });

  it("makes lookups of one token under way at once one query, and keeps none a drop overtook", async () => {
    const now = 1_000_000;
    const cache = new SessionCache(2000, 10, () => now);
    const token = "t".repeat(40);
    let queries = 0;
    const waiting: (() => void)[] = [];
    /** the database answers every query asked so far */
    const answer = () => {
      for (const ok of waiting.splice(0)) ok();
    };
    const db = {
      query: async () => {
        queries++;
        await new Promise<void>((ok) => waiting.push(ok));
        const row = { id: "u1", account: "a@example.com", nickname: "a", head_pic: "", is_member: false };
        return [{ ...row, member_expire: null, expires_at: new Date(now + 3600_000) }];
      },
    } as unknown as Queryable;
    // 32 connections of one session miss the cache at the same moment
    const all = Array.from({ length: 32 }, () => lookupSession(db, cache, token));
    answer();
    for (const s of await Promise.all(all)) expect(s?.id).toBe("u1");
    expect(queries).toBe(1);
    expect(cache.get(hashToken(token))?.id).toBe("u1");
    // a logout while a lookup is under way: that lookup is not kept, the next one asks again
    cache.delete(hashToken(token));
    const before = lookupSession(db, cache, token);
    cache.deleteUser("u1");
    answer();
    expect((await before)?.id).toBe("u1");
    expect(cache.get(hashToken(token))).toBeNull();
    const after = lookupSession(db, cache, token);
    answer();
    await after;
    expect(queries).toBe(3);
  });
});

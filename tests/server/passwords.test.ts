// Password strength (issue 33 item 9) and the signed-in password change (issue 34): a real estimator
// (zxcvbn-ts) refuses guessable new passwords with the reason, translated; passwords set before keep
// working; the personal centre changes the password with the current one, ending the other sessions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { hashPassword, TEST_HASH_COST, verifyPassword } from "../../src/server/auth/password";
import { Client, ENGINES, newUser, startServer, type TestServer, uniqueEmail } from "./helpers";
import { setProductHashCost, setTestHashCost, TEST_SCRYPT_N } from "./support/testHashCost.mjs";

// about passwords: every hash in this file at the product's cost
setProductHashCost();

describe("the password hash's cost", () => {
  const G = globalThis as Record<symbol, unknown>;
  afterAll(() => setProductHashCost());

  it("is scrypt N = 16384 unless code in the process sets the tests' cost; a hash verifies at the cost it was made with", async () => {
    const real = await hashPassword("violet-harbour-72");
    expect(real).toMatch(/^scrypt\$16384\$8\$1\$/);
    setTestHashCost();
    const cheap = await hashPassword("violet-harbour-72");
    expect(TEST_SCRYPT_N).toBe(1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    // both verify whatever the current cost, and only with the right password
    for (const stored of [real, cheap]) {
      expect(await verifyPassword("violet-harbour-72", stored)).toBe(true);
      expect(await verifyPassword("violet-harbour-73", stored)).toBe(false);
    }
    setProductHashCost();
    expect(await verifyPassword("violet-harbour-72", cheap)).toBe(true);
    // anything but a power of two up to the product's N leaves the product's cost
    for (const bad of [3, 1, 0, 32768, 1024.5, "1024", Number.NaN]) {
      G[TEST_HASH_COST] = bad;
      expect(await hashPassword("violet-harbour-72"), String(bad)).toMatch(/^scrypt\$16384\$/);
    }
  });
});

describe.each(ENGINES)("passwords on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine, { sessionCacheMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const register = (c: Client, password: string) =>
    c.call("/api/user/register", {
      account: uniqueEmail("pw"),
      password,
      password2: password,
      nickname: "Pat",
      industry: "retail",
      agree: true,
    });

  it.each([
    ["aaaaaaaa", "password.weak.repeat"],
    ["01234567", "password.weak.sequence"],
    ["asdfasdf", "password.weak.common"],
    ["        ", "password.weak.repeat"],
    ["20201231", "password.weak.date"],
  ])("register refuses %j with why, in the user's language", async (password, key) => {
    for (const lang of ["en", "ru"]) {
      const c = new Client(s.base, lang);
      const r = await register(c, password);
      expect(r.body).toMatchObject({ code: 209, msg: translate(key, {}, lang as "en") });
      expect(c.cookie).toBe("");
    }
  });

  it("a password set before the estimator keeps working", async () => {
    const { user } = await newUser(s.base, "old");
    await s.app.services.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [
      user.userid,
      await hashPassword("aaaaaaaa"),
    ]);
    const r = await new Client(s.base).call("/api/user/login", {
      account: user.account,
      password: "aaaaaaaa",
    });
    expect(r.body.code).toBe(200);
  });

  it("a signed-in user changes the password with the current one; other sessions end", async () => {
    const { client, user, password } = await newUser(s.base, "chg");
    const other = new Client(s.base);
    expect((await other.call("/api/user/login", { account: user.account, password })).body.code).toBe(200);
    const change = (fields: Record<string, string>) => client.call("/api/user/updatePassword", fields);
    // signed out: no
    expect((await new Client(s.base).call("/api/user/updatePassword", {})).body.code).toBe(301);
    expect(
      (
        await change({
          old_password: "not-it-at-all",
          password: "violet-harbour-72",
          password2: "violet-harbour-72",
        })
      ).body.code,
    ).toBe(401);
    expect(
      (await change({ old_password: password, password: "zxcvbnm,", password2: "zxcvbnm," })).body,
    ).toMatchObject({
      code: 209,
      msg: translate("password.weak.keyboard", {}, "en"),
    });
    expect((await change({ old_password: password, password, password2: password })).body.msg).toBe(
      translate("server.validation.passwordSame", {}, "en"),
    );
    const ok = await change({
      old_password: password,
      password: "violet-harbour-72",
      password2: "violet-harbour-72",
    });
    expect(ok.body.code).toBe(200);
    // this browser stays signed in (a new session), the other one is signed out
    expect((await client.call("/api/user/getUserInfo")).body.code).toBe(200);
    expect((await other.call("/api/user/getUserInfo")).body.code).toBe(301);
    const login = (pw: string) =>
      new Client(s.base).call("/api/user/login", { account: user.account, password: pw });
    expect((await login(password)).body.code).toBe(401);
    expect((await login("violet-harbour-72")).body.code).toBe(200);
  });
});

// The server under attack (issue 14, docs/security.md), with real HTTP requests on 127.0.0.1:
// cross-site forms and fetches (CSRF), cookie flags behind a proxy, and more below. Each attack is
// shown refused, and the honest request next to it still served.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HASH_LIMITS, hashStats } from "../../src/server/auth/password";
import { allRoutes } from "../../src/server/routes";
import { LOGIN_PER_IP } from "../../src/server/routes/accounts";
import { type Client, ENGINES, newUser, startServer, type TestServer, uniqueEmail } from "./helpers";

const EVIL = "https://evil.example";

describe.each(ENGINES)("security ($name)", (engine) => {
  let s: TestServer;
  let c: Client;
  let password: string;
  let account: string;
  beforeAll(async () => {
    s = await startServer(engine);
    const u = await newUser(s.base, "sec");
    c = u.client;
    password = u.password;
    account = u.user.account;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${s.base}/interface${path}`, { method: "POST", headers, body, redirect: "manual" });

  describe("CSRF (item 8)", () => {
    it("refuses a cross-site login form: form body, text/plain, foreign Origin or Sec-Fetch-Site", async () => {
      const form = new URLSearchParams({ account, password }).toString();
      const json = JSON.stringify({ account, password });
      const attacks: [Record<string, string>, string, number][] = [
        // an HTML form on another site (the browser sends Origin and Sec-Fetch-Site)
        [
          {
            "content-type": "application/x-www-form-urlencoded",
            origin: EVIL,
            "sec-fetch-site": "cross-site",
          },
          form,
          403,
        ],
        // the same form from an old browser without Sec-Fetch-Site
        [{ "content-type": "application/x-www-form-urlencoded", origin: EVIL }, form, 403],
        // a form with enctype text/plain that smuggles JSON
        [{ "content-type": "text/plain", origin: EVIL }, json, 403],
        // a sibling subdomain
        [{ "content-type": "application/json", "sec-fetch-site": "same-site" }, json, 403],
        // form and text bodies are never parsed as JSON, whatever the origin
        [{ "content-type": "application/x-www-form-urlencoded" }, form, 415],
        [{ "content-type": "text/plain" }, json, 415],
        [{ "content-type": "multipart/form-data; boundary=x" }, "--x--", 415],
      ];
      for (const [headers, body, status] of attacks) {
        const r = await post("/api/user/login", headers, body);
        expect(r.status, JSON.stringify(headers)).toBe(status);
        expect(r.headers.getSetCookie(), JSON.stringify(headers)).toEqual([]);
        expect((await r.json()).code).toBe(status === 403 ? 403 : 209);
      }
      // the app itself: same origin
      for (const headers of [
        { "content-type": "application/json", origin: new URL(s.base).origin },
        { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "same-origin", origin: EVIL },
        { "content-type": "application/json" }, // a program: no Origin at all
      ]) {
        const r = await post("/api/user/login", headers, json);
        expect((await r.json()).code, JSON.stringify(headers)).toBe(200);
        expect(r.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Lax$/);
      }
    });

    it("refuses a cross-site state change with the victim's cookie, and logout by a foreign form", async () => {
      const before = (await c.call("/api/tem.app_public/getUserClassList")).body.data.length;
      const add = await c.raw("/interface/api/tem.app_public/addUserClass", {
        method: "POST",
        headers: { "content-type": "application/json", origin: EVIL },
        body: JSON.stringify({ name: "Planted" }),
      });
      expect(add.status).toBe(403);
      const out = await c.raw("/interface/api/user/logout", {
        method: "POST",
        headers: { origin: EVIL, "sec-fetch-site": "cross-site" },
      });
      expect(out.status).toBe(403);
      expect((await c.call("/api/tem.app_public/getUserClassList")).body.data.length).toBe(before);
    });

    it("sets Secure on the cookie over HTTPS: behind a trusted proxy or with an https public URL", async () => {
      const login = async (t: TestServer, headers: Record<string, string> = {}) => {
        const u = await newUser(t.base, "tls");
        const r = await fetch(`${t.base}/interface/api/user/login`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ account: u.user.account, password: u.password }),
        });
        return r.headers.getSetCookie()[0] ?? "";
      };
      // a client forging X-Forwarded-Proto is not believed without INKLESS_TRUST_PROXY
      expect(await login(s, { "x-forwarded-proto": "https" })).not.toContain("Secure");
      const proxied = await startServer(engine, { trustProxy: true });
      try {
        expect(await login(proxied, { "x-forwarded-proto": "https" })).toMatch(/; SameSite=Lax; Secure$/);
        expect(await login(proxied)).not.toContain("Secure");
      } finally {
        await proxied.close();
      }
      const pub = await startServer(engine, { publicUrl: "https://labels.example.com" });
      try {
        expect(await login(pub)).toMatch(/; Secure$/);
        // the app's own origin is the public one
        const r = await fetch(`${pub.base}/interface/api/user/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: pub.base },
          body: JSON.stringify({ account: uniqueEmail(), password: "x" }),
        });
        expect(r.status).toBe(403);
      } finally {
        await pub.close();
      }
    }, 60_000);
  });

  describe("bad input (item 13)", () => {
    // every field name the routes read, so the fuzzer reaches their validation
    const NAMES = [
      "name",
      "id",
      "sn",
      "password",
      "password2",
      "account",
      "url",
      "type",
      "tid",
      "size",
      "phr",
      "parent_id",
      "nickname",
      "job_id",
      "image",
      "fun",
      "code",
      "width",
      "height",
      "wait",
      "user_id",
      "template_id",
      "sn_arr",
      "remark",
      "print_type",
      "print_file_type",
      "platform",
      "pageSize",
      "page",
      "msg",
      "keyword",
      "key",
      "industry",
      "files",
      "file_web",
      "copies",
      "bucket",
      "agree",
      "TableIndex",
      "RowIndex",
      "FileUrl",
      "content",
      "class_id",
      "head_pic",
    ];
    const hostileValue = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          "a\u0000b",
          "\u0000",
          2 ** 31,
          2 ** 53,
          -(2 ** 31) - 1,
          1e308,
          -1e308,
          1e-308,
          "1e308",
          "99999999999999999999",
          "NaN",
          "-0",
          "",
          " ",
          "\u202Eevil",
          "a\u200Bb",
          "%00",
          "../..",
          "__proto__",
          true,
          null,
          1,
          "1",
          0,
        ),
      },
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double()), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
    );
    // every name, each present or not: a route sees hostile values in the fields it reads
    const body = fc.record(Object.fromEntries(NAMES.map((n) => [n, hostileValue])), { requiredKeys: [] });
    // routes that would end the fuzzing session or wait on purpose
    const SKIP = new Set(["/api/user/logout", "/api/device/poll", "/upload"]);

    it("answers NUL bytes, 2^31, 1e308 and invisible characters in names with a message", async () => {
      const cases: [string, unknown, string][] = [
        ["/api/user/editUserInfo", { nickname: "a\u0000b" }, "The request contains a NUL character"],
        ["/api/tem.app_public/getUserTemplateList", { page: 1e308 }, "page must be a number from"],
        ["/api/tem.app_public/getUserTemplateList", { size: 2 ** 31 }, "size must be a number from"],
        [
          "/api/tem.app_public/addUserClass",
          { name: "invoice\u202Efdp.exe" },
          "Names cannot contain invisible",
        ],
        ["/api/tem.app_public/addUserClass", { name: "Shelf\u200B" }, "Names cannot contain invisible"],
        ["/api/user/editUserInfo", { nickname: "\u2066admin\u2069" }, "Names cannot contain invisible"],
      ];
      for (const [path, fields, msg] of cases) {
        const r = await c.call(path, fields);
        expect(r.body.code, path).toBe(209);
        expect(r.body.msg).toContain(msg);
      }
      const q = await c.raw("/interface/api/tem.app_public/getCloudDataList?type=1&x=%00");
      expect((await q.json()).code).toBe(209);
    });

    it("answers every route's fuzzed body with a validation message, never 500", async () => {
      await s.app.services.db.query("DELETE FROM rate_limits");
      const paths = Object.keys(allRoutes).filter((p) => !SKIP.has(p));
      expect(paths.length).toBeGreaterThan(40);
      for (const path of paths) {
        await fc.assert(
          fc.asyncProperty(body, async (fields) => {
            const r = await c.call(path, fields);
            expect([r.status, r.body?.code], `${path} ${JSON.stringify(fields)}`).not.toContain(500);
          }),
          { numRuns: 40 },
        );
      }
      expect(s.logs.filter((l) => l.includes("failed:"))).toEqual([]);
      expect((await c.call("/api/user/getUserInfo")).body.code).toBe(200);
    }, 300_000);
  });

  describe("login limits (item 7)", () => {
    const login = (account: string, pw: string) =>
      post(
        "/api/user/login",
        { "content-type": "application/json" },
        JSON.stringify({ account, password: pw }),
      );
    const codes = async (rs: Promise<Response>[]) =>
      (await Promise.all(rs.map(async (r) => (await r).json()))).map((b) => b.code);
    const count = (list: number[], code: number) => list.filter((x) => x === code).length;

    it("30 parallel wrong passwords for one account: 5 password checks, 25 refused at once", async () => {
      await s.app.services.db.query("DELETE FROM rate_limits");
      const started = hashStats.started;
      const got = await codes(Array.from({ length: 30 }, () => login(account, "wrong-password")));
      expect(count(got, 401)).toBe(5);
      expect(count(got, 209)).toBe(25);
      expect(hashStats.started - started).toBe(5);
      // the right password is refused too until the minute has passed (simulated)
      expect((await (await login(account, password)).json()).code).toBe(209);
      await s.app.services.db.query("UPDATE rate_limits SET blocked_until = now() - interval '1 second'");
      expect((await (await login(account, password)).json()).code).toBe(200);
    });

    it("rotating account names from one IP: at most LOGIN_PER_IP password checks a minute", async () => {
      await s.app.services.db.query("DELETE FROM rate_limits");
      const started = hashStats.started;
      const got = await codes(
        Array.from({ length: LOGIN_PER_IP + 10 }, () => login(uniqueEmail("rot"), "guess-1234")),
      );
      expect(count(got, 401)).toBe(LOGIN_PER_IP);
      expect(count(got, 209)).toBe(10);
      expect(hashStats.started - started).toBe(LOGIN_PER_IP);
      expect((await (await login(account, password)).json()).code).toBe(209);
      await s.app.services.db.query("UPDATE rate_limits SET blocked_until = now() - interval '1 second'");
      expect((await (await login(account, password)).json()).code).toBe(200);
      await s.app.services.db.query("DELETE FROM rate_limits");
    });

    it("never runs more than HASH_LIMITS.running password hashes at once", async () => {
      hashStats.maxRunning = 0;
      const got = await codes(
        Array.from({ length: 24 }, () =>
          post(
            "/api/user/register",
            { "content-type": "application/json" },
            JSON.stringify({
              account: uniqueEmail("flood"),
              password: "pass-1234",
              password2: "pass-1234",
              nickname: "F",
              industry: "x",
              agree: true,
            }),
          ),
        ),
      );
      expect(got.every((code) => code === 200 || code === 209)).toBe(true);
      expect(hashStats.maxRunning).toBe(HASH_LIMITS.running);
    });
  });
});

// The server under attack (issue 14, docs/security.md), with real HTTP requests on 127.0.0.1:
// cross-site forms and fetches (CSRF), cookie flags behind a proxy, and more below. Each attack is
// shown refused, and the honest request next to it still served.
import { readdirSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { connect as tcpConnect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATELY_META } from "../../src/editor/inspector/allowed";
import { statelyMeta } from "../../src/server/app";
import { HASH_LIMITS, hashStats } from "../../src/server/auth/password";
import { withDefaults } from "../../src/server/config";
import { serveClient } from "../../src/server/http/static";
import { allRoutes } from "../../src/server/routes";
import { LOGIN_PER_IP, SEND_CODE_PER_IP } from "../../src/server/services/accounts";
import { DEFAULT_LIMITS } from "../../src/spreadsheet";
import { hostileXlsx } from "../spreadsheet/support/hostileXlsx";
import { Client, ENGINES, newUser, startServer, type TestServer, uniqueEmail, upload } from "./helpers";
import { setProductHashCost } from "./support/testHashCost.mjs";

// the login limits are about password hashing itself (how many run at once), and its account is
// made in the file's beforeAll: every hash in this file at the product's cost (with the tests' cost
// the login-limit tests failed 2 runs of 4 with empty 500 answers, not explained yet: docs/testing.md)
setProductHashCost();

const EVIL = "https://evil.example";
const MiB = 1024 * 1024;

/** A raw HTTP request on a TCP socket that sends `head` (and maybe the start of the body) and never
 * the rest; resolves with everything the server answered once it closes the connection. */
function halfRequest(base: string, head: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const sock = tcpConnect(Number(port), hostname);
    let got = "";
    sock.on("data", (d) => {
      got += d.toString("latin1");
    });
    sock.on("close", () => resolve(got));
    sock.on("error", () => undefined);
    sock.write(head);
  });
}

describe.each(ENGINES)("security ($name)", (engine) => {
  let s: TestServer;
  let c: Client;
  let password: string;
  let account: string;
  beforeAll(async () => {
    s = await startServer(engine, { maxUploadBytes: MiB, requestTimeoutMs: 3000, purgeEveryMs: 500 });
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
      const same: Record<string, string>[] = [
        { "content-type": "application/json", origin: new URL(s.base).origin },
        { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "same-origin", origin: EVIL },
        { "content-type": "application/json" }, // a program: no Origin at all
      ];
      for (const headers of same) {
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
    }, 180_000); // two more servers start here: their start, not the checks, is what load stretches
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
      "provider",
      "redirect",
      "query",
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
      // (two more servers start here: their time, not the checks, is what a loaded machine stretches)
    }, 180_000);

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

  describe("bodies (item 5)", () => {
    const host = () => new URL(s.base).host;

    it("answers a JSON route without a session before reading its declared 5 MB body", async () => {
      const got = await halfRequest(
        s.base,
        `POST /interface/api/tem.app_public/addUserClass HTTP/1.1\r\nHost: ${host()}\r\n` +
          "Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{",
      );
      expect(got).toMatch(/^HTTP\/1.1 200/);
      expect(got).toMatch(/connection: close/i);
      expect(got).toContain('"code":301');
    });

    it("answers an upload with a bad token before reading the file", async () => {
      const got = await halfRequest(
        s.base,
        `POST /interface/upload HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: multipart/form-data; boundary=XX\r\n` +
          "Content-Length: 1000000\r\n\r\n" +
          '--XX\r\nContent-Disposition: form-data; name="token"\r\n\r\nnot-a-token-but-long-enough\r\n' +
          '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nPNG',
      );
      expect(got).toContain('"code":401');
    });

    it("refuses a declared length over the limit at once (413)", async () => {
      const got = await halfRequest(
        s.base,
        `POST /interface/upload HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: multipart/form-data; boundary=XX\r\n` +
          `Content-Length: ${2 * MiB}\r\n\r\n`,
      );
      expect(got).toMatch(/^HTTP\/1.1 413/);
    });

    it("cuts off a slow sender (408) and keeps serving others", async () => {
      const got = await halfRequest(
        s.base,
        `POST /interface/api/user/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 100\r\n\r\n{"acc',
      );
      expect(got).toMatch(/^HTTP\/1.1 408/);
      expect((await c.call("/api/user/getUserInfo")).body.code).toBe(200);
    });

    it("streams an upload to storage; over the limit nothing is stored and no .part is left", async () => {
      const user = (await c.call("/api/user/getUserInfo")).body.data.userid;
      const bytes = new Uint8Array(MiB - 1000).map((_, i) => i % 251);
      const r = await upload(c, `${user}/tprt/big.bin`, bytes, "big.bin");
      expect(r.body).toMatchObject({ code: 200, data: { size: bytes.length } });
      const back = new Uint8Array(await (await c.raw(`/files/${user}/tprt/big.bin`)).arrayBuffer());
      expect(Buffer.compare(back, bytes)).toBe(0);
      const over = await upload(c, `${user}/tprt/over.bin`, new Uint8Array(MiB + 10), "over.bin");
      expect(over.status).toBe(413);
      expect((await c.raw(`/files/${user}/tprt/over.bin`)).status).toBe(404);
      const files = readdirSync(`${s.dataDir}/files`, { recursive: true, encoding: "utf8" });
      expect(files.filter((f) => f.endsWith(".part"))).toEqual([]);
    });
  });

  describe("/files/ (items 6, 12)", () => {
    let user: string;
    const body = new TextEncoder().encode("0123456789abcdefghijklmnopqrstuvwxyz");
    beforeAll(async () => {
      user = (await c.call("/api/user/getUserInfo")).body.data.userid;
      await upload(c, `${user}/f/data.tprt`, body, "data.tprt");
      await upload(c, `${user}/f/page.html`, "<script>alert(1)</script>", "page.html");
      await upload(
        c,
        `${user}/f/pic.png`,
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
        "pic.png",
      );
    });

    it("streams with ETag / Last-Modified, answers conditional requests with 304 and ranges with 206", async () => {
      const url = `/files/${user}/f/data.tprt`;
      const full = await c.raw(url);
      expect(full.status).toBe(200);
      expect(full.headers.get("content-length")).toBe(String(body.length));
      expect(full.headers.get("accept-ranges")).toBe("bytes");
      const etag = full.headers.get("etag") as string;
      const modified = full.headers.get("last-modified") as string;
      expect((await c.raw(url, { headers: { "if-none-match": etag } })).status).toBe(304);
      expect((await c.raw(url, { headers: { "if-modified-since": modified } })).status).toBe(304);
      const part = await c.raw(url, { headers: { range: "bytes=10-19" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 10-19/${body.length}`);
      expect(await part.text()).toBe("abcdefghij");
      const tail = await c.raw(url, { headers: { range: "bytes=-3" } });
      expect(await tail.text()).toBe("xyz");
      const past = await c.raw(url, { headers: { range: "bytes=999-" } });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${body.length}`);
    });

    it("builds URLs from the server's own origin, never from a forged Host header", async () => {
      const body = JSON.stringify({ bucket: "hm-inkless" });
      const { port } = new URL(s.base);
      const got = await halfRequest(
        s.base,
        `POST /interface/api/tem.app_shared/getToken HTTP/1.1\r\nHost: evil.example:${port}\r\nCookie: ${c.cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(got).toContain(`"url":"${s.base}/files/"`);
      expect(got).not.toContain("evil.example");
    });

    it("serves uploads as attachments unless they are images, never as a page or script", async () => {
      const html = await c.raw(`/files/${user}/f/page.html`);
      expect(html.headers.get("content-type")).toBe("application/octet-stream");
      expect(html.headers.get("content-disposition")).toBe("attachment");
      expect(html.headers.get("x-content-type-options")).toBe("nosniff");
      expect(html.headers.get("content-security-policy")).toContain("sandbox");
      const tprt = await c.raw(`/files/${user}/f/data.tprt`);
      expect(tprt.headers.get("content-disposition")).toBe("attachment");
      const png = await c.raw(`/files/${user}/f/pic.png`);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(png.headers.get("content-disposition")).toBeNull();
    });
  });

  describe("spreadsheet import (item 4)", () => {
    const bomb = hostileXlsx(DEFAULT_LIMITS.maxStrings + 1);
    const importer = async (tag: string) => {
      const u = await newUser(s.base, tag);
      const key = `${u.user.userid}/sheets/bomb.xlsx`;
      expect((await upload(u.client, key, bomb, "bomb.xlsx")).body.code).toBe(200);
      return () =>
        u.client.call("/api/tem.new_class/import", { FileUrl: `/files/${key}`, RowIndex: 0, TableIndex: -1 });
    };

    it("parses hostile workbooks in workers: other users are served meanwhile, each answer is 'too large'", async () => {
      const imports = await Promise.all(["imp1", "imp2", "imp3"].map(importer));
      let running = true;
      const answers = Promise.all(imports.map((run) => run())).finally(() => {
        running = false;
      });
      // another user's requests are answered while the imports run (before: none until they ended)
      let served = 0;
      while (running) {
        const r = await c.call("/api/user/getUserInfo");
        expect(r.body.code).toBe(200);
        if (running) served++;
      }
      expect(served).toBeGreaterThan(0);
      for (const r of await answers)
        expect(r.body).toMatchObject({
          code: 209,
          msg: `The spreadsheet has more than ${DEFAULT_LIMITS.maxStrings} different texts.`,
        });
    }, 120_000);

    it("holds two imports per user (one running, one waiting) and refuses a third", async () => {
      const run = await importer("imp4");
      const three = await Promise.all([run(), run(), run()]);
      expect(three.map((r) => r.body.msg).sort()).toEqual([
        `The spreadsheet has more than ${DEFAULT_LIMITS.maxStrings} different texts.`,
        `The spreadsheet has more than ${DEFAULT_LIMITS.maxStrings} different texts.`,
        "You already have 2 jobs of this kind running or waiting; try again when one is done.",
      ]);
    }, 60_000);
  });

  describe("template versions (item 11)", () => {
    it("a stale save gets a conflict answer and loses nothing; overwriting names the current version", async () => {
      const { client, user } = await newUser(s.base, "ver");
      const file = async (n: string) => {
        const key = `${user.userid}/tprt/v${n}.tprt`;
        expect((await upload(client, key, `<label ${n}/>`, `v${n}.tprt`)).body.code).toBe(200);
        return `/files/${key}`;
      };
      const fields = { name: "Two tabs", width: 50, height: 30 };
      const added = await client.call("/api/tem.app_public/addUserTemplate", {
        ...fields,
        url: await file("0"),
      });
      const { id, version } = added.body.data;
      expect(version).toBe(1);
      // tab A saves first
      const a = await client.call("/api/tem.app_public/editUserTemplate", {
        ...fields,
        id,
        version,
        url: await file("a"),
      });
      expect(a.body.data.version).toBe(2);
      // tab B still has version 1: refused, told what is there now
      const bUrl = await file("b");
      const b = await client.call("/api/tem.app_public/editUserTemplate", {
        ...fields,
        id,
        version,
        url: bUrl,
      });
      expect(b.body).toMatchObject({
        code: 409,
        msg: "This label was changed elsewhere since you opened it",
        data: { id, version: 2, file_web: a.body.data.file_web },
      });
      // tab A's file is kept, and so is B's upload (for "save as a copy")
      expect((await client.raw(a.body.data.file_web)).status).toBe(200);
      expect((await client.raw(bUrl)).status).toBe(200);
      // "overwrite": B saves again naming the current version
      const over = await client.call("/api/tem.app_public/editUserTemplate", {
        ...fields,
        id,
        version: 2,
        url: bUrl,
      });
      expect(over.body.data).toMatchObject({ version: 3, file_web: bUrl });
      // a client that names the file it opened instead of the version: the same rule
      const byFile = await client.call("/api/tem.app_public/editUserTemplate", {
        ...fields,
        id,
        base_file: a.body.data.file_web,
        url: await file("c"),
      });
      expect(byFile.body.code).toBe(409);
      const current = await client.call("/api/tem.app_public/editUserTemplate", {
        ...fields,
        id,
        base_file: bUrl,
        url: await file("d"),
      });
      expect(current.body.data.version).toBe(4);
      // "save as a copy": a new template from B's file
      const copy = await client.call("/api/tem.app_public/addUserTemplate", {
        ...fields,
        name: "Two tabs (copy)",
        url: bUrl,
      });
      expect(copy.body.code).toBe(200);
    });
  });

  describe("passwords and upload tokens (item 14)", () => {
    const register = (acc: string, pw: string) =>
      new Client(s.base).call("/api/user/register", {
        account: acc,
        password: pw,
        password2: pw,
        nickname: "P",
        industry: "retail",
        agree: true,
      });

    it("refuses short, common and account-name passwords with their messages", async () => {
      const acc = uniqueEmail("pw");
      const cases: [string, string][] = [
        ["short12", "The password must be 8 to 64 characters"],
        ["password", "This password is too common; choose another"],
        ["QWERTYUIOP", "This password is too common; choose another"],
        [acc, "The password cannot be your account name"],
        [acc.split("@")[0], "The password cannot be your account name"],
      ];
      for (const [pw, msg] of cases) {
        const r = await register(acc, pw);
        expect(r.body, pw).toMatchObject({ code: 209, msg });
      }
      expect((await register(acc, "correct horse battery")).body.code).toBe(200);
    });

    it("an upload token dies with the session that asked for it", async () => {
      const { client, user } = await newUser(s.base, "tok");
      const token = async () =>
        (await client.call("/api/tem.app_shared/getToken", { bucket: "hm-inkless" })).body.data;
      const send = async (t: string) => {
        const form = new FormData();
        form.set("token", t);
        form.set("key", `${user.userid}/f/x.bin`);
        form.set("file", new Blob([new Uint8Array([1, 2, 3])]), "x.bin");
        return (await (await fetch(`${s.base}/interface/upload`, { method: "POST", body: form })).json())
          .code;
      };
      const first = await token();
      expect(await send(first)).toBe(200);
      // the session expires: its token stops working at once
      await s.app.services.db.query(
        "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
        [user.userid],
      );
      expect(await send(first)).toBe(401);
      // a new session, a new token; logging out ends both
      await client.call("/api/user/login", { account: user.account, password: "s3cret-pass" });
      const second = await token();
      expect(await send(second)).toBe(200);
      await client.call("/api/user/logout");
      expect(await send(second)).toBe(401);
    });
  });

  describe("unauthenticated writes (item 9)", () => {
    it("limits verification codes per IP, whatever the account names", async () => {
      await s.app.services.db.query("DELETE FROM rate_limits");
      const before = (
        await s.app.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM verification_codes")
      )[0].n;
      const got: number[] = [];
      for (let i = 0; i < SEND_CODE_PER_IP + 3; i++)
        got.push(
          (await new Client(s.base).call("/api/user/sendCode", { account: uniqueEmail("code") })).body.code,
        );
      expect(got).toEqual([...Array(SEND_CODE_PER_IP).fill(200), 209, 209, 209]);
      const after = (
        await s.app.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM verification_codes")
      )[0].n;
      expect(after - before).toBe(SEND_CODE_PER_IP);
      await s.app.services.db.query("DELETE FROM rate_limits");
    });

    it("purges expired sessions, codes, upload tokens and counters on a schedule", async () => {
      const db = s.app.services.db;
      const user = (await c.call("/api/user/getUserInfo")).body.data.userid;
      await db.query(
        "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('old-session', $1, now() - interval '1 hour')",
        [user],
      );
      await db.query(
        `INSERT INTO verification_codes (account, code_hash, sent_at, expires_at)
         VALUES ('old@example.com', 'x', now() - interval '1 hour', now() - interval '50 minutes')`,
      );
      await db.query(
        "INSERT INTO rate_limits (key, failures, window_start) VALUES ('old-key', 3, now() - interval '2 minutes')",
      );
      await db.query(
        "INSERT INTO rate_limits (key, failures, window_start, blocked_until) VALUES ('blocked-key', 9, now() - interval '2 minutes', now() + interval '1 minute')",
      );
      const left = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM sessions WHERE token_hash = 'old-session')
                  + (SELECT count(*) FROM verification_codes WHERE account = 'old@example.com')
                  + (SELECT count(*) FROM rate_limits WHERE key = 'old-key') AS n`,
          )
        )[0].n;
      await expect.poll(() => left().then(Number), { timeout: 10_000 }).toBe(0);
      // a running block is kept
      expect(await db.query("SELECT 1 FROM rate_limits WHERE key = 'blocked-key'")).toHaveLength(1);
      await db.query("DELETE FROM rate_limits");
    });
  });
});

describe("?inspect=stately (item 15)", () => {
  it("the app's page carries the inspector meta tag only when the server enables it", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(`${tmpdir()}/inkless-client-`);
    writeFileSync(`${dir}/index.html`, "<!doctype html><html><head><title>Inkless</title></head></html>");
    // the server's own page handler, with and without the setting (createServer passes headExtra)
    const page = async (extra: string) => {
      const srv = createHttpServer((req, res) => void serveClient(req, res, dir, "editLabel", extra));
      await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
      const { port } = srv.address() as AddressInfo;
      try {
        const r = await fetch(`http://127.0.0.1:${port}/label/editLabel?inspect=stately`);
        return { text: await r.text(), csp: r.headers.get("content-security-policy") ?? "" };
      } finally {
        srv.close();
      }
    };
    expect((await page("")).text).not.toContain(STATELY_META);
    const on = await page(statelyMeta({ ...withDefaults({}), statelyInspector: true }));
    expect(on.text).toContain(`<meta name="${STATELY_META}" content="1">`);
    expect(statelyMeta(withDefaults({}))).toBe("");
    expect(on.csp).toContain("script-src 'self'");
  });
});

// Signing in with another account against a real OpenID Connect provider on loopback (oidc-provider):
// first-time binding to an existing account or a new one, the second sign-in straight through, and
// everything that must be refused (tampered state or nonce, the provider's error, an unknown or
// unreachable provider, a replayed answer, another browser's answer).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  OIDC_ACCOUNT,
  OIDC_CLIENT,
  type RunningOidcProvider,
  startOidcProvider,
} from "../../e2e/support";
import { translate } from "../../src/i18n/messages";
import { parseOidcProviders } from "../../src/server/auth/oidcConfig";
import { purgeExpired } from "../../src/server/db/purge";
import { Client, ENGINES, newUser, startServer, type TestServer, uniqueEmail } from "./helpers";

describe("OpenID Connect providers from the environment", () => {
  it("reads several providers in the listed order, secrets optional", () => {
    const { providers, errors } = parseOidcProviders({
      INKLESS_OIDC_PROVIDERS: "corp, Google",
      INKLESS_OIDC_CORP_ISSUER: "https://id.example.com/realms/main",
      INKLESS_OIDC_CORP_CLIENT_ID: "inkless",
      INKLESS_OIDC_CORP_CLIENT_SECRET: "s3",
      INKLESS_OIDC_CORP_NAME: "Example SSO",
      INKLESS_OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
      INKLESS_OIDC_GOOGLE_CLIENT_ID: "g-id",
    });
    expect(errors).toEqual([]);
    expect(providers).toEqual([
      {
        id: "corp",
        name: "Example SSO",
        issuer: "https://id.example.com/realms/main",
        clientId: "inkless",
        clientSecret: "s3",
      },
      {
        id: "google",
        name: "google",
        issuer: "https://accounts.google.com",
        clientId: "g-id",
        clientSecret: undefined,
      },
    ]);
  });

  it("leaves out a provider with a bad setting and says why", () => {
    const { providers, errors } = parseOidcProviders({
      INKLESS_OIDC_PROVIDERS: "plain,noid,bad_id!,local,local",
      INKLESS_OIDC_PLAIN_ISSUER: "http://id.example.com",
      INKLESS_OIDC_PLAIN_CLIENT_ID: "x",
      INKLESS_OIDC_NOID_ISSUER: "https://id.example.com",
      INKLESS_OIDC_LOCAL_ISSUER: "http://127.0.0.1:9999",
      INKLESS_OIDC_LOCAL_CLIENT_ID: "x",
    });
    expect(providers.map((p) => p.id)).toEqual(["local"]);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/INKLESS_OIDC_PLAIN_ISSUER must be an https URL/);
    expect(errors[1]).toMatch(/INKLESS_OIDC_NOID_CLIENT_ID is missing/);
    expect(errors[2]).toMatch(/bad_id!/);
    expect(errors[3]).toMatch(/listed twice/);
    expect(parseOidcProviders({}).providers).toEqual([]);
  });
});

describe.each(ENGINES)("signing in with OpenID Connect on $name", (engine) => {
  let s: TestServer;
  let op: RunningOidcProvider;
  beforeAll(async () => {
    const [port, downPort] = await Promise.all([freePort(), freePort()]);
    s = await startServer(engine, {
      oidcProviders: [
        {
          id: "test",
          name: "Test ID",
          issuer: `http://127.0.0.1:${port}`,
          clientId: OIDC_CLIENT.id,
          clientSecret: OIDC_CLIENT.secret,
        },
        // nobody listens there
        { id: "down", name: "Down ID", issuer: `http://127.0.0.1:${downPort}`, clientId: "x" },
      ],
    });
    op = await startOidcProvider({ port, redirectUri: `${s.base}/label/thirdLogin` });
  }, 120_000);
  afterAll(async () => {
    await op?.stop();
    await s?.close();
  });

  const msg = (key: string, vars: Record<string, string> = {}) => translate(key, vars, "en");

  /** Starts a sign-in in the client's "browser": the provider's authorisation URL. */
  async function start(c: Client, redirect = "/cloudData"): Promise<URL> {
    const r = await c.call("/api/oidc/start", { provider: "test", redirect });
    expect(r.body.code).toBe(200);
    return new URL(r.body.data.url);
  }
  /** The provider's answer handed to the app as /label/thirdLogin would. */
  async function callback(c: Client, callbackUrl: string) {
    return (await c.call("/api/oidc/callback", { query: new URL(callbackUrl).search })).body;
  }

  it("lists the configured providers by name (nothing secret)", async () => {
    const r = await new Client(s.base).call("/api/oidc/providers");
    expect(r.body.data).toEqual([
      { id: "test", name: "Test ID" },
      { id: "down", name: "Down ID" },
    ]);
  });

  it("holds the sign-in by an HttpOnly cookie of 10 minutes; expired sign-ins are purged", async () => {
    const c = new Client(s.base);
    const r = await c.raw("/interface/api/oidc/start", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "test" }),
    });
    expect(r.headers.getSetCookie().join("\n")).toMatch(
      /^oidc_flow=[\w-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/m,
    );
    const db = s.app.services.db;
    await db.query("UPDATE oidc_flows SET expires_at = now() - interval '1 second'");
    expect((await purgeExpired(db)).oidc_flows).toBeGreaterThan(0);
    expect(await db.query("SELECT 1 FROM oidc_flows WHERE expires_at < now()")).toEqual([]);
  });

  it("asks the provider for the code flow with PKCE (S256), state and nonce", async () => {
    const url = await start(new Client(s.base));
    expect(url.origin).toBe(op.issuer);
    const q = url.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(OIDC_CLIENT.id);
    expect(q.get("redirect_uri")).toBe(`${s.base}/label/thirdLogin`);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(q.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(q.get("nonce")).toMatch(/^[\w-]{20,}$/);
    expect(q.get("scope")).toBe("openid email profile");
  });

  it("binds a new identity to an existing account after its password check, then signs in straight through", async () => {
    const { user, password } = await newUser(s.base, "oidc");
    const c = new Client(s.base);
    const bind = await callback(c, await op.answer((await start(c)).href));
    expect(bind.code).toBe(200);
    expect(bind.data).toEqual({
      status: "bind",
      provider: "Test ID",
      email: OIDC_ACCOUNT.email,
      name: OIDC_ACCOUNT.name,
    });
    expect(c.cookie).toBe(""); // not signed in yet
    expect((await c.call("/api/oidc/binding")).body.data).toEqual({
      provider: "Test ID",
      email: OIDC_ACCOUNT.email,
      name: OIDC_ACCOUNT.name,
    });
    // a wrong password links nothing, and the identity keeps waiting
    const wrong = await c.call("/api/oidc/bind", { account: user.account, password: "not-the-password" });
    expect(wrong.body.code).toBe(401);
    expect(wrong.body.msg).toBe(msg("server.error.wrongCredentials"));
    const done = await c.call("/api/oidc/bind", { account: user.account, password });
    expect(done.body.code).toBe(200);
    expect(done.body.data.status).toBe("signedIn");
    expect(done.body.data.user.userid).toBe(user.userid);
    expect(done.body.data.redirect).toBe("/cloudData");
    expect((await c.call("/api/user/getUserInfo")).body.data.userid).toBe(user.userid);
    // the waiting identity is spent
    expect((await c.call("/api/oidc/binding")).body.msg).toBe(msg("server.oidc.noFlow"));

    // sign out; the next sign-in (another browser even) goes straight in
    await c.call("/api/user/logout");
    const again = new Client(s.base);
    // (a redirect outside the app is dropped: the app then opens its home page)
    const r = await callback(again, await op.answer((await start(again, "//evil.example/")).href));
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ status: "signedIn", redirect: "" });
    expect(r.data.user.userid).toBe(user.userid);
    expect((await again.call("/api/user/getUserInfo")).body.data.userid).toBe(user.userid);
  });

  it("makes a new account for a new identity, which then signs in through the provider only", async () => {
    op.setAccount({ sub: "test-subject-new", email: "new.person@example.com", name: "New Person" });
    try {
      const c = new Client(s.base);
      const bind = await callback(c, await op.answer((await start(c)).href));
      expect(bind.data.status).toBe("bind");
      const account = uniqueEmail("made");
      // the new account's profile is checked like a registration
      const bad = await c.call("/api/oidc/bindNew", {
        account,
        nickname: "",
        industry: "retail",
        agree: true,
      });
      expect(bad.body.msg).toBe(msg("server.validation.username"));
      const made = await c.call("/api/oidc/bindNew", {
        account,
        nickname: "New Person",
        industry: "retail",
        agree: true,
      });
      expect(made.body.code).toBe(200);
      expect(made.body.data.user).toMatchObject({ account, nickname: "New Person" });
      // its default folders and samples are there
      expect((await c.call("/api/tem.app_public/getUserClassList")).body.data.length).toBeGreaterThan(0);
      // no password opens it
      const login = await new Client(s.base).call("/api/user/login", { account, password: "" });
      expect(login.body.code).toBe(209);
      const login2 = await new Client(s.base).call("/api/user/login", { account, password: "anything-1" });
      expect(login2.body.code).toBe(401);
      const again = new Client(s.base);
      const r = await callback(again, await op.answer((await start(again)).href));
      expect(r.data.user.userid).toBe(made.body.data.user.userid);
    } finally {
      op.setAccount(OIDC_ACCOUNT);
    }
  });

  it("refuses an answer whose state was tampered with", async () => {
    const c = new Client(s.base);
    const url = await start(c);
    url.searchParams.set("state", "tampered-state-value-0123456789");
    const r = await callback(c, await op.answer(url.href));
    expect(r.code).toBe(209);
    expect(r.msg).toBe(msg("server.oidc.badState"));
    expect(c.cookie).toBe("");
  });

  it("refuses an ID token whose nonce was tampered with", async () => {
    const c = new Client(s.base);
    const url = await start(c);
    url.searchParams.set("nonce", "tampered-nonce-value-0123456789");
    const r = await callback(c, await op.answer(url.href));
    expect(r.code).toBe(209);
    expect(r.msg).toBe(msg("server.oidc.badNonce", { provider: "Test ID" }));
    expect(c.cookie).toBe("");
  });

  it("refuses a replayed answer and another browser's answer", async () => {
    const c = new Client(s.base);
    const answer = await op.answer((await start(c)).href);
    // another browser (no flow cookie) cannot use it: no login CSRF
    const thief = new Client(s.base);
    expect((await callback(thief, answer)).msg).toBe(msg("server.oidc.noFlow"));
    expect((await callback(c, answer)).code).toBe(200);
    const replay = await callback(c, answer);
    expect(replay.msg).toBe(msg("server.oidc.noFlow"));
  });

  it("passes on the provider's own error, translated", async () => {
    const c = new Client(s.base, "es");
    const url = await start(c);
    const state = url.searchParams.get("state") ?? "";
    const r = await c.call("/api/oidc/callback", {
      query: `?error=access_denied&error_description=nope&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
    });
    expect(r.body.code).toBe(209);
    expect(r.body.msg).toBe(
      translate("server.oidc.providerError", { provider: "Test ID", error: "access_denied" }, "es"),
    );
  });

  it("refuses an unknown provider, an unreachable one and a malformed answer with a message (never a 500)", async () => {
    const c = new Client(s.base);
    const unknown = await c.call("/api/oidc/start", { provider: "nope" });
    expect(unknown.body.msg).toBe(msg("server.oidc.unknownProvider"));
    const down = await c.call("/api/oidc/start", { provider: "down" });
    expect(down.body.msg).toBe(msg("server.oidc.unavailable", { provider: "Down ID" }));
    expect(s.logs.some((l) => l.includes('discovery of "down"'))).toBe(true);
    await start(c);
    for (const query of ["", "?code=x", "?%zz=%", "?state=a&state=b&code=c", "x".repeat(9000)]) {
      const r = await c.call("/api/oidc/callback", { query });
      expect(r.body.code, query).toBe(209);
      await start(c);
    }
    // the waiting-binding calls without a flow
    for (const path of ["/api/oidc/binding", "/api/oidc/bind", "/api/oidc/bindNew"]) {
      const r = await new Client(s.base).call(path, { account: "a@example.com", password: "x" });
      expect(r.body.msg, path).toBe(msg("server.oidc.noFlow"));
    }
  });
});

// API tokens for the print API (issue 39): created in the personal centre (the secret answered
// once, kept hashed), listed without it, revoked; the token side refuses a missing, wrong, revoked
// or expired token, a token without the call's scope, and a flood of wrong tokens from one address.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CALLS_PER_TOKEN, TOKEN_TRIES_PER_IP } from "../../src/server/auth/apiToken";
import { MAX_TOKENS } from "../../src/server/services/apiTokens";
import { addTemplate, type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

describe.each(ENGINES)("API tokens on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });
  // every test starts with no attempts counted for the test's address
  beforeEach(async () => {
    await s.app.services.db.query("DELETE FROM rate_limits");
  });

  const create = (c: Client, body: Record<string, unknown>) =>
    c.call("/api/token/create", { name: "ERP", scopes: ["print", "templates:read"], days: 30, ...body });
  const templates = async (token: string | null) => {
    const r = await fetch(`${s.base}/interface/api/v1/templates`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    return { status: r.status, body: await r.json() };
  };

  it("answers the secret once, keeps only its hash, and lists the token without it", async () => {
    const { client, user } = await newUser(s.base, "tk");
    const r = await create(client, { name: "Warehouse" });
    expect(r.body.code).toBe(200);
    const token: string = r.body.data.token;
    expect(token).toMatch(/^ink_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(r.body.data).toMatchObject({ name: "Warehouse", scopes: ["print", "templates:read"], expired: 0 });
    const secret = token.split("_").slice(2).join("_");
    const [row] = await s.app.services.db.query<{ secret_hash: string }>(
      "SELECT secret_hash FROM api_tokens WHERE id = $1",
      [r.body.data.id],
    );
    expect(row.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    const list = await client.call("/api/token/list");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: r.body.data.id, name: "Warehouse", last_used_time: "" });
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const t = await addTemplate(client, user.userid, "Box label");
    const got = await templates(token);
    expect(got.status).toBe(200);
    expect(got.body.data[0]).toMatchObject({ id: t.id, name: "Box label" });
    // another user's token lists that user's templates only
    const other = await newUser(s.base, "tk2");
    const otherToken: string = (await create(other.client, {})).body.data.token;
    const theirs = (await templates(otherToken)).body.data.map((x: { id: string }) => x.id);
    expect(theirs).not.toContain(t.id);
    expect((await client.call("/api/token/list")).body.data[0].last_used_time).not.toBe("");
  });

  it("refuses bad token requests with a clear message", async () => {
    const { client } = await newUser(s.base, "tkbad");
    expect((await create(client, { scopes: [] })).body).toMatchObject({ code: 209 });
    expect((await create(client, { scopes: ["admin"] })).body.msg).toContain("permission");
    expect((await create(client, { scopes: "print" })).body.code).toBe(209);
    expect((await create(client, { days: 3650 })).body.msg).toContain("7, 30, 90, 365");
    expect((await create(client, { days: "x" })).body.code).toBe(209);
    expect((await create(client, { name: "" })).body.code).toBe(209);
    expect((await create(client, { name: "a/b" })).body.code).toBe(209);
    expect((await client.call("/api/token/list")).body.data).toEqual([]);
    // signed out: no tokens
    expect((await create(new (client.constructor as typeof Client)(s.base), {})).body.code).toBe(301);
  });

  it("holds at most MAX_TOKENS live tokens a user", async () => {
    const { client } = await newUser(s.base, "tkmax");
    await s.app.services.db.query(
      `INSERT INTO api_tokens (id, user_id, name, secret_hash, scopes, expires_at)
       SELECT 'f' || lpad(g::text, 15, '0'), u.id, 'x', 'h', 'print', now() + interval '1 day'
       FROM generate_series(1, $1::int) g, users u WHERE u.account = $2`,
      [MAX_TOKENS, (await client.call("/api/user/getUserInfo")).body.data.account],
    );
    const r = await create(client, {});
    expect(r.body.code).toBe(209);
    expect(r.body.msg).toContain(String(MAX_TOKENS));
  });

  it("refuses a missing, malformed, wrong, revoked or expired token", async () => {
    const { client } = await newUser(s.base, "tkrev");
    const token: string = (await create(client, {})).body.data.token;
    const id = token.slice(4, 20);
    expect(await templates(null)).toMatchObject({ status: 401, body: { code: 401 } });
    expect((await templates("nonsense")).status).toBe(401);
    // the right id with another secret
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await templates(wrong)).body.msg).toBe("The API token is not valid");
    expect((await templates(token)).status).toBe(200);

    await s.app.services.db.query(
      "UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1",
      [id],
    );
    expect(await templates(token)).toMatchObject({
      status: 401,
      body: { msg: "This API token has expired" },
    });
    expect((await client.call("/api/token/list")).body.data[0].expired).toBe(1);

    const live: string = (await create(client, {})).body.data.token;
    const liveId = live.slice(4, 20);
    // another user cannot revoke it
    const other = await newUser(s.base, "tkother");
    expect((await other.client.call("/api/token/revoke", { id: liveId })).body.code).toBe(209);
    expect((await templates(live)).status).toBe(200);
    expect((await client.call("/api/token/revoke", { id: liveId })).body.code).toBe(200);
    expect(await templates(live)).toMatchObject({ status: 401, body: { msg: "This API token was revoked" } });
    expect((await client.call("/api/token/list")).body.data.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await client.call("/api/token/revoke", { id: liveId })).body.code).toBe(209);
  });

  it("refuses a token without the call's scope", async () => {
    const { client } = await newUser(s.base, "tkscope");
    const printOnly: string = (await create(client, { scopes: ["print"] })).body.data.token;
    expect(await templates(printOnly)).toMatchObject({ status: 403, body: { code: 403 } });
    expect((await templates(printOnly)).body.msg).toContain("scope");
  });

  it("blocks an address that keeps sending wrong tokens, even its good token, for a minute", async () => {
    const { client } = await newUser(s.base, "tkbrute");
    const token: string = (await create(client, {})).body.data.token;
    for (let i = 0; i <= TOKEN_TRIES_PER_IP; i++) {
      const guess = `ink_${i.toString(16).padStart(16, "0")}_${"x".repeat(43)}`;
      expect((await templates(guess)).status).toBe(401);
    }
    expect(await templates(token)).toMatchObject({ status: 429, body: { code: 209 } });
    expect((await templates(token)).body.msg).toContain("too frequent");
    // a minute later the block has run out
    await s.app.services.db.query("UPDATE rate_limits SET blocked_until = now() - interval '1 second'");
    expect((await templates(token)).status).toBe(200);
  });

  it("never blocks an address for its good calls, and limits the calls of one token", async () => {
    const { client } = await newUser(s.base, "tkrate");
    const token: string = (await create(client, {})).body.data.token;
    const calls = await Promise.all(Array.from({ length: TOKEN_TRIES_PER_IP + 5 }, () => templates(token)));
    expect(calls.map((c) => c.status)).toEqual(calls.map(() => 200));
    // the token's own count, as after CALLS_PER_TOKEN calls within the minute
    await s.app.services.db.query("UPDATE rate_limits SET failures = $1 WHERE key = $2", [
      CALLS_PER_TOKEN,
      `apitoken:use:${token.slice(4, 20)}`,
    ]);
    expect((await templates(token)).status).toBe(429);
  });

  it("goes with the account", async () => {
    const { client, password } = await newUser(s.base, "tkgone");
    const token: string = (await create(client, {})).body.data.token;
    const account = (await client.call("/api/user/getUserInfo")).body.data.account;
    expect((await client.call("/api/user/cancelAccount", { confirm: account, password })).body.code).toBe(
      200,
    );
    expect((await templates(token)).status).toBe(401);
    const [{ n }] = await s.app.services.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM api_tokens WHERE id = $1",
      [token.slice(4, 20)],
    );
    expect(n).toBe(0);
  });
});

// The small server holes of issue 33's "Also": per-user caps on print records and shares, a large
// form POST to the sandbox checkout (was a 500), signed-out bodies capped small before reading, and
// /healthz and /metrics refusing a rebinding page's Host.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANON_BODY_BYTES, ANON_LARGE_SLOTS, AnonBodies } from "../../src/server/http/anonBody";
import { PRINT_RECORD_CAP, SHARE_CAP } from "../../src/server/services/userCaps";
import { type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

/** A GET with a Host header of our choosing (fetch may not set it). */
function getWithHost(base: string, path: string, host: string): Promise<number> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const r = request({ host: u.hostname, port: u.port, path, headers: { host } }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    r.on("error", fail);
    r.end();
  });
}

describe.each(ENGINES)("server holes on $name", (engine) => {
  let s: TestServer;
  let c: Client;
  let userId: string;

  beforeAll(async () => {
    s = await startServer(engine, { payments: "sandbox" });
    const u = await newUser(s.base, "hole");
    c = u.client;
    userId = u.user.userid;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });
  const clearLimits = () =>
    s.app.services.db.query("DELETE FROM rate_limits WHERE key LIKE $1", [`%${userId}%`]);
  const record = () =>
    c.call("/api/tem.app_public/printHistoryNewAdd", { name: "Tag", width: 40, height: 30 });

  it("print records: so many a minute, then too frequent; so many kept in all, then a clear refusal", async () => {
    await clearLimits();
    const codes: number[] = [];
    for (let i = 0; i <= PRINT_RECORD_CAP.perMinute; i++) codes.push((await record()).body.code);
    expect(codes.slice(0, PRINT_RECORD_CAP.perMinute).every((x) => x === 200)).toBe(true);
    const over = await record();
    expect(over.body).toMatchObject({ code: 209, msg: "Request too frequent, retry after 1 minute" });
    await clearLimits();
    await s.app.services.db.query(
      `INSERT INTO print_history (id, user_id, name)
       SELECT 'cap' || g || $1, $1, 'x' FROM generate_series(1, $2::int) g`,
      [userId, PRINT_RECORD_CAP.total],
    );
    expect((await record()).body).toMatchObject({
      code: 209,
      msg: `You have ${PRINT_RECORD_CAP.total} print records, the most that can be kept. Delete some to record new prints.`,
    });
    await s.app.services.db.query("DELETE FROM print_history WHERE user_id = $1", [userId]);
  });

  it("shares: so many a minute, then too frequent; so many working at once, then a clear refusal", async () => {
    await clearLimits();
    const t = (await c.call("/api/tem.app_public/getUserTemplateList")).body.data[0];
    const share = () => c.call("/api/share/create", { kind: "template", id: t.id, days: 1 });
    for (let i = 0; i < SHARE_CAP.perMinute; i++) expect((await share()).body.code).toBe(200);
    expect((await share()).body).toMatchObject({
      code: 209,
      msg: "Request too frequent, retry after 1 minute",
    });
    await clearLimits();
    await s.app.services.db.query(
      `INSERT INTO shares (id, user_id, code, kind, target_id, days, expires_at)
       SELECT 'cap' || g || $1, $1, 'CAP' || g || $1, 'template', $2, 1, now() + interval '1 day'
         FROM generate_series(1, $3::int) g`,
      [userId, t.id, SHARE_CAP.total],
    );
    expect((await share()).body).toMatchObject({
      code: 209,
      msg: `You have ${SHARE_CAP.total} working shares, the most allowed. Revoke some to share again.`,
    });
    // revoked ones do not count
    await s.app.services.db.query("UPDATE shares SET revoked_at = now() WHERE user_id = $1", [userId]);
    expect((await share()).body.code).toBe(200);
  });

  it("a 10 KB form POST to the sandbox checkout is a clean 413, not a 500", async () => {
    const r = await fetch(`${s.base}/label/pay/some-order`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `action=pay&pad=${"x".repeat(10 * 1024)}`,
    });
    expect(r.status).toBe(413);
    expect(await r.text()).toContain("The request is too large.");
  });

  it("signed-out bodies are capped small before reading; feedback still takes a screenshot's size", async () => {
    const big = JSON.stringify({ account: "a@example.com", password: "x".repeat(100 * 1024) });
    const login = await fetch(`${s.base}/interface/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(login.status).toBe(413);
    expect((await login.json()).code).toBe(413);
    // the same size signed in is read (answered by the route)
    const signedIn = await c.call("/api/user/getUserInfo", { pad: "x".repeat(100 * 1024) });
    expect(signedIn.body.code).toBe(200);
    // signed-out feedback with a (broken) 200 KB screenshot reaches the route and its message
    const fb = await fetch(`${s.base}/interface/api/feedback/submit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "bug",
        description: "x",
        screenshot: `data:image/png;base64,${"A".repeat(200 * 1024)}`,
      }),
    });
    expect(fb.status).toBe(200);
    expect((await fb.json()).code).toBe(209);
  });

  it("/healthz and /metrics refuse a rebinding page's Host; loopback, addresses and service names pass", async () => {
    const port = new URL(s.base).port;
    for (const path of ["/healthz", "/metrics"]) {
      expect(await getWithHost(s.base, path, `evil.example:${port}`)).toBe(421);
      expect(await getWithHost(s.base, path, "rebind.attacker.test")).toBe(421);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "inkless-1:8080", "10.0.0.7"])
      expect(await getWithHost(s.base, "/healthz", host)).toBe(200);
    expect(await getWithHost(s.base, "/metrics", `127.0.0.1:${port}`)).toBe(200);
  });
});

describe("large signed-out bodies read at once", () => {
  const req = (len: number) => ({ headers: { "content-length": String(len) } }) as never;
  it("a few at a time server-wide; small ones and signed-in ones are never held back", () => {
    const a = new AnonBodies();
    const big = ANON_BODY_BYTES * 10;
    const held = Array.from({ length: ANON_LARGE_SLOTS }, () => a.admit(req(big / 2), false, big * 4, big));
    expect(() => a.admit(req(big / 2), false, big * 4, big)).toThrow(
      expect.objectContaining({ key: "server.error.busy" }),
    );
    expect(a.admit(req(100), false, big * 4, big).limit).toBe(big);
    expect(a.admit(req(big / 2), true, big * 4, big).limit).toBe(big * 4);
    expect(() => a.admit(req(big * 2), false, big * 4, big)).toThrow(
      expect.objectContaining({ key: "server.error.tooLarge" }),
    );
    held[0].release();
    held[0].release();
    expect(a.admit(req(big / 2), false, big * 4, big).limit).toBe(big);
    expect(() => a.admit(req(big / 2), false, big * 4, big)).toThrow();
  });
});

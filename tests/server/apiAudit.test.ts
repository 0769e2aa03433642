// The print API's audit log (issue 39): every call made with a known token — accepted or refused —
// is recorded with the token, method, route, HTTP status and envelope code, listed to the token's
// owner only (newest first, with the token's name), and capped per user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_KEPT } from "../../src/server/services/apiAudit";
import { createToken, tokenApi } from "../print/support/tokenApi";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

describe("the API audit log", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(ENGINES[0]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const call = async (token: string, path: string, body?: unknown) =>
    (await tokenApi(s.base, token)(path, body)).body;

  /** The owner's log once it holds `n` entries (each is written when its answer has been sent). */
  async function logOf(client: Awaited<ReturnType<typeof newUser>>["client"], n: number) {
    for (;;) {
      const r = await client.call("/api/token/audit");
      if (r.body.count >= n) return r.body;
      await new Promise((ok) => setTimeout(ok, 50));
    }
  }

  it("records every call of the user's tokens and lists them to the owner only", async () => {
    const { client } = await newUser(s.base, "audit");
    const read = await createToken(client, "Reader", ["templates:read"]);
    const printer = await createToken(client);
    expect((await call(read, "/api/v1/templates")).code).toBe(200);
    expect((await call(read, "/api/v1/print", { records: [] })).code).toBe(403);
    expect((await call(printer, "/api/v1/print", { records: [] })).code).toBe(209);
    expect((await call(printer, "/api/v1/jobs/nosuchjob")).code).toBe(209);
    const log = await logOf(client, 4);
    expect(log.count).toBe(4);
    expect(
      log.data.map((a: Record<string, unknown>) => [a.token_name, a.method, a.route, a.status, a.code]),
    ).toEqual([
      ["ERP", "GET", "/api/v1/jobs/nosuchjob", 404, 209],
      ["ERP", "POST", "/api/v1/print", 200, 209],
      ["Reader", "POST", "/api/v1/print", 403, 403],
      ["Reader", "GET", "/api/v1/templates", 200, 200],
    ]);
    expect(log.data[0].time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // another user's log holds none of these calls
    const other = await newUser(s.base, "audit2");
    expect((await other.client.call("/api/token/audit")).body).toMatchObject({
      code: 200,
      data: [],
      count: 0,
    });
    // a wrong token has no owner to tell: nothing recorded
    await call(`${printer.slice(0, -1)}x`, "/api/v1/templates");
    expect((await client.call("/api/token/audit")).body.count).toBe(4);
  }, 60_000);

  it("keeps the latest AUDIT_KEPT calls a user", async () => {
    const { client, user } = await newUser(s.base, "auditcap");
    const token = await createToken(client, "Reader", ["templates:read"]);
    await s.app.services.db.query(
      `INSERT INTO api_audit (user_id, token_id, method, route, status, code)
       SELECT $1, 'old', 'GET', '/api/v1/templates', 200, 200 FROM generate_series(1, $2::int)`,
      [user.userid, AUDIT_KEPT],
    );
    await call(token, "/api/v1/templates");
    let log = await client.call("/api/token/audit", { size: 1 });
    while (log.body.data[0].token_id === "old") {
      await new Promise((ok) => setTimeout(ok, 50));
      log = await client.call("/api/token/audit", { size: 1 });
    }
    expect(log.body.count).toBe(AUDIT_KEPT);
    expect(log.body.data[0]).toMatchObject({ token_name: "Reader", status: 200 });
  }, 60_000);

  it("shows the calls of a revoked or expired token to its owner only, refused with the reason", async () => {
    const { client, user } = await newUser(s.base, "auditrev");
    const made = async (name: string, scopes: string[]) =>
      (await client.call("/api/token/create", { name, scopes, days: 7 })).body.data as {
        id: string;
        token: string;
      };
    const erp = await made("ERP", ["print"]);
    const shop = await made("Shop", ["templates:read"]);
    expect((await call(shop.token, "/api/v1/templates")).code).toBe(200);
    expect((await call(erp.token, "/api/v1/print", { records: [] })).code).toBe(209);
    expect((await client.call("/api/token/revoke", { id: erp.id })).body.code).toBe(200);
    // refused as before (401), and now in the owner's log
    const late = await call(erp.token, "/api/v1/templates");
    expect(late).toMatchObject({ code: 401, msg: "This API token was revoked" });
    await s.app.services.db.query(
      "UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [shop.id],
    );
    expect((await call(shop.token, "/api/v1/templates")).code).toBe(401);
    const log = await logOf(client, 4);
    expect(
      log.data.map((a: Record<string, unknown>) => [a.token_name, a.route, a.status, a.code, a.reason]),
    ).toEqual([
      ["Shop", "/api/v1/templates", 401, 401, "This API token has expired"],
      ["ERP", "/api/v1/templates", 401, 401, "This API token was revoked"],
      ["ERP", "/api/v1/print", 200, 209, ""],
      ["Shop", "/api/v1/templates", 200, 200, ""],
    ]);
    // the reason in the reader's language
    client.lang = "zh";
    const zh = await client.call("/api/token/audit", { token: erp.id, status: "refused" });
    client.lang = "en";
    expect(zh.body.data[0].reason).toBe("此 API 令牌已被撤销");
    // the filter's choices: the revoked token too
    expect((await client.call("/api/token/auditTokens")).body.data).toEqual(
      expect.arrayContaining([
        { id: erp.id, name: "ERP", revoked: 1 },
        { id: shop.id, name: "Shop", revoked: 0 },
      ]),
    );

    // filtered and paged by the server
    const audit = async (filter: Record<string, unknown>) =>
      (await client.call("/api/token/audit", filter)).body;
    const rows = (b: { data: { route: string; status: number; code: number }[] }) =>
      b.data.map((a) => `${a.route} ${a.status}/${a.code}`);
    expect(rows(await audit({ status: "ok" }))).toEqual(["/api/v1/templates 200/200"]);
    expect(await audit({ status: "refused" })).toMatchObject({ count: 3 });
    expect(rows(await audit({ token: erp.id }))).toEqual([
      "/api/v1/templates 401/401",
      "/api/v1/print 200/209",
    ]);
    expect(rows(await audit({ path: "PRINT" }))).toEqual(["/api/v1/print 200/209"]);
    expect(rows(await audit({ path: "%" }))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await audit({ from: today, to: today })).toMatchObject({ count: 4 });
    expect(await audit({ from: tomorrow })).toMatchObject({ count: 0, data: [] });
    expect(await audit({ token: erp.id, status: "refused", to: today })).toMatchObject({ count: 2 });
    const second = await audit({ size: 1, page: 2 });
    expect(second).toMatchObject({ count: 4 });
    expect(rows(second)).toEqual(["/api/v1/templates 401/401"]);
    // a bad filter: a clear message, nothing listed
    expect(await audit({ from: "2026-02-30" })).toMatchObject({
      code: 209,
      msg: "from must be a date written yyyy-MM-dd",
    });
    expect(await audit({ from: tomorrow, to: today })).toMatchObject({
      code: 209,
      msg: "The start date is after the end date",
    });
    expect((await audit({ status: "maybe" })).code).toBe(209);

    // another user sees none of it, even asking for that token
    const other = await newUser(s.base, "auditrev2");
    expect((await other.client.call("/api/token/audit", { token: erp.id })).body).toMatchObject({
      count: 0,
      data: [],
    });
    expect((await other.client.call("/api/token/auditTokens")).body.data).toEqual([]);
    // a wrong secret for the revoked token's id is nobody's call: not recorded
    await call(`${erp.token.slice(0, -1)}${erp.token.endsWith("x") ? "y" : "x"}`, "/api/v1/templates");
    expect((await client.call("/api/token/audit")).body.count).toBe(4);
    expect(user.userid).not.toBe(other.user.userid);
  }, 120_000);
});

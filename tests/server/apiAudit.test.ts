// The print API's audit log (issue 39): every call made with a known token — accepted or refused —
// is recorded with the token, method, route, HTTP status and envelope code, listed to the token's
// owner only (newest first, with the token's name), and capped per user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_KEPT } from "../../src/server/services/apiAudit";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

describe("the API audit log", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(ENGINES[0]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const call = (token: string, path: string, body?: unknown) =>
    fetch(`${s.base}/interface${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());

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
    const read: string = (
      await client.call("/api/token/create", { name: "Reader", scopes: ["templates:read"], days: 7 })
    ).body.data.token;
    const printer: string = (
      await client.call("/api/token/create", { name: "ERP", scopes: ["print"], days: 7 })
    ).body.data.token;
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
    const token: string = (
      await client.call("/api/token/create", { name: "Reader", scopes: ["templates:read"], days: 7 })
    ).body.data.token;
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
});

// The print API's job control (issue 39): an Idempotency-Key makes a retried POST /api/v1/print
// answer its first job instead of printing again (per user, across a server restart), the same key
// with another body is refused (409); POST /api/v1/jobs/<id>/cancel cancels a job no device took
// (it is never delivered) and refuses one already taken (409), another user's reads as missing.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type InklessServer } from "../../src/server/app";
import { takeJob } from "../../src/server/services/deviceJobs";
import { ENGINES, startServer, type TestServer, untilDrawn } from "../server/helpers";
import { printApiUser } from "./support/printApi";

describe("print API jobs: idempotency and cancel", () => {
  let s: TestServer;
  let restarted: InklessServer | null = null;
  beforeAll(async () => {
    s = await startServer(ENGINES[0]);
  }, 120_000);
  afterAll(async () => {
    await restarted?.close();
    rmSync(s.dataDir, { recursive: true, force: true });
  });

  /** A user with a template, a bound cloud device and a print token; `good` prints one label. */
  async function setUp(tag: string) {
    const u = await printApiUser(s.base, tag);
    return { ...u, good: { template_id: u.template.id, records: [{ x: "1" }], target: u.dev.sn } };
  }
  const jobsOf = async (db: InklessServer["services"]["db"], userId: string) =>
    (
      await db.query<{ id: string; status: string }>("SELECT id, status FROM print_jobs WHERE user_id = $1", [
        userId,
      ])
    ).map((r) => r.id);

  it("prints a request repeated with its Idempotency-Key once, even after a restart", async () => {
    const { user, call, good } = await setUp("idem");
    const key = { headers: { "idempotency-key": "order-1001" } };
    const first = await call("/api/v1/print", good, key);
    expect(first.body.code).toBe(200);
    const again = await call("/api/v1/print", good, key);
    expect(again.body).toMatchObject({ code: 200, data: first.body.data });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await jobsOf(s.app.services.db, user.userid)).toEqual([first.body.data.job_id]);

    // the same key with another body: refused, nothing printed
    const other = await call("/api/v1/print", { ...good, copies: 2 }, key);
    expect(other.status).toBe(409);
    expect(other.body.msg).toContain("different request body");
    const zh = await call(
      "/api/v1/print",
      { ...good, copies: 2 },
      { headers: { ...key.headers, language: "zh" } },
    );
    expect(zh.body.msg).toContain("Idempotency-Key 已用于");
    // another key, or none, prints again; a malformed key is refused
    expect(
      (await call("/api/v1/print", good, { headers: { "idempotency-key": "order-1002" } })).body.code,
    ).toBe(200);
    expect(
      (await call("/api/v1/print", good, { headers: { "idempotency-key": "bad key" } })).body,
    ).toMatchObject({
      code: 209,
      msg: expect.stringContaining("Idempotency-Key"),
    });
    expect(await jobsOf(s.app.services.db, user.userid)).toHaveLength(2);

    // a request that failed leaves its key free: fixed and retried with the same key, it prints
    const failing = { headers: { "idempotency-key": "order-1003" } };
    expect((await call("/api/v1/print", { ...good, target: "NOTMINE" }, failing)).body.code).toBe(209);
    const fixed = await call("/api/v1/print", good, failing);
    expect(fixed.body.code).toBe(200);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await jobsOf(s.app.services.db, user.userid)).toHaveLength(3);

    // the same server restarted on its data: the key is remembered
    await s.app.close();
    restarted = await createServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: s.dataDir,
      clientDir: join(s.dataDir, "client"),
      log: () => undefined,
      samplePreviews: false,
      industryLibrary: false,
    });
    const base = await restarted.listen();
    const replay = await call("/api/v1/print", good, { ...key, base });
    expect(replay.body).toMatchObject({ code: 200, data: first.body.data });
    expect(await jobsOf(restarted.services.db, user.userid)).toHaveLength(3);
    // a day later the key is gone (the purge) or free again: it prints anew
    await restarted.services.db.query(
      "UPDATE api_idempotency SET created_at = now() - interval '25 hours' WHERE key = 'order-1001'",
    );
    const late = await call("/api/v1/print", good, { ...key, base });
    expect(late.body.code).toBe(200);
    expect(late.body.data.job_id).not.toBe(first.body.data.job_id);
    s.base = base;
    s.app = restarted;
  }, 180_000);

  it("cancels a job no device has taken, and refuses a taken one", async () => {
    const { call, good, dev } = await setUp("cancel");
    const db = s.app.services.db;
    const a = (await call("/api/v1/print", good)).body.data.job_id;
    const cancelled = await call(`/api/v1/jobs/${a}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ job_id: a, status: "cancelled" });
    expect((await call(`/api/v1/jobs/${a}`)).body.data.status).toBe("cancelled");
    // the device never gets it
    expect(await takeJob(db, s.app.services.files, dev.sn)).toBeNull();
    // twice: already cancelled
    const twice = await call(`/api/v1/jobs/${a}/cancel`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.data.status).toBe("cancelled");

    const b = (await call("/api/v1/print", good)).body.data.job_id;
    // a device takes it once its labels are drawn
    await untilDrawn(db, b);
    expect((await takeJob(db, s.app.services.files, dev.sn))?.id).toBe(b);
    const taken = await call(`/api/v1/jobs/${b}/cancel`, {});
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe("This job can no longer be cancelled: it is sent");
    expect((await call(`/api/v1/jobs/${b}`)).body.data.status).toBe("sent");

    // another user's job, an unknown one: 404; GET is not a cancel
    const c = (await call("/api/v1/print", good)).body.data.job_id;
    const other = await setUp("cancel2");
    expect((await other.call(`/api/v1/jobs/${c}/cancel`, {})).status).toBe(404);
    expect((await call("/api/v1/jobs/nosuchjob/cancel", {})).status).toBe(404);
    expect((await call(`/api/v1/jobs/${c}/cancel`)).status).toBe(405);
    expect(["drawing", "queued"]).toContain((await call(`/api/v1/jobs/${c}`)).body.data.status);
  }, 120_000);
});

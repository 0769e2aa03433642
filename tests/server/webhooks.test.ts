// Print API webhooks (issue 39): a user saves a URL (https, or http to the test-only allow-list)
// and gets a signing secret once; each job that ends is POSTed to a real receiver started here,
// which checks the HMAC-SHA256 signature over the timestamp and body; a refused delivery is retried
// with backoff a bounded number of times; URLs of private, local or this server's addresses are
// refused when saved, and a delivery never reaches a private address.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBlockedAddress } from "../../src/server/net/addressRules";
import { WEBHOOK_ATTEMPTS } from "../../src/server/services/webhooks";
import { printApiOf, printApiUser } from "../print/support/printApi";
import { Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

interface Heard {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: answers each request with the next of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const heard: Heard[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      heard.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = statuses.shift() ?? 200;
      res.end("ok");
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as AddressInfo).port;
  return {
    heard,
    port,
    url: `http://127.0.0.1:${port}/hook`,
    /** Resolves once `n` requests were heard. */
    async count(n: number) {
      while (heard.length < n) await new Promise<void>((ok) => waiters.push(ok));
      return heard;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** What a receiver does: the signature is HMAC-SHA256(secret, "<timestamp>.<body>"). */
function signatureValid(secret: string, h: Heard): boolean {
  const ts = String(h.headers["x-inkless-timestamp"]);
  const want = `sha256=${createHmac("sha256", secret).update(`${ts}.${h.body}`).digest("hex")}`;
  const got = String(h.headers["x-inkless-signature"]);
  return got.length === want.length && timingSafeEqual(Buffer.from(got), Buffer.from(want));
}

describe("webhooks", () => {
  let s: TestServer;
  let good: Awaited<ReturnType<typeof receiver>>;
  let failing: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    // the first delivery is refused once (500), then accepted; the other receiver always refuses
    good = await receiver([500]);
    failing = await receiver(Array(50).fill(503));
    s = await startServer(ENGINES[0], {
      webhookTestHosts: [`127.0.0.1:${good.port}`, `127.0.0.1:${failing.port}`],
      webhookRetryMs: 20,
    });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await good?.close();
    await failing?.close();
  });

  /** A user with a template, a device and a print token; `end` prints a job and has the device
   * report it done (or failed). */
  async function setUp(tag: string) {
    const { client, template, dev, call } = await printApiUser(s.base, tag);
    const device = (path: string, body: Record<string, unknown>) =>
      client.call(path, { sn: dev.sn, key: dev.key, ...body });
    async function end(ok: boolean): Promise<string> {
      const r = await call("/api/v1/print", {
        template_id: template.id,
        records: [{ x: "1" }],
        target: dev.sn,
      });
      const id = r.body.data.job_id;
      expect((await device("/api/device/poll", { wait: 25_000 })).body.data.id).toBe(id);
      expect(
        (await device("/api/device/report", { job_id: id, ok, msg: ok ? "" : "paper out" })).body.code,
      ).toBe(200);
      return id;
    }
    return { client, end };
  }

  it("POSTs each ended job signed, retrying a refused delivery", async () => {
    const { client, end } = await setUp("wh");
    const saved = await client.call("/api/webhook/save", { url: good.url });
    expect(saved.body.code).toBe(200);
    const secret: string = saved.body.data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // the secret is answered once: never listed
    const listed = await client.call("/api/webhook/get");
    expect(listed.body.data.webhook).toMatchObject({ url: good.url });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const done = await end(true);
    // refused once (500), delivered on the retry
    const [first, second] = await good.count(2);
    for (const h of [first, second]) {
      expect(signatureValid(secret, h)).toBe(true);
      expect(h.headers["x-inkless-event"]).toBe("job.done");
      expect(Math.abs(Number(h.headers["x-inkless-timestamp"]) - Date.now() / 1000)).toBeLessThan(300);
    }
    expect(first.body).toBe(second.body);
    const event = JSON.parse(second.body);
    expect(event).toMatchObject({ event: "job.done", data: { job_id: done, status: "done", labels: 1 } });
    // the body is what the OpenAPI document's webhook says
    const doc = await (await fetch(`${s.base}/interface/api/v1/openapi.json`)).json();
    const hook = doc.webhooks.jobEnded.post;
    expect(
      hook.requestBody.content["application/json"].schema.required.every((k: string) => k in event),
    ).toBe(true);
    expect(
      hook.parameters
        .map((p: { name: string }) => p.name.toLowerCase())
        .every((h: string) => h in first.headers),
    ).toBe(true);
    // a forged body does not verify
    expect(signatureValid(secret, { ...second, body: second.body.replace("done", "fail") })).toBe(false);
    expect(signatureValid("whsec_other", second)).toBe(false);

    const failed = await end(false);
    const third = (await good.count(3))[2];
    expect(signatureValid(secret, third)).toBe(true);
    expect(JSON.parse(third.body)).toMatchObject({
      event: "job.failed",
      data: { job_id: failed, status: "failed", msg: "paper out" },
    });
    let deliveries = (await client.call("/api/webhook/get")).body.data.deliveries;
    while (deliveries.some((d: { status: string }) => d.status !== "delivered")) {
      await new Promise((ok) => setTimeout(ok, 50));
      deliveries = (await client.call("/api/webhook/get")).body.data.deliveries;
    }
    expect(deliveries.map((d: { job_id: string; attempts: number }) => [d.job_id, d.attempts])).toEqual([
      [failed, 1],
      [done, 2],
    ]);
  }, 120_000);

  it("gives up after a bounded number of tries", async () => {
    const { client, end } = await setUp("whfail");
    expect((await client.call("/api/webhook/save", { url: failing.url })).body.code).toBe(200);
    const id = await end(true);
    await failing.count(WEBHOOK_ATTEMPTS);
    let d = (await client.call("/api/webhook/get")).body.data.deliveries[0];
    while (d.status === "pending") {
      await new Promise((ok) => setTimeout(ok, 50));
      d = (await client.call("/api/webhook/get")).body.data.deliveries[0];
    }
    expect(d).toMatchObject({ job_id: id, status: "failed", attempts: WEBHOOK_ATTEMPTS, error: "HTTP 503" });
    expect(failing.heard).toHaveLength(WEBHOOK_ATTEMPTS);
    // removed: no more deliveries queued
    expect((await client.call("/api/webhook/remove")).body.code).toBe(200);
    expect((await client.call("/api/webhook/get")).body.data.webhook).toBeNull();
    await end(true);
    const [{ n }] = await s.app.services.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'",
    );
    expect(n).toBe(0);
  }, 120_000);

  it("refuses URLs that are not https or point at private, local or this server's addresses", async () => {
    const { client } = await newUser(s.base, "whbad");
    const refusals: [string, string][] = [
      ["", "full address"],
      ["not a url", "full address"],
      ["http://example.com/hook", "full address"],
      ["ftp://example.com/hook", "full address"],
      ["https://user:pw@example.com/hook", "full address"],
      [`https://example.com/${"x".repeat(500)}`, "too long"],
      [`${s.base}/hook`, "full address"],
      ["https://127.0.0.1/hook", "private or local"],
      ["https://10.1.2.3/hook", "private or local"],
      ["https://169.254.169.254/latest/meta-data", "private or local"],
      ["https://[::1]/hook", "private or local"],
      ["https://[::ffff:192.168.0.1]/hook", "private or local"],
      ["https://localhost/hook", "private or local"],
      // a port of the allow-listed host that is not on the list
      [`http://127.0.0.1:${good.port + 1}/hook`, "full address"],
      ["https://no-such-host.invalid/hook", "cannot be found"],
    ];
    for (const [url, msg] of refusals) {
      // more than the saves a minute allowed: each starts with none counted
      await s.app.services.db.query("DELETE FROM rate_limits");
      const r = await client.call("/api/webhook/save", { url });
      expect(r.body.code, url).toBe(209);
      expect(r.body.msg, url).toContain(msg);
    }
    const zh = new Client(s.base, "zh");
    zh.cookie = client.cookie;
    expect((await zh.call("/api/webhook/save", { url: "https://10.0.0.1/" })).body.msg).toContain("私有");
    expect((await client.call("/api/webhook/get")).body.data.webhook).toBeNull();
  }, 60_000);

  it("tells public addresses from the rest", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isBlockedAddress(ip), ip).toBe(false);
    for (const ip of [
      "127.0.0.1",
      "0.0.0.0",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "not an ip",
      "[::1]",
      "2002:7f00:1::1",
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
  });
});

// DNS rebinding: the webhook's host name answers a public address when the URL is saved, and
// 127.0.0.1 later (the resolver is the server's injected lookup). Whether it turns private before
// a delivery's check or between the check and the connection, the delivery is refused, recorded
// with why, and no connection reaches the private address.
describe("webhooks and DNS rebinding", () => {
  let s: TestServer;
  /** connections made to the private address's port */
  let reached = 0;
  let trap: NetServer;
  let port = 0;
  /** "check": private for every lookup after the save; "connect": public for the checks (which
   * ask verbatim), private for the connection's own lookup */
  let mode: "check" | "connect" = "check";
  let saved = false;
  const lookups: string[] = [];
  const resolver = ((host: string, opts: { verbatim?: boolean }, done: (...a: unknown[]) => void) => {
    const publicNow = !saved || (mode === "connect" && opts.verbatim === true);
    lookups.push(`${host}:${publicNow ? "public" : "private"}`);
    done(null, [{ address: publicNow ? "93.184.216.34" : "127.0.0.1", family: 4 }]);
  }) as unknown as typeof import("node:dns").lookup;

  beforeAll(async () => {
    trap = createNetServer((c) => {
      reached++;
      c.destroy();
    });
    await new Promise<void>((ok) => trap.listen(0, "127.0.0.1", ok));
    port = (trap.address() as AddressInfo).port;
    s = await startServer(ENGINES[0], { webhookResolve: resolver, webhookRetryMs: 20 });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await new Promise((ok) => trap?.close(ok));
  });

  for (const m of ["check", "connect"] as const)
    it(`refuses a delivery when the host turns private (before the ${m})`, async () => {
      mode = m;
      saved = false;
      const { client, user } = await newUser(s.base, `rebind${m}`);
      const saveAnswer = await client.call("/api/webhook/save", {
        url: `https://hooks.example.com:${port}/h`,
      });
      expect(saveAnswer.body.code).toBe(200);
      saved = true;
      const { template, dev, call } = await printApiOf(client, user.userid);
      const job = (
        await call("/api/v1/print", { template_id: template.id, records: [{ x: "1" }], target: dev.sn })
      ).body;
      const device = (path: string, body: Record<string, unknown>) =>
        client.call(path, { sn: dev.sn, key: dev.key, ...body });
      expect((await device("/api/device/poll", { wait: 25_000 })).body.data.id).toBe(job.data.job_id);
      await device("/api/device/report", { job_id: job.data.job_id, ok: true, msg: "" });
      let d = (await client.call("/api/webhook/get")).body.data.deliveries[0];
      while (!d || d.status === "pending") {
        await new Promise((ok) => setTimeout(ok, 50));
        d = (await client.call("/api/webhook/get")).body.data.deliveries[0];
      }
      expect(d).toMatchObject({ job_id: job.data.job_id, status: "failed", attempts: WEBHOOK_ATTEMPTS });
      // why: the address check's refusal, or the connection's own lookup's
      expect(d.error).toBe(m === "check" ? "server.webhook.private" : "private address");
      expect(reached).toBe(0);
      if (m === "connect") expect(lookups).toContain("hooks.example.com:private");
    }, 120_000);
});

// Plans, privileges and payment (issue 18): seeded operator data, orders, the sandbox checkout page
// and the signed callback (HMAC, replay-proof, idempotent); membership granted only by the server.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxSecret, signedCallback } from "../../src/server/payments/sandbox";
import { seedPlans } from "../../src/server/services/plans";
import { rasterise, toImageData } from "../codes/support/raster";
import { decode } from "../codes/support/zxing";
import {
  type Client,
  ENGINES,
  newUser,
  admin as runAdminOn,
  startServer,
  type TestServer,
  upload,
} from "./helpers";

const DAY = 86_400_000;

for (const engine of ENGINES) {
  describe(`plans and payment (${engine.name})`, () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(engine, { payments: "sandbox" });
      // the shared PostgreSQL test database keeps what an earlier run's admin test changed: start
      // from the seeded plans and privileges every time
      const db = srv.app.services.db;
      await db.query("DELETE FROM member_plans");
      await db.query("DELETE FROM member_privileges");
      await db.query("DELETE FROM meta WHERE key = 'plans_seeded'");
      await seedPlans(db);
    });
    afterAll(() => srv.close());

    /** The checkout page's button, pressed as the payer's browser would (same-origin form POST). */
    const press = (oId: string, action: string) =>
      fetch(`${srv.base}/label/pay/${oId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: `action=${action}`,
      });
    const order = async (c: Client, m_id = "month") => {
      const r = await c.call("/api/tem.app_member/payScanCode", { m_id });
      expect(r.body.code).toBe(200);
      return r.body.data as { o_id: string; image: string; url: string; expires_in: number };
    };
    const status = async (c: Client, o_id: string) =>
      (await c.call("/api/tem.app_member/getStatusOrder", { o_id })).body.data?.status;
    const expiry = async (c: Client) => {
      const d = (await c.call("/api/tem.app_member/getMemberUser")).body.data;
      return {
        member: d.is_member as boolean,
        until: new Date(`${d.expire_time.replace(" ", "T")}Z`).getTime(),
      };
    };
    const callback = (body: string, headers: Record<string, string>) =>
      fetch(`${srv.base}/interface/api/payment/callback?provider=sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));

    const admin = (...argv: string[]) => runAdminOn(srv, ...argv);

    it("serves the seeded plans and privileges in the caller's language", async () => {
      const { client } = await newUser(srv.base, "plans");
      const plans = (await client.call("/api/tem.app_member/getMemberList", { app: 3 })).body.data;
      expect(plans.map((p: { m_id: string }) => p.m_id)).toEqual(["month", "quarter", "year"]);
      expect(plans[0]).toMatchObject({
        the_term: "1 month",
        discount_price: "9.90",
        original_price: "15.00",
        currency_symbol: "$",
        is_recommend: 0,
      });
      expect(plans[2]).toMatchObject({ the_term: "1 year", is_recommend: 1 });
      const space = (await client.call("/api/tem.app_member/getMemberList", { kind: "space" })).body.data;
      expect(space.map((p: { space_mb: number }) => p.space_mb)).toEqual([10240, 51200]);
      client.lang = "zh";
      const privileges = (await client.call("/api/tem.app_member/configIns")).body.data;
      expect(privileges[0]).toEqual({ name: "专属字体", ico: "/label/icons/symbols/star.svg" });
      expect(privileges.length).toBe(9);
    });

    it("npm run admin -- plans / privileges change what the dialog lists; bad input is a usage error", async () => {
      const { client } = await newUser(srv.base, "adminplans");
      expect(
        (await admin("plans", "set", "week", "--days", "7", "--price", "2.50", "--sort", "0")).code,
      ).toBe(0);
      expect((await admin("plans", "set", "month", "--price", "8.00", "--preference", "1")).code).toBe(0);
      expect((await admin("plans", "remove", "quarter")).code).toBe(0);
      const plans = (await client.call("/api/tem.app_member/getMemberList", { app: 3 })).body.data;
      expect(plans.map((p: { m_id: string }) => p.m_id)).toEqual(["week", "month", "year"]);
      expect(plans[0]).toMatchObject({ the_term: "7 days", discount_price: "2.50", original_price: "2.50" });
      expect(plans[1]).toMatchObject({ discount_price: "8.00", original_price: "15.00", is_preference: 1 });
      expect((await client.call("/api/tem.app_member/payScanCode", { m_id: "quarter" })).body.code).toBe(209);
      expect((await admin("plans", "list", "--all")).out).toMatch(/quarter .*REMOVED/);
      expect((await admin("plans", "set", "x", "--price", "abc", "--days", "3")).code).toBe(2);
      expect((await admin("plans", "set", "new-one", "--price", "1")).err).toContain("--days");
      expect(
        (await admin("privileges", "set", "support", "--name", "Priority support", "--sort", "99")).code,
      ).toBe(0);
      expect((await admin("privileges", "remove", "honour")).code).toBe(0);
      const privileges = (await client.call("/api/tem.app_member/configIns")).body.data;
      expect(privileges.at(-1)).toEqual({ name: "Priority support", ico: "" });
      expect(privileges.some((p: { name: string }) => p.name.includes("Distinguished"))).toBe(false);
      // put the defaults back for the other tests
      await admin("plans", "set", "month", "--price", "9.90", "--preference", "0");
      await admin("plans", "set", "quarter", "--price", "24.90");
      await admin("plans", "remove", "week");
    });

    it("an order pays through the sandbox checkout page and makes a member for the plan's term", async () => {
      const { client } = await newUser(srv.base, "pay");
      expect((await expiry(client)).member).toBe(false);
      const o = await order(client);
      expect(o.url).toBe(`${srv.base}/label/pay/${o.o_id}`);
      expect(o.image).toMatch(/^data:image\/svg\+xml;base64,/);
      // the QR code, as drawn, reads as the checkout URL
      const svg = Buffer.from(o.image.split(",")[1], "base64").toString("utf8");
      const side = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
      const read = await decode(toImageData(rasterise(svg, side, side, 203)));
      expect(read.map((r) => [r.format, r.text])).toEqual([["QRCode", o.url]]);
      expect(o.expires_in).toBeGreaterThan(14 * 60_000);
      expect(await status(client, o.o_id)).toBe(1);
      const page = await fetch(o.url, { headers: { "accept-language": "en" } });
      const html = await page.text();
      expect(html).toContain("$9.90");
      expect(html).toContain('value="pay"');
      const r = await press(o.o_id, "pay");
      expect(r.status).toBe(303);
      expect(await status(client, o.o_id)).toBe(2);
      const first = await expiry(client);
      expect(first.member).toBe(true);
      expect(Math.abs(first.until - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      // a second term extends the active membership from its end, not from now
      const o2 = await order(client, "quarter");
      await press(o2.o_id, "pay");
      expect((await expiry(client)).until - first.until).toBeGreaterThan(90 * DAY - 60_000);
      // the page now says it is paid and offers no buttons; pressing again changes nothing
      expect(await (await fetch(o.url)).text()).not.toContain('value="pay"');
      await press(o2.o_id, "pay");
      expect((await expiry(client)).until - first.until).toBeLessThan(91 * DAY);
      const records = (await client.call("/api/tem.app_member/getPurchaseRecords")).body.data;
      expect(records.map((x: { item: string }) => x.item)).toEqual([
        "Membership, 3 months",
        "Membership, 1 month",
      ]);
    });

    it("a failed or expired order grants nothing; another plan replaces the open order", async () => {
      const { client } = await newUser(srv.base, "fail");
      const a = await order(client, "month");
      const b = await order(client, "year");
      expect(await status(client, a.o_id)).toBe(4);
      await press(b.o_id, "fail");
      expect(await status(client, b.o_id)).toBe(3);
      const c = await order(client, "month");
      await press(c.o_id, "expire");
      expect(await status(client, c.o_id)).toBe(4);
      // a settled order's page has no buttons left to press
      await press(c.o_id, "pay");
      expect(await status(client, c.o_id)).toBe(4);
      expect((await expiry(client)).member).toBe(false);
    });

    it("the callback is verified, replay-proof and idempotent", async () => {
      const { client } = await newUser(srv.base, "cb");
      const o = await order(client);
      const secret = await sandboxSecret(srv.app.services.db);
      const forged = signedCallback(
        "0".repeat(64),
        { o_id: o.o_id, result: "paid", amountCents: 990 },
        new Date(),
      );
      expect((await callback(forged.body, forged.headers)).status).toBe(403);
      const stale = signedCallback(
        secret,
        { o_id: o.o_id, result: "paid", amountCents: 990 },
        new Date(Date.now() - 10 * 60_000),
      );
      expect((await callback(stale.body, stale.headers)).status).toBe(403);
      const cheap = signedCallback(secret, { o_id: o.o_id, result: "paid", amountCents: 1 }, new Date());
      expect((await callback(cheap.body, cheap.headers)).body.code).toBe(209);
      expect((await expiry(client)).member).toBe(false);
      const good = signedCallback(secret, { o_id: o.o_id, result: "paid", amountCents: 990 }, new Date());
      expect((await callback(good.body, good.headers)).body.data).toEqual({ outcome: "applied" });
      const once = (await expiry(client)).until;
      expect((await callback(good.body, good.headers)).body.data).toEqual({ outcome: "replayed" });
      const again = signedCallback(secret, { o_id: o.o_id, result: "paid", amountCents: 990 }, new Date());
      expect((await callback(again.body, again.headers)).body.data).toEqual({ outcome: "duplicate" });
      expect((await expiry(client)).until).toBe(once);
      // a later "failed" cannot undo a payment
      const late = signedCallback(secret, { o_id: o.o_id, result: "failed", amountCents: 990 }, new Date());
      await callback(late.body, late.headers);
      expect(await status(client, o.o_id)).toBe(2);
    });

    it("redeem codes: minted once (hashed), one use, clear refusals, rate-limited, in the records", async () => {
      const minted = await admin("redeem-codes", "--days", "30", "--count", "3");
      expect(minted.code).toBe(0);
      const codes = minted.out.trim().split("\n");
      expect(codes).toHaveLength(3);
      for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
      const stored = await srv.app.services.db.query<{ code_hash: string }>(
        "SELECT code_hash FROM redeem_codes",
      );
      expect(stored.some((r) => codes.some((c) => r.code_hash.includes(c.replace(/-/g, ""))))).toBe(false);
      expect((await admin("redeem-codes", "--count", "3")).code).toBe(2);
      const { client } = await newUser(srv.base, "redeem");
      const { client: other } = await newUser(srv.base, "redeem2");
      const empty = await client.call("/api/tem.app_member/exchangeMember", { exchange_code: "  " });
      expect(empty.body).toMatchObject({ code: 209, msg: "Please enter the redeem code" });
      const unknown = await client.call("/api/tem.app_member/exchangeMember", { exchange_code: "AAAA-BBBB" });
      expect(unknown.body.msg).toContain("does not exist");
      // case, spaces and dashes do not matter
      const typed = codes[0].toLowerCase().replace(/-/g, " ");
      const r = await client.call("/api/tem.app_member/exchangeMember", {
        user_id: "ignored",
        exchange_code: typed,
      });
      expect(r.body.code).toBe(200);
      expect((await expiry(client)).member).toBe(true);
      expect(Math.abs((await expiry(client)).until - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      const again = await other.call("/api/tem.app_member/exchangeMember", { exchange_code: codes[0] });
      expect(again.body.msg).toBe("This redeem code has already been used.");
      expect((await expiry(other)).member).toBe(false);
      const records = (await client.call("/api/tem.app_member/getPurchaseRecords")).body.data;
      expect(records).toEqual([
        expect.objectContaining({ source: "redeem", item: "Membership by redeem code, 1 month", price: "" }),
      ]);
      // guessing is stopped after a few wrong codes, even with a right one afterwards
      for (let i = 0; i < 6; i++)
        await other.call("/api/tem.app_member/exchangeMember", { exchange_code: `WRONG${i}` });
      const blocked = await other.call("/api/tem.app_member/exchangeMember", { exchange_code: codes[1] });
      expect(blocked.body.msg).toContain("too frequent");
      expect((await expiry(other)).member).toBe(false);
    });

    it("cloud space: uploads over the quota are refused (402); a space package raises it at once; its expiry keeps the files", async () => {
      const cfg = srv.app.services.config;
      const saved = cfg.freeSpaceMb;
      cfg.freeSpaceMb = 1; // 1 MB for free users while this test runs
      try {
        const { client, user } = await newUser(srv.base, "space");
        const folder = (await client.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0]
          .id;
        const big = new Uint8Array(600 * 1024).fill(7);
        const add = async (name: string) => {
          const up = await upload(client, `${user.userid}/img/${name}`, big, name);
          return client.call("/api/tem.app_public/addCloudFile", {
            tid: folder,
            name,
            url: up.body.data.url,
          });
        };
        const info = async () => (await client.call("/api/tem.app_member/getSpaceInfo")).body.data;
        expect((await add("a.png")).body.code).toBe(200);
        const refused = await add("b.png");
        expect(refused.body).toMatchObject({
          code: 402,
          msg: expect.stringContaining("cloud space is full"),
        });
        expect((await info()).used).toBe(600 * 1024);
        const o = await order(client, "space-10g");
        await press(o.o_id, "pay");
        const after = await info();
        expect(after.total).toBe((1 + 10 * 1024) * 1024 * 1024);
        expect(after.packages).toEqual([{ space_mb: 10240, valid_until: expect.any(String) }]);
        expect((await add("b.png")).body.code).toBe(200);
        // the package runs out: reclaimed, the files stay, a new one is refused
        await srv.app.services.db.query(
          "UPDATE payment_orders SET valid_until = now() - interval '1 second' WHERE o_id = $1",
          [o.o_id],
        );
        expect((await add("c.png")).body.code).toBe(402);
        const files = (await client.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0]
          .data;
        expect(files.map((f: { name: string }) => f.name).sort()).toEqual(["a.png", "b.png"]);
        const records = (await client.call("/api/tem.app_member/getPurchaseRecords")).body.data;
        expect(records[0]).toMatchObject({
          kind: "space",
          space_mb: 10240,
          item: "Cloud space 10 GB, 1 year",
        });
      } finally {
        cfg.freeSpaceMb = saved;
      }
    });

    it("saving a label with a member font is refused for a free user (402, tip125) and allowed once a member", async () => {
      const { client, user } = await newUser(srv.base, "fonts");
      const plain = readFileSync("tests/fixtures/labels/shelf-tag.tprt", "utf8");
      const premium = plain.replace(
        "<FontFamily>Noto Sans SC</FontFamily>",
        "<FontFamily>Roboto Mono</FontFamily>",
      );
      expect(premium).not.toBe(plain);
      const save = async (path: string, name: string, text: string, call = "addUserTemplate") => {
        const up = await upload(client, `${user.userid}/tprt/20261125/${path}.tprt`, text, `${path}.tprt`);
        return client.call(`/api/tem.app_public/${call}`, {
          name,
          width: 60,
          height: 40,
          url: up.body.data.url,
        });
      };
      expect((await save("a", "Plain", plain)).body.code).toBe(200);
      const refused = await save("b", "Fancy", premium);
      expect(refused.body).toMatchObject({
        code: 402,
        msg: "This font is for members only. Become a member to use it.",
      });
      // the overwrite path is held to the same rule
      expect((await save("c", "Plain", premium, "coverUserTemplate")).body.code).toBe(402);
      const o = await order(client);
      await press(o.o_id, "pay");
      expect((await save("d", "Fancy", premium)).body.code).toBe(200);
      // the member build variant (INKLESS_MEMBER_TABLE=1): a table is refused to a free user too
      const { client: free, user: freeUser } = await newUser(srv.base, "tables");
      const up = await upload(free, `${freeUser.userid}/tprt/20261125/t.tprt`, plain, "t.tprt");
      const body = { name: "Shelf", width: 60, height: 40, url: up.body.data.url };
      srv.app.services.config.memberTable = true;
      try {
        const r = await free.call("/api/tem.app_public/addUserTemplate", body);
        expect(r.body).toMatchObject({
          code: 402,
          msg: "Tables are for members only. Become a member to use them.",
        });
      } finally {
        srv.app.services.config.memberTable = false;
      }
      expect((await free.call("/api/tem.app_public/addUserTemplate", body)).body.code).toBe(200);
    });

    it("print records are shown 7 days to a free user and 3 months to a member", async () => {
      const { client, user } = await newUser(srv.base, "history");
      const db = srv.app.services.db;
      for (const [name, age] of [
        ["today", "1 hour"],
        ["last month", "30 days"],
        ["long ago", "4 months"],
      ])
        await db.query(
          "INSERT INTO print_history (id, user_id, name, created_at) VALUES ($1, $2, $3, now() - $4::interval)",
          [`${user.userid}-${name}`, user.userid, name, age],
        );
      const names = async () =>
        (await client.call("/api/tem.app_public/getPrintHistory")).body.data.map(
          (r: { name: string }) => r.name,
        );
      expect(await names()).toEqual(["today"]);
      const o = await order(client);
      await press(o.o_id, "pay");
      expect(await names()).toEqual(["today", "last month"]);
    });

    it("another user's order is not theirs to poll, and the client cannot grant itself", async () => {
      const { client } = await newUser(srv.base, "own");
      const { client: other } = await newUser(srv.base, "other");
      const o = await order(client);
      expect((await other.call("/api/tem.app_member/getStatusOrder", { o_id: o.o_id })).body.code).toBe(209);
      const unsigned = await callback(
        JSON.stringify({ o_id: o.o_id, result: "paid", amount: 990, nonce: "x" }),
        {},
      );
      expect(unsigned.status).toBe(403);
      expect((await expiry(client)).member).toBe(false);
    });
  });

  describe(`membership switched off, payments off (${engine.name})`, () => {
    let off: TestServer;
    let plain: TestServer;
    beforeAll(async () => {
      off = await startServer(engine, { membership: false, payments: "sandbox" });
      plain = await startServer(engine);
    });
    afterAll(async () => {
      await off.close();
      await plain.close();
    });

    it("INKLESS_MEMBERSHIP=off: everyone is a member, no plans, no orders", async () => {
      const { client } = await newUser(off.base, "off");
      const info = (await client.call("/api/tem.app_member/getMemberUser")).body.data;
      expect(info).toMatchObject({ is_member: true, membership: 0, payments: 0 });
      expect((await client.call("/api/tem.app_member/getMemberList", { app: 3 })).body.data).toEqual([]);
      expect((await client.call("/api/tem.app_member/payScanCode", { m_id: "month" })).body.code).toBe(209);
      // member features are open to everyone: the nickname change (402 for a free user elsewhere)
      expect((await client.call("/api/user/editUserInfo", { nickname: "Open" })).body).toMatchObject({
        code: 200,
        data: { nickname: "Open" },
      });
    });

    it("without a provider the plans show but an order is refused with the operator message", async () => {
      const { client } = await newUser(plain.base, "plain");
      expect((await client.call("/api/tem.app_member/getMemberUser")).body.data.payments).toBe(0);
      expect((await client.call("/api/tem.app_member/getMemberList", { app: 3 })).body.data.length).toBe(3);
      const r = await client.call("/api/tem.app_member/payScanCode", { m_id: "month" });
      expect(r.body).toMatchObject({ code: 209, msg: expect.stringContaining("redeem code") });
      expect((await fetch(`${plain.base}/label/pay/x`)).status).toBe(404);
    });
  });
}

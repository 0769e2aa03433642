// Real payments through Stripe (issue 40): the server's Stripe provider drives the official SDK
// against a local stand-in of Stripe's API (support/fakeStripe.ts), which pays checkout sessions and
// sends webhook events signed the way Stripe does. A paid team plan adds seats; an event delivered
// twice applies once; a forged signature, a wrong secret and an old timestamp are refused and grant
// nothing; refunds take back seats, membership and space; a renewal extends; an ended subscription
// stops its seats. Nothing here reaches the outside world.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { apiBaseOptions } from "../../src/server/payments/stripeProvider";
import { type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";
import { type FakeSession, FakeStripe, stripeSignature } from "./support/fakeStripe";

const DAY = 86_400_000;
const NO_SEATS = (seats: number) => translate("server.error.noSeats", { seats }, "en");

describe.each(ENGINES)("Stripe payments on $name", (engine) => {
  let srv: TestServer;
  let fake: FakeStripe;
  let sdk: Stripe;
  let owner: Client;
  let teamId: string;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    srv = await startServer(engine, {
      payments: "stripe",
      stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.base },
      teamSeats: 2,
    });
    fake.webhookUrl = `${srv.base}/interface/api/payment/callback?provider=stripe`;
    sdk = new Stripe(fake.secretKey, { ...apiBaseOptions(fake.base), maxNetworkRetries: 0 });
    owner = (await newUser(srv.base, "owner")).client;
    const made = await owner.call("/api/team/create", { name: "Dispatch" });
    expect(made.body.code).toBe(200);
    teamId = made.body.data.id;
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
    await fake?.close();
  });

  const detail = async () => (await owner.call("/api/team/detail", { id: teamId })).body.data;
  const seats = async () => (await detail()).seats as { included: number; bought: number; total: number };
  const invite = (account: string) =>
    owner.call("/api/team/invite", { id: teamId, account, role: "operator" }).then((r) => r.body);
  /** Starts a seat purchase; the checkout session the fake made for it. */
  const buySeats = async (n: number): Promise<{ o_id: string; session: FakeSession }> => {
    const r = await owner.call("/api/team/buySeats", { id: teamId, seats: n });
    expect(r.body.code).toBe(200);
    const session = fake.sessions.get(new URL(r.body.data.url).pathname.split("/").pop() as string);
    if (!session) throw new Error("no session at the fake");
    return { o_id: r.body.data.o_id, session };
  };
  const lastDelivery = (type: string) => {
    const d = fake.deliveries.filter((x) => x.event.type === type).pop();
    if (!d) throw new Error(`no ${type} delivered`);
    return d;
  };
  const orderRow = async (oId: string) =>
    (
      await srv.app.services.db.query<{ status: number; valid_until: Date }>(
        "SELECT status, valid_until FROM payment_orders WHERE o_id = $1",
        [oId],
      )
    )[0];
  const memberUntil = async (c: Client) => {
    const d = (await c.call("/api/tem.app_member/getMemberUser")).body.data;
    return {
      member: d.is_member as boolean,
      until: new Date(`${d.expire_time.replace(" ", "T")}Z`).getTime(),
    };
  };
  let seatOrder: { o_id: string; session: FakeSession };
  let secondOrder: { o_id: string; session: FakeSession };

  it("a paid team plan adds seats: checkout session with the seats as quantity, then the webhook", async () => {
    expect(await seats()).toEqual({ included: 2, bought: 0, total: 2, used: 1 });
    expect((await detail()).seat_plan).toEqual({ price: "5.00", currency_symbol: "$", term: "1 month" });
    expect((await invite("first@example.com")).code).toBe(200);
    const refused = await invite("second@example.com");
    expect(refused).toMatchObject({ code: 209, msg: NO_SEATS(2) });

    seatOrder = await buySeats(3);
    const s = seatOrder.session;
    expect(s).toMatchObject({
      mode: "subscription",
      amount_total: 1500,
      client_reference_id: seatOrder.o_id,
    });
    expect(s.line).toMatchObject({ quantity: 3, unit_amount: 500, interval_count: 30 });
    expect(s.sub_metadata).toEqual({ o_id: seatOrder.o_id });
    expect(s.success_url).toBe(`${srv.base}/label/team?paid=${seatOrder.o_id}`);
    // nothing is granted by starting a checkout
    expect((await seats()).total).toBe(2);

    await fake.pay(s.id);
    expect(lastDelivery("checkout.session.completed")).toMatchObject({
      status: 200,
      body: { code: 200, data: { outcome: "applied" } },
    });
    expect(lastDelivery("invoice.paid").body).toMatchObject({ code: 200, data: { outcome: "applied" } });
    expect(await seats()).toEqual({ included: 2, bought: 3, total: 5, used: 2 });
    expect((await invite("second@example.com")).code).toBe(200);
    const records = (await owner.call("/api/tem.app_member/getPurchaseRecords")).body.data;
    expect(records[0]).toMatchObject({ kind: "seat", item: "Team seats × 3, 1 month", price: "$15.00" });
  });

  it("an event delivered twice applies once; another event for the same payment changes nothing", async () => {
    const first = lastDelivery("checkout.session.completed");
    const again = await fake.deliver(first.event);
    expect(again).toMatchObject({ status: 200, body: { data: { outcome: "replayed" } } });
    const other = await fake.send("checkout.session.completed", seatOrder.session);
    expect(other).toMatchObject({ status: 200, body: { data: { outcome: "duplicate" } } });
    expect((await seats()).bought).toBe(3);
  });

  it("refuses a forged signature, a wrong secret, an old timestamp and a missing signature: nothing granted", async () => {
    const { o_id, session } = await buySeats(4);
    const paid = fake.event("checkout.session.completed", {
      ...session,
      status: "complete",
      payment_status: "paid",
    });
    const payload = JSON.stringify(paid);
    const now = Math.floor(Date.now() / 1000);
    const tampered = payload.replace('"amount_total":2000', '"amount_total":1');
    expect(tampered).not.toBe(payload);
    const tries = [
      await fake.deliver(paid, { secret: "whsec_not_the_endpoints_secret" }),
      await fake.deliver(paid, { timestamp: now - 10 * 60 }),
      await fake.deliver(paid, { timestamp: now + 10 * 60, secret: "whsec_wrong" }),
      await fake.deliver(paid, { signature: "" }),
      await fake.deliver(paid, { signature: `t=${now},v1=${"0".repeat(64)}` }),
    ];
    // the tampered payload is sent with the signature of the original one
    const forged = await fake.deliver(paid, {
      payload: tampered,
      signature: stripeSignature(fake.webhookSecret, payload, now),
    });
    for (const t of [...tries, forged]) expect(t.status).toBe(403);
    expect((await seats()).bought).toBe(3);
    expect((await orderRow(o_id)).status).toBe(1);
    // the genuine payment's event, signed with the endpoint's secret, applies (the refusals took no nonce)
    await fake.pay(session.id);
    expect(lastDelivery("checkout.session.completed").body).toMatchObject({ data: { outcome: "applied" } });
    expect((await seats()).bought).toBe(7);
    secondOrder = { o_id, session };
  });

  it("a renewal extends the seats' term by one more month", async () => {
    const before = (await orderRow(seatOrder.o_id)).valid_until.getTime();
    const d = await fake.invoicePaid(seatOrder.session.subscription as string, "subscription_cycle");
    expect(d.body).toMatchObject({ data: { outcome: "applied" } });
    const after = (await orderRow(seatOrder.o_id)).valid_until.getTime();
    expect(after - before).toBe(30 * DAY);
    // the same renewal event again is a replay
    expect((await fake.deliver(d.event)).body).toMatchObject({ data: { outcome: "replayed" } });
    expect((await orderRow(seatOrder.o_id)).valid_until.getTime()).toBe(after);
  });

  it("a refund takes the seats back; an ended subscription stops its seats", async () => {
    const sub = seatOrder.session.subscription as string;
    const invoice = [...fake.invoices.values()].find(
      (i) =>
        (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
        sub,
    ) as { payments: { data: { payment: { payment_intent: string } }[] } };
    const refund = await sdk.refunds.create({
      payment_intent: invoice.payments.data[0].payment.payment_intent,
    });
    expect(refund.status).toBe("succeeded");
    expect(lastDelivery("charge.refunded").body).toMatchObject({ data: { outcome: "applied" } });
    expect((await orderRow(seatOrder.o_id)).status).toBe(5);
    expect((await seats()).bought).toBe(4);

    const ended = await fake.endSubscription(secondOrder.session.subscription as string);
    expect(ended.body).toMatchObject({ data: { outcome: "applied" } });
    expect(await seats()).toMatchObject({ bought: 0, total: 2 });
    // members stay; only new invitations wait for seats
    expect((await invite("third@example.com")).msg).toBe(NO_SEATS(2));
  });

  it("membership: paid, renewed (extends), refunded (taken back); a space package refunded", async () => {
    const { client } = await newUser(srv.base, "member");
    const r = await client.call("/api/tem.app_member/payScanCode", { m_id: "month" });
    expect(r.body.code).toBe(200);
    const session = fake.sessions.get(
      new URL(r.body.data.url).pathname.split("/").pop() as string,
    ) as FakeSession;
    expect(session).toMatchObject({ mode: "subscription", amount_total: 990, currency: "usd" });
    await fake.pay(session.id);
    const paid = await memberUntil(client);
    expect(paid.member).toBe(true);
    expect(Math.abs(paid.until - (Date.now() + 30 * DAY))).toBeLessThan(DAY);
    const sub = fake.sessions.get(session.id)?.subscription as string;
    await fake.invoicePaid(sub, "subscription_cycle");
    const renewed = await memberUntil(client);
    expect(renewed.until - paid.until).toBe(30 * DAY);
    const first = [...fake.invoices.values()].find(
      (i) =>
        i.billing_reason === "subscription_create" &&
        (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
          sub,
    ) as { payments: { data: { payment: { payment_intent: string } }[] } };
    await sdk.refunds.create({ payment_intent: first.payments.data[0].payment.payment_intent });
    expect((await memberUntil(client)).member).toBe(false);

    const sp = await client.call("/api/tem.app_member/payScanCode", { m_id: "space-10g", kind: "space" });
    const spaceSession = fake.sessions.get(
      new URL(sp.body.data.url).pathname.split("/").pop() as string,
    ) as FakeSession;
    expect(spaceSession).toMatchObject({ mode: "payment", pi_metadata: { o_id: sp.body.data.o_id } });
    await fake.pay(spaceSession.id);
    const space = async () =>
      (await client.call("/api/tem.app_member/getSpaceInfo")).body.data.packages.length;
    expect(await space()).toBe(1);
    await sdk.refunds.create({
      payment_intent: fake.sessions.get(spaceSession.id)?.payment_intent as string,
    });
    expect(await space()).toBe(0);
  });

  it("answers 200 to events about nothing sold here; seats are not sold through the member dialog", async () => {
    const d = await fake.send("customer.created", { id: "cus_1", object: "customer" });
    expect(d).toMatchObject({ status: 200, body: { data: { outcome: "ignored" } } });
    const r = await owner.call("/api/tem.app_member/payScanCode", { m_id: "team-seat" });
    expect(r.body.code).toBe(209);
    const bad = await owner.call("/api/team/buySeats", { id: teamId, seats: 0 });
    expect(bad.body.code).toBe(209);
  });
});

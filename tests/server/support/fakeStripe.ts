// A local stand-in for the part of Stripe's HTTP API the server's Stripe provider calls through the
// official SDK (STRIPE_API_BASE points the SDK here): checkout sessions (create, retrieve),
// subscriptions and invoices (retrieve) and refunds (create), form-encoded requests with the secret
// key as a Bearer token, JSON answers shaped like Stripe's. Its checkout page "pays" a session; every
// change is sent to the server as a webhook event signed the way Stripe signs them
// (Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.payload")>). No test reaches
// the outside world.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Obj = Record<string, unknown>;

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  payment_intent: string | null;
  /** what the SDK sent for the line item (read by tests) */
  line: { quantity: number; unit_amount: number; name: string; interval_count: number | null };
  sub_metadata: Record<string, string>;
  pi_metadata: Record<string, string>;
}

interface Delivery {
  event: Obj;
  payload: string;
  status: number;
  body: Obj | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let at: Obj = out;
    path.forEach((p, i) => {
      if (i === path.length - 1) at[p] = value;
      else {
        at[p] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
        at = at[p] as Obj;
      }
    });
  }
  return out;
}

/** The Stripe-Signature header for a payload. */
export function stripeSignature(secret: string, payload: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export class FakeStripe {
  readonly secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  readonly webhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;
  /** where events go: the server's callback URL (set once the server listens) */
  webhookUrl = "";
  base = "";
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly deliveries: Delivery[] = [];
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((e) => this.json(res, 500, { error: { message: String(e) } }));
  });

  async start(): Promise<this> {
    await new Promise<void>((ok) => this.server.listen(0, "127.0.0.1", ok));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.base);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = parseForm(Buffer.concat(chunks).toString("utf8"));
    const page = url.pathname.match(/^\/checkout\/(cs_\w+)$/);
    if (page) return this.checkoutPage(req, res, page[1]);
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      return this.json(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    const route = `${req.method} ${url.pathname}`;
    const get = (re: RegExp) => route.match(re)?.[1];
    if (route === "POST /v1/checkout/sessions") return this.json(res, 200, this.createSession(form));
    const sessionId = get(/^GET \/v1\/checkout\/sessions\/(\w+)$/);
    if (sessionId) return this.found(res, this.sessions.get(sessionId));
    const subId = get(/^GET \/v1\/subscriptions\/(\w+)$/);
    if (subId) return this.found(res, this.subscriptions.get(subId));
    const invoiceId = get(/^GET \/v1\/invoices\/(\w+)$/);
    if (invoiceId) {
      const inv = this.invoices.get(invoiceId);
      // payments are listed only on request (expand[]=payments), as in Stripe's newer API versions
      const expand = [...url.searchParams.entries()].some(
        ([k, v]) => k.startsWith("expand") && v === "payments",
      );
      return this.found(res, inv && (expand ? inv : { ...inv, payments: undefined }));
    }
    if (route === "POST /v1/refunds") {
      const pi = String(form.payment_intent ?? "");
      const charge = [...this.charges.values()].find((c) => c.payment_intent === pi);
      if (!charge) return this.found(res, undefined);
      const refund = {
        id: id("re"),
        object: "refund",
        amount: charge.amount,
        payment_intent: pi,
        status: "succeeded",
      };
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
      await this.send("charge.refunded", charge);
      return this.json(res, 200, refund);
    }
    this.json(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` },
    });
  }

  private found(res: ServerResponse, o: unknown) {
    if (o) return this.json(res, 200, o);
    this.json(res, 404, {
      error: { type: "invalid_request_error", code: "resource_missing", message: "No such object" },
    });
  }

  private createSession(f: Obj): FakeSession {
    const item = (f.line_items as Obj[])[0];
    const price = item.price_data as Obj;
    const quantity = Number(item.quantity ?? 1);
    const unit = Number(price.unit_amount);
    const recurring = price.recurring as Obj | undefined;
    const sid = id("cs_test");
    const s: FakeSession = {
      id: sid,
      object: "checkout.session",
      mode: f.mode as FakeSession["mode"],
      status: "open",
      payment_status: "unpaid",
      client_reference_id: (f.client_reference_id as string) ?? null,
      metadata: (f.metadata as Record<string, string>) ?? {},
      amount_total: unit * quantity,
      currency: String(price.currency),
      url: `${this.base}/checkout/${sid}`,
      success_url: String(f.success_url),
      cancel_url: String(f.cancel_url),
      subscription: null,
      payment_intent: null,
      line: {
        quantity,
        unit_amount: unit,
        name: String((price.product_data as Obj).name),
        interval_count: recurring ? Number(recurring.interval_count) : null,
      },
      sub_metadata: ((f.subscription_data as Obj | undefined)?.metadata as Record<string, string>) ?? {},
      pi_metadata: ((f.payment_intent_data as Obj | undefined)?.metadata as Record<string, string>) ?? {},
    };
    this.sessions.set(sid, s);
    return s;
  }

  /** The hosted checkout page: GET shows the price and a Pay button; POST pays and goes back. */
  private async checkoutPage(req: IncomingMessage, res: ServerResponse, sid: string) {
    const s = this.sessions.get(sid);
    if (!s) return this.found(res, undefined);
    if (req.method === "POST") {
      await this.pay(sid);
      res.writeHead(303, { location: s.success_url });
      return void res.end();
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Pay</title></head><body><h1>${s.line.name}</h1>
<p data-testid="fake-stripe-amount">${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}</p>
<form method="post"><button type="submit">Pay</button></form></body></html>`);
  }

  /** The payer pays a session: a subscription (with its first invoice) or a payment intent is made
   * and checkout.session.completed is sent (then invoice.paid for a subscription). */
  async pay(sid: string): Promise<void> {
    const s = this.sessions.get(sid);
    if (s?.status !== "open") throw new Error(`no open session ${sid}`);
    const pi = id("pi");
    Object.assign(s, { status: "complete", payment_status: "paid" });
    if (s.mode === "subscription") {
      const sub = {
        id: id("sub"),
        object: "subscription",
        status: "active",
        metadata: s.sub_metadata,
        items: {
          object: "list",
          data: [{ quantity: s.line.quantity, price: { unit_amount: s.line.unit_amount } }],
        },
      };
      this.subscriptions.set(sub.id, sub);
      s.subscription = sub.id;
      await this.send("checkout.session.completed", s);
      await this.invoicePaid(sub.id, "subscription_create");
    } else {
      s.payment_intent = pi;
      this.charge(pi, s.amount_total, s.pi_metadata);
      await this.send("checkout.session.completed", s);
    }
  }

  private charge(pi: string, amount: number, metadata: Record<string, string>) {
    const ch = {
      id: id("ch"),
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: pi,
      metadata,
    };
    this.charges.set(ch.id, ch);
    return ch;
  }

  /** A subscription's invoice is paid: its first one, or a renewal (subscription_cycle). */
  async invoicePaid(subId: string, reason: "subscription_create" | "subscription_cycle"): Promise<Delivery> {
    const sub = this.subscriptions.get(subId) as Obj;
    const item = (sub.items as { data: { quantity: number; price: { unit_amount: number } }[] }).data[0];
    const pi = id("pi");
    const amount = item.quantity * item.price.unit_amount;
    this.charge(pi, amount, {});
    const inv = {
      id: id("in"),
      object: "invoice",
      billing_reason: reason,
      status: "paid",
      amount_paid: amount,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subId, metadata: sub.metadata },
      },
      payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: pi } }] },
    };
    this.invoices.set(inv.id, inv);
    // the event carries the invoice without its payments (the provider asks for them)
    return this.send("invoice.paid", { ...inv, payments: undefined });
  }

  /** The subscription ends (cancelled, or not paid). */
  async endSubscription(subId: string): Promise<Delivery> {
    const sub = this.subscriptions.get(subId) as Obj;
    sub.status = "canceled";
    return this.send("customer.subscription.deleted", sub);
  }

  /** An event as Stripe wraps it. */
  event(type: string, object: unknown): Obj {
    return {
      id: id("evt"),
      object: "event",
      api_version: "2026-11-18.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: JSON.parse(JSON.stringify(object)) },
    };
  }

  /** Sends an event to the webhook URL, signed (or, for tests, signed wrongly). */
  async deliver(
    event: Obj,
    opts: { secret?: string; timestamp?: number; payload?: string; signature?: string } = {},
  ): Promise<Delivery> {
    const payload = opts.payload ?? JSON.stringify(event, null, 2);
    const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const signature = opts.signature ?? stripeSignature(opts.secret ?? this.webhookSecret, payload, t);
    const r = await fetch(this.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      body: payload,
    });
    const text = await r.text();
    let body: Obj | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const d = { event, payload, status: r.status, body };
    this.deliveries.push(d);
    return d;
  }

  send(type: string, object: unknown): Promise<Delivery> {
    return this.deliver(this.event(type, object));
  }
}

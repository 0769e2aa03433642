// The Stripe provider (docs/payments.md "Stripe"): Stripe Checkout through Stripe's official Node
// SDK, loaded only when Stripe is configured. A membership term and team seats are subscriptions
// (renewed every term, seats as the quantity), a space package a one-time payment. Stripe calls the
// server back with webhook events, signed with the endpoint's secret: the SDK checks the signature
// over the raw body and the timestamp (constructEvent); the event id is the nonce, so an event
// delivered twice applies once (orders.ts). Events map onto the provider interface's changes.
import type { ServerConfig } from "../config";
import type { Queryable } from "../db";
import { CALLBACK_WINDOW_MS, type PaymentEvent, type PaymentProvider } from "./provider";

export const STRIPE = "stripe";

/** Stripe's currency codes for the plans' symbols (a plan in another currency cannot be sold). */
const CURRENCIES: Readonly<Record<string, string>> = {
  $: "usd",
  US$: "usd",
  "€": "eur",
  "£": "gbp",
  "¥": "cny",
  CN$: "cny",
  R$: "brl",
  "₽": "rub",
  C$: "cad",
  A$: "aud",
};

export function stripeCurrency(symbol: string): string {
  const c = CURRENCIES[symbol.trim()];
  if (!c) throw new Error(`no Stripe currency for the plan's symbol "${symbol}"`);
  return c;
}

/** The SDK's host/port/protocol for an API address other than Stripe's (STRIPE_API_BASE). */
export function apiBaseOptions(apiBase: string | undefined) {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === "http:" ? "http" : "https";
  return { host: u.hostname, port: u.port || (protocol === "http" ? 80 : 443), protocol } as const;
}

// The parts of Stripe's objects read here (their full types change with each API version).
type Obj = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" ? v : "");
const idOf = (v: unknown) => (typeof v === "string" ? v : text((v as Obj | null)?.id));
const cents = (v: unknown) => (Number.isInteger(v) ? (v as number) : -1);
const meta = (o: Obj) => ((o.metadata ?? {}) as Record<string, string>).o_id ?? "";

/** An invoice's subscription, in the older (invoice.subscription) and newer (invoice.parent) shapes. */
function invoiceSubscription(inv: Obj): { id: string; oId: string } {
  const parent = (inv.parent as Obj | null)?.subscription_details as Obj | undefined;
  const details = (parent ?? inv.subscription_details) as Obj | undefined;
  return {
    id: idOf(inv.subscription) || idOf(details?.subscription),
    oId: text((details?.metadata as Obj | undefined)?.o_id),
  };
}

/** An invoice's payment intent (a refund names it): invoice.payment_intent, or its payments list. */
function invoicePaymentIntent(inv: Obj): string {
  const listed = ((inv.payments as Obj | undefined)?.data as Obj[] | undefined)?.[0]?.payment as
    | Obj
    | undefined;
  return idOf(inv.payment_intent) || idOf(listed?.payment_intent);
}

export async function stripeProvider(_db: Queryable, config: ServerConfig): Promise<PaymentProvider> {
  const settings = config.stripe;
  if (!settings) throw new Error("INKLESS_PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  // the SDK is loaded here, on the first payment call, never by a server that does not sell through Stripe
  const { default: Stripe } = await import("stripe");
  const stripe = new Stripe(settings.secretKey, {
    ...apiBaseOptions(settings.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  /** Reads an invoice's payment intent when the event left it out (newer API versions list payments
   * only on request). */
  async function paymentIntentOf(inv: Obj): Promise<string> {
    const pi = invoicePaymentIntent(inv);
    if (pi || !text(inv.id)) return pi;
    const full = (await stripe.invoices.retrieve(text(inv.id), { expand: ["payments"] })) as unknown as Obj;
    return invoicePaymentIntent(full);
  }

  async function toEvent(event: { id: string; type: string; data: { object: unknown } }) {
    const o = event.data.object as Obj;
    const base = { nonce: `${STRIPE}:${event.id}` };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        // a delayed method (a bank debit) completes the session unpaid: its async_payment event settles it
        if (o.payment_status !== "paid") return "ignored";
        return {
          ...base,
          o_id: text(o.client_reference_id) || meta(o),
          result: "paid",
          amountCents: cents(o.amount_total),
          refs: [idOf(o.subscription), idOf(o.payment_intent)].filter(Boolean),
        } satisfies PaymentEvent;
      }
      case "checkout.session.async_payment_failed":
      case "checkout.session.expired":
        return {
          ...base,
          o_id: text(o.client_reference_id) || meta(o),
          result: event.type === "checkout.session.expired" ? "expired" : "failed",
          amountCents: cents(o.amount_total),
        } satisfies PaymentEvent;
      case "invoice.paid": {
        const sub = invoiceSubscription(o);
        if (!sub.id) return "ignored";
        const pi = await paymentIntentOf(o);
        // the first invoice is the checkout's own payment (its session event grants); a cycle renews
        const renewal = o.billing_reason === "subscription_cycle";
        return {
          ...base,
          o_id: sub.oId,
          ref: sub.id,
          refs: [sub.id, pi].filter(Boolean),
          result: renewal ? "renewed" : "noted",
          amountCents: cents(o.amount_paid),
        } satisfies PaymentEvent;
      }
      case "charge.refunded": {
        // a partial refund leaves the order standing; a full one takes back what it granted
        if (o.refunded !== true) return "ignored";
        return {
          ...base,
          o_id: meta(o),
          ref: idOf(o.payment_intent),
          result: "refunded",
          amountCents: cents(o.amount_refunded),
        } satisfies PaymentEvent;
      }
      case "customer.subscription.deleted":
        return {
          ...base,
          o_id: meta(o),
          ref: idOf(o.id),
          result: "ended",
          amountCents: 0,
        } satisfies PaymentEvent;
      default:
        return "ignored";
    }
  }

  return {
    id: STRIPE,
    async checkout(order) {
      const recurring = order.kind !== "space";
      const back = `${order.origin}${order.returnPath}`;
      const session = await stripe.checkout.sessions.create({
        mode: recurring ? "subscription" : "payment",
        client_reference_id: order.o_id,
        metadata: { o_id: order.o_id },
        line_items: [
          {
            quantity: order.quantity,
            price_data: {
              currency: stripeCurrency(order.currencySymbol),
              unit_amount: order.unitCents,
              product_data: { name: order.description },
              ...(recurring
                ? { recurring: { interval: "day" as const, interval_count: order.termDays } }
                : {}),
            },
          },
        ],
        // the subscription and the one-time payment carry the order too: renewals, refunds and
        // cancellations name them, not the session
        ...(recurring
          ? { subscription_data: { metadata: { o_id: order.o_id } } }
          : { payment_intent_data: { metadata: { o_id: order.o_id } } }),
        success_url: `${back}${back.includes("?") ? "&" : "?"}paid=${encodeURIComponent(order.o_id)}`,
        cancel_url: back,
      });
      if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
      return { url: session.url };
    },
    async verify(headers, raw, now) {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string" || !signature) return null;
      let event: { id: string; type: string; data: { object: unknown } };
      try {
        event = stripe.webhooks.constructEvent(
          raw,
          signature,
          settings.webhookSecret,
          CALLBACK_WINDOW_MS / 1000,
          undefined,
          now.getTime(),
        );
      } catch {
        return null;
      }
      return toEvent(event);
    },
  };
}

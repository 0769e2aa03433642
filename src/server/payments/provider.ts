// The payment-provider interface (docs/payments.md): a provider turns an order into a URL the payer
// opens (a hosted checkout page, or a QR payment string), and later calls this server back, server
// to server, with a signed message saying what happened to the payment. Only that message grants
// (or takes back) anything. The sandbox, Stripe Checkout and QR wallets (Alipay, WeChat Pay) fit it.
import type { IncomingHttpHeaders } from "node:http";
import type { ServerConfig } from "../config";
import type { Queryable } from "../db";

export interface CheckoutOrder {
  readonly o_id: string;
  /** what is bought: a membership term, a space package or team seats */
  readonly kind: "member" | "space" | "seat";
  /** the price of one unit, and how many (seats; 1 otherwise): amountCents = unitCents × quantity */
  readonly unitCents: number;
  readonly quantity: number;
  readonly amountCents: number;
  readonly currencySymbol: string;
  /** the term one payment buys (a subscription renews every termDays) */
  readonly termDays: number;
  /** what is bought, in the payer's language (e.g. "Membership, 1 month") */
  readonly description: string;
  readonly expiresAt: Date;
  /** this server's origin as the payer's browser sees it */
  readonly origin: string;
  /** the app page the payer returns to after paying (or giving up), e.g. "/label/team" */
  readonly returnPath: string;
}

export type PaymentResult = "paid" | "failed" | "expired";

/**
 * What a verified message says: the first payment settled (paid, failed, expired); a subscription
 * paid again (renewed: one more term); the payment refunded (refunded: what the order granted is
 * taken back); a subscription ended (ended: nothing renews, seats stop now); or only the provider's
 * own ids for an order (noted), remembered so later messages naming them find it.
 */
export type PaymentChange = PaymentResult | "renewed" | "refunded" | "ended" | "noted";

/** A verified callback: which order (ours, or the provider's id for it), what happened, the amount
 * and the message's one-time nonce (the provider's event id). */
export interface PaymentEvent {
  /** our order id ("" when only `ref` names it) */
  readonly o_id: string;
  /** the provider's id the order is known by (a subscription, a payment), when o_id is not sent */
  readonly ref?: string;
  /** the provider's ids to remember for this order (see payment_refs) */
  readonly refs?: readonly string[];
  readonly result: PaymentChange;
  readonly amountCents: number;
  readonly nonce: string;
}

export interface PaymentProvider {
  /** the name in INKLESS_PAYMENTS and in the callback path (?provider=…) */
  readonly id: string;
  /** Starts a payment; the URL the payer opens (shown as a QR code too). */
  checkout(order: CheckoutOrder): Promise<{ url: string }>;
  /** Checks a callback's signature and freshness: null when it is not genuine, "ignored" for a
   * genuine message about nothing this server sells (answered 200 so the provider stops sending). */
  verify(headers: IncomingHttpHeaders, raw: Buffer, now: Date): Promise<PaymentEvent | "ignored" | null>;
}

/** A signed callback older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const CALLBACK_WINDOW_MS = 5 * 60_000;

/** Providers by name (payments/index.ts); each reads its own settings from the server's config. */
export type ProviderFactory = (db: Queryable, config: ServerConfig) => Promise<PaymentProvider>;

// The payment-provider interface (docs/payments.md): a provider turns an order into a URL the payer
// opens (shown as a QR code), and later calls this server back, server to server, with a signed
// message saying the order was paid, failed or expired. Only that callback grants anything.
import type { IncomingHttpHeaders } from "node:http";
import type { Queryable } from "../db";

export interface CheckoutOrder {
  readonly o_id: string;
  readonly amountCents: number;
  readonly currencySymbol: string;
  /** what is bought, in the payer's language (e.g. "Membership, 1 month") */
  readonly description: string;
  readonly expiresAt: Date;
  /** this server's origin as the payer's browser sees it */
  readonly origin: string;
}

export type PaymentResult = "paid" | "failed" | "expired";

/** A verified callback: which order, what happened, and the message's one-time nonce. */
export interface PaymentEvent {
  readonly o_id: string;
  readonly result: PaymentResult;
  readonly amountCents: number;
  readonly nonce: string;
}

export interface PaymentProvider {
  /** the name in INKLESS_PAYMENTS and in the callback path (?provider=…) */
  readonly id: string;
  /** Starts a payment; the URL the QR code holds. */
  checkout(order: CheckoutOrder): Promise<{ url: string }>;
  /** Checks a callback's signature and freshness; null when it is not genuine. */
  verify(headers: IncomingHttpHeaders, raw: Buffer, now: Date): Promise<PaymentEvent | null>;
}

/** A signed callback older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const CALLBACK_WINDOW_MS = 5 * 60_000;

/** Providers by name; the sandbox is added by payments/index.ts. */
export type ProviderFactory = (db: Queryable) => Promise<PaymentProvider>;

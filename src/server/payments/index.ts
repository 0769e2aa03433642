// The configured payment provider (INKLESS_PAYMENTS): made once per database, null when payments are off
// (or Stripe is named without its settings).
import type { ServerConfig } from "../config";
import type { Queryable } from "../db";
import type { PaymentProvider, ProviderFactory } from "./provider";
import { SANDBOX, sandboxProvider } from "./sandbox";
import { STRIPE, stripeProvider } from "./stripeProvider";

/** Every provider this server knows (docs/payments.md: add yours here). */
export const PROVIDERS: Readonly<Record<string, ProviderFactory>> = {
  [SANDBOX]: sandboxProvider,
  [STRIPE]: stripeProvider,
};

const made = new WeakMap<Queryable, Map<string, Promise<PaymentProvider>>>();

export function paymentProvider(config: ServerConfig, db: Queryable): Promise<PaymentProvider> | null {
  const factory = config.membership ? PROVIDERS[config.payments] : undefined;
  if (!factory || (config.payments === STRIPE && !config.stripe)) return null;
  const byName = made.get(db) ?? new Map<string, Promise<PaymentProvider>>();
  made.set(db, byName);
  let p = byName.get(config.payments);
  if (!p) {
    p = factory(db, config);
    byName.set(config.payments, p);
    // a provider that failed to start (its SDK missing) is tried again on the next call
    p.catch(() => byName.delete(config.payments));
  }
  return p;
}
